import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { SUCCESS_REDIRECT_MS } from '@dukan/contracts';
import { serverFieldMessages } from '../../app/api.js';

interface ServerFormOptions<F extends string> {
  /**
   * The form's field for a server field path ('address.city' -> 'city'), or nothing for a path it does not show.
   * Without it the server's paths are the form's fields.
   */
  fieldOf?: (path: string) => F | null | undefined;
  /** Where to go SUCCESS_REDIRECT_MS after a success, if anywhere. */
  returnTo?: string;
}

/**
 * What a form that saves to the server shows besides its fields: the refusal above or below the form, the success
 * message (and the way back to a list after it), and the server's field errors mapped to the form's fields.
 * `FormOutcome` shows `formError` and `success`.
 */
export function useServerForm<F extends string = string>({ fieldOf = (path) => path as F, returnTo }: ServerFormOptions<F> = {}) {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    if (!success || returnTo === undefined) return;
    const timer = setTimeout(() => navigate(returnTo), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success, navigate, returnTo]);

  return {
    formError,
    setFormError,
    success,
    setSuccess,
    fieldErrors: (error: unknown) => serverFieldMessages(error, fieldOf),
  };
}
