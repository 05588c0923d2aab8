import { ValidateBy, type ValidationOptions } from 'class-validator';
import { INPUT_RULE_KEYS, isValidPhone, parsePhone } from '@dukan/contracts';

/**
 * A phone field's transform: the text trimmed and, when it reads as a phone ('0750 123 4567', '+964 750-123-4567',
 * Eastern Arabic digits), its canonical form (E.164); anything else is left for IsPhone to refuse. A blank optional
 * phone becomes null.
 */
export function toPhone({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return parsePhone(text) ?? text;
}

export function toPhoneOrNull({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && !value.trim() ? null : toPhone({ value });
}

/** A phone as parsePhone reads it ('validation.invalidPhone' otherwise); `blank` also lets '' through (a phone removed). */
export function IsPhone(options: { blank?: boolean } = {}, validation: ValidationOptions = {}): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPhone',
      validator: { validate: (v: unknown) => typeof v === 'string' && ((options.blank === true && v === '') || isValidPhone(v)) },
    },
    { message: INPUT_RULE_KEYS.phone, ...validation },
  );
}
