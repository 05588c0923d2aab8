import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldName } from '../lib/product-form.js';
import type { ProductFormState } from '../hooks/use-product-form.js';

/** A labelled field with its hint, or its error in place of the hint. */
export function Field({
  form,
  name,
  label,
  hint,
  children,
}: {
  form: ProductFormState;
  name: FieldName;
  label: ReactNode;
  hint?: string;
  children: ReactNode;
}) {
  const message = form.err(name);
  return (
    <div className="field" data-testid={`field-${name}`}>
      <label htmlFor={`pf-${name}`}>{label}</label>
      {children}
      {hint && !message && <p className="muted small pf-hint">{hint}</p>}
      {message && (
        <p className="field-error" id={`pf-${name}-error`} data-testid={`error-${name}`}>
          {message}
        </p>
      )}
    </div>
  );
}

interface TextInputOptions {
  inputMode?: 'decimal' | 'numeric';
  dir?: 'ltr' | 'rtl' | 'auto';
  required?: boolean;
  placeholder?: string;
}

/** A one-line text input bound to a field of the form. */
export function TextInput({
  form,
  name,
  inputMode,
  dir,
  required,
  placeholder,
}: { form: ProductFormState; name: FieldName } & TextInputOptions) {
  const invalid = form.err(name);
  return (
    <input
      id={`pf-${name}`}
      name={name}
      type="text"
      value={form.values[name] as string}
      onChange={(e) => form.set(name, e.target.value)}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={invalid ? `pf-${name}-error` : undefined}
      aria-required={required || undefined}
      inputMode={inputMode}
      dir={dir}
      placeholder={placeholder}
      disabled={form.locked}
      autoComplete="off"
      data-testid={`input-${name}`}
    />
  );
}

/** A field's label, marked optional. */
export function Optional({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <>
      {label} <span className="pf-optional">{t('productForm.fields.optional')}</span>
    </>
  );
}
