import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FieldProps {
  /** The form field's name: the input's id is `expense-<name>`, its error `error-<name>`. */
  name: string;
  label: string;
  error?: string;
  optional?: boolean;
  hint?: string;
  children: ReactNode;
}

/** A label, the input, a hint and the field's error under it ('This field is required'). */
export function Field({ name, label, error, optional, hint, children }: FieldProps) {
  const { t } = useTranslation();
  return (
    <div className={`field${error ? ' invalid' : ''}`}>
      <label htmlFor={`expense-${name}`}>
        {label} {optional && <span className="ef-optional">{t('expenses.form.optional')}</span>}
      </label>
      {children}
      {hint && !error && <p className="muted small">{hint}</p>}
      {error && (
        <p className="field-error" id={`error-${name}`} data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The attributes every input of the form shares: id, test id, and the error it is described by. */
export function inputProps(name: string, error: string | undefined, disabled: boolean) {
  return {
    id: `expense-${name}`,
    name,
    'data-testid': `expense-${name}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `error-${name}` : undefined,
    disabled,
  } as const;
}
