import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { ValidateBy, type ValidationOptions } from 'class-validator';
import { isDayOrDateTime, isMessageKey, type MessageKey } from '@dukan/contracts';
import { DomainError, type FieldMessage } from './domain-error.js';
import { cacheValidationLookups } from './validation-lookups.js';

/** Message keys for class-validator's constraints when a DTO does not name its own. */
const CONSTRAINT_KEYS: Record<string, MessageKey> = {
  whitelistValidation: 'validation.unknownField',
  isNotEmpty: 'validation.required',
  isDefined: 'validation.required',
  isString: 'validation.invalidType',
  isBoolean: 'validation.invalidType',
  isObject: 'validation.invalidType',
  isArray: 'validation.invalidType',
  nestedValidation: 'validation.invalidType',
  isNumber: 'validation.invalidNumber',
  isInt: 'validation.integer',
  min: 'validation.min',
  max: 'validation.max',
  maxLength: 'validation.tooLong',
  arrayMaxSize: 'validation.tooLong',
  isEmail: 'validation.invalidEmail',
  isUUID: 'validation.invalidId',
  isIn: 'validation.invalidValue',
  isEnum: 'validation.invalidValue',
  matches: 'validation.invalidValue',
  isDateString: 'validation.invalidValue',
  isISO8601: 'validation.invalidValue',
};

const PARAM_NAMES: Record<string, string> = { min: 'min', max: 'max', maxLength: 'max', arrayMaxSize: 'max' };

function fieldError(constraint: string, message: string): FieldMessage {
  // A DTO or a rule may name any key of the catalogue ('validation.requiredCategory', 'products.packUnitsInvalid'):
  // the refusal then carries exactly that key, whatever its module.
  if (isMessageKey(message)) return { key: message };
  const key = CONSTRAINT_KEYS[constraint] ?? 'validation.invalidValue';
  const paramName = PARAM_NAMES[constraint];
  const number = message.match(/(-?\d+(?:\.\d+)?)(?!.*\d)/)?.[1];
  return paramName && number ? { key, params: { [paramName]: number } } : { key };
}

function flatten(errors: ValidationError[], prefix = ''): Record<string, FieldMessage> {
  const out: Record<string, FieldMessage> = {};
  for (const e of errors) {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    const constraints = Object.entries(e.constraints ?? {});
    // The most telling constraint first: presence, then type, then range.
    const order = ['whitelistValidation', 'isNotEmpty', 'isDefined'];
    constraints.sort(([a], [b]) => (order.includes(b) ? 1 : 0) - (order.includes(a) ? 1 : 0));
    const first = constraints[0];
    if (first) out[path] = fieldError(first[0], first[1]);
    if (e.children?.length) Object.assign(out, flatten(e.children, path));
  }
  return out;
}

/** A message key (with its parameters) per field path, as the validation pipe answers: for DTOs validated by hand (an import's rows). */
export function fieldErrorsOf(errors: ValidationError[]): Record<string, FieldMessage> {
  return flatten(errors);
}

/** The options every request body is validated with (and an import's rows, the same way). */
export const VALIDATION_OPTIONS = { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true } as const;

/** whitelist + forbidNonWhitelisted: nobody sets `role`, `price` or `loyaltyPoints` by adding a field. */
export function createValidationPipe(): ValidationPipe {
  cacheValidationLookups();
  return new ValidationPipe({
    ...VALIDATION_OPTIONS,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const fields = flatten(errors);
      return new DomainError('VALIDATION_FAILED', 'validation.failed', {}, fields);
    },
  });
}

/**
 * A date field: a day (yyyy-MM-dd) or an ISO 8601 date-time (a serialised Date), which the service reads as its
 * day in the shop's time zone (contracts' dayInTimeZone).
 */
export function IsDayOrDateTime(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isDayOrDateTime', validator: { validate: (v) => isDayOrDateTime(v) } },
    { message: 'validation.invalidDate', ...options },
  );
}
