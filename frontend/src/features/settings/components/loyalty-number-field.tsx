import type { ReactNode } from 'react';
import type { LOYALTY_FIELDS } from '../lib/settings-rules.js';

type Kind = (typeof LOYALTY_FIELDS)[keyof typeof LOYALTY_FIELDS];

interface Props {
  /** The value's path in the form ('statusTiers.gold'), which also names its error. */
  path: string;
  label: ReactNode;
  value: string;
  kind: Kind;
  error: string | null;
  onChange: (value: string) => void;
}

/** One number of the loyalty program, with its minimum and step, and its error below it. */
export function LoyaltyNumberField({ path, label, value, kind, error, onChange }: Props) {
  const id = `loyalty-${path.replace(/\./g, '-')}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        type="number"
        name={path}
        id={id}
        inputMode="decimal"
        min={kind.min}
        step={kind.step}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={`loyalty-${path}`}
      />
      {error && (
        <p className="field-error" id={`${id}-error`} data-testid={`error-${path}`}>
          {error}
        </p>
      )}
    </div>
  );
}
