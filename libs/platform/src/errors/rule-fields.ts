import { ValidateBy, type ValidationOptions } from 'class-validator';
import {
  AMOUNT_RULES,
  INPUT_RULE_KEYS,
  isValidAmount,
  isValidEmail,
  isValidPassword,
  isValidUsername,
  type AmountKind,
} from '@dukan/contracts';

// Request fields checked by the rules the app's forms use (contracts' validation.ts), each refusal carrying the
// rule's one message key.

/** A username as isValidUsername reads it (letters, digits, dots, dashes, underscores; at most 50 characters). */
export function IsUsername(validation: ValidationOptions = {}): PropertyDecorator {
  return ValidateBy(
    { name: 'isUsername', validator: { validate: (v: unknown) => typeof v === 'string' && isValidUsername(v) } },
    { message: INPUT_RULE_KEYS.username, ...validation },
  );
}

/** An email address as isValidEmail reads it (`a@b.c` is refused: a top-level domain has two letters or more). */
export function IsEmailAddress(validation: ValidationOptions = {}): PropertyDecorator {
  return ValidateBy(
    { name: 'isEmailAddress', validator: { validate: (v: unknown) => typeof v === 'string' && isValidEmail(v) } },
    { message: INPUT_RULE_KEYS.email, ...validation },
  );
}

/** A new password as isValidPassword reads it (6 to 200 characters). */
export function IsPassword(validation: ValidationOptions = {}): PropertyDecorator {
  return ValidateBy(
    { name: 'isPassword', validator: { validate: (v: unknown) => typeof v === 'string' && isValidPassword(v) } },
    { message: INPUT_RULE_KEYS.password, ...validation },
  );
}

/**
 * An amount of money of a kind (contracts' AMOUNT_RULES: its unit, whether 0 or a negative figure is taken, its
 * largest size; `max` only tightens it), refused with the kind's one message key.
 */
export function IsAmount(kind: AmountKind, options: { max?: number } = {}, validation: ValidationOptions = {}): PropertyDecorator {
  return ValidateBy(
    { name: 'isAmount', validator: { validate: (v: unknown) => isValidAmount(v, kind, options) } },
    { message: AMOUNT_RULES[kind].key, ...validation },
  );
}
