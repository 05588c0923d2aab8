import { errorText, validationMessages } from '../../../app/api.js';

/** The first field's message of a validation failure, else the server's text, else the screen's fallback. */
export function failureText(error: unknown, fallback: string): string {
  return validationMessages(error)[0] ?? errorText(error, fallback);
}
