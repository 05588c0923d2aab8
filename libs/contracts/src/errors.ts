// Stable error codes, their HTTP status and the JSON body every Dukan error has (ARCHITECTURE §4).
import type { MessageKey } from './messages.js';

export const ERROR_CODES = [
  // 400: bad input
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  // 413
  'PAYLOAD_TOO_LARGE',
  // 401: no, bad or dead token; failed sign-in
  'UNAUTHENTICATED',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'TOKEN_REVOKED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_INACTIVE',
  // 403
  'FORBIDDEN',
  'ADMIN_ONLY',
  'APPROVAL_REQUIRED',
  // 404
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  // 409: conflicts with stored state
  'CONFLICT',
  'DUPLICATE_USERNAME',
  'DUPLICATE_EMAIL',
  'DUPLICATE_SKU',
  'DUPLICATE_BARCODE',
  'CATEGORY_IN_USE',
  'CATEGORY_HAS_CHILDREN',
  'IDEMPOTENCY_IN_PROGRESS',
  'INVALID_TRANSITION',
  // 422: a business rule is broken
  'RULE_VIOLATION',
  'CATEGORY_CYCLE',
  'TOTAL_MISMATCH',
  'EXCHANGE_RATE_CHANGED',
  'IDEMPOTENCY_KEY_REUSED',
  'INSUFFICIENT_POINTS',
  'MINIMUM_POINTS',
  'LOYALTY_DISABLED',
  'LOYALTY_DISCOUNT_NOT_POINTS',
  'CANNOT_DELETE_SELF',
  'LAST_ADMIN',
  'PRINTER_UNAVAILABLE',
  'SHIFT_REQUIRED',
  'CREDIT_LIMIT',
  // 429
  'RATE_LIMITED',
  // 503
  'SERVICE_UNAVAILABLE',
  // 500
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = Object.freeze({
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNAUTHENTICATED: 401,
  TOKEN_INVALID: 401,
  TOKEN_EXPIRED: 401,
  TOKEN_REVOKED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_INACTIVE: 401,
  FORBIDDEN: 403,
  ADMIN_ONLY: 403,
  APPROVAL_REQUIRED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  DUPLICATE_USERNAME: 409,
  DUPLICATE_EMAIL: 409,
  DUPLICATE_SKU: 409,
  DUPLICATE_BARCODE: 409,
  CATEGORY_IN_USE: 409,
  CATEGORY_HAS_CHILDREN: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  INVALID_TRANSITION: 409,
  RULE_VIOLATION: 422,
  CATEGORY_CYCLE: 422,
  TOTAL_MISMATCH: 422,
  EXCHANGE_RATE_CHANGED: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  INSUFFICIENT_POINTS: 422,
  MINIMUM_POINTS: 422,
  LOYALTY_DISABLED: 422,
  LOYALTY_DISCOUNT_NOT_POINTS: 422,
  CANNOT_DELETE_SELF: 422,
  LAST_ADMIN: 422,
  PRINTER_UNAVAILABLE: 422,
  SHIFT_REQUIRED: 422,
  CREDIT_LIMIT: 422,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
});

/** The message key (see messages.ts) used when an error is raised without a more specific text. */
export const ERROR_MESSAGE_KEYS: Readonly<Record<ErrorCode, MessageKey>> = Object.freeze({
  VALIDATION_FAILED: 'validation.failed',
  BAD_REQUEST: 'errors.badRequest',
  PAYLOAD_TOO_LARGE: 'errors.payloadTooLarge',
  UNAUTHENTICATED: 'auth.required',
  TOKEN_INVALID: 'auth.tokenInvalid',
  TOKEN_EXPIRED: 'auth.tokenExpired',
  TOKEN_REVOKED: 'auth.tokenRevoked',
  INVALID_CREDENTIALS: 'auth.invalidCredentials',
  ACCOUNT_INACTIVE: 'auth.accountInactive',
  FORBIDDEN: 'auth.forbidden',
  ADMIN_ONLY: 'auth.adminOnly',
  APPROVAL_REQUIRED: 'shifts.approvalRequired',
  NOT_FOUND: 'errors.notFoundGeneric',
  ROUTE_NOT_FOUND: 'errors.routeNotFound',
  CONFLICT: 'errors.conflict',
  DUPLICATE_USERNAME: 'users.duplicateUsername',
  DUPLICATE_EMAIL: 'users.duplicateEmail',
  DUPLICATE_SKU: 'products.duplicateSku',
  DUPLICATE_BARCODE: 'products.duplicateBarcode',
  CATEGORY_IN_USE: 'categories.inUse',
  CATEGORY_HAS_CHILDREN: 'categories.hasChildren',
  IDEMPOTENCY_IN_PROGRESS: 'sales.idempotencyInProgress',
  INVALID_TRANSITION: 'errors.invalidTransition',
  RULE_VIOLATION: 'errors.ruleViolation',
  CATEGORY_CYCLE: 'categories.cycle',
  TOTAL_MISMATCH: 'sales.totalMismatch',
  EXCHANGE_RATE_CHANGED: 'sales.exchangeRateChanged',
  IDEMPOTENCY_KEY_REUSED: 'sales.idempotencyReused',
  INSUFFICIENT_POINTS: 'loyalty.insufficientPointsError',
  MINIMUM_POINTS: 'loyalty.minimumPointsError',
  LOYALTY_DISABLED: 'loyalty.disabled',
  LOYALTY_DISCOUNT_NOT_POINTS: 'loyalty.discountNotPoints',
  CANNOT_DELETE_SELF: 'users.cannotDeleteSelf',
  LAST_ADMIN: 'users.lastAdmin',
  PRINTER_UNAVAILABLE: 'print.printerUnreachable',
  SHIFT_REQUIRED: 'shifts.required',
  CREDIT_LIMIT: 'accounts.creditLimitExceeded',
  RATE_LIMITED: 'errors.rateLimited',
  SERVICE_UNAVAILABLE: 'errors.serviceUnavailable',
  INTERNAL: 'errors.internal',
});

/** One field's refusal in a validation failure, as clients written to the spec read it. */
export interface FieldError {
  message: string;
}

export interface ErrorBody {
  success: false;
  /** Human text in the caller's language; the same as `message` (clients read one or the other). */
  error: string;
  message: string;
  code: ErrorCode;
  /** Validation failures: field path -> { message: human text }, first failure first. */
  errors?: Record<string, FieldError>;
  /** Validation failures: field path -> message key, so a client can show its own wording. */
  errorKeys?: Record<string, MessageKey>;
  /** With RATE_LIMITED (and the Retry-After header). */
  retryAfterSeconds?: number;
  /** With CONFLICT over a value another record holds (a customer's phone): that record, so a client can link to it. */
  existing?: ExistingRecord;
  correlationId?: string;
}

/** The record already holding a value that must be unique: its id and a name to show. */
export interface ExistingRecord {
  id: string;
  name: string;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Builds an ErrorBody; `error` and `message` always carry the same text. */
export function errorBody(
  code: ErrorCode,
  message: string,
  extra: Pick<ErrorBody, 'errors' | 'errorKeys' | 'retryAfterSeconds' | 'correlationId'> = {},
): ErrorBody {
  const body: ErrorBody = { success: false, error: message, message, code };
  if (extra.errors !== undefined) body.errors = extra.errors;
  if (extra.errorKeys !== undefined) body.errorKeys = extra.errorKeys;
  if (extra.retryAfterSeconds !== undefined) body.retryAfterSeconds = extra.retryAfterSeconds;
  if (extra.correlationId !== undefined) body.correlationId = extra.correlationId;
  return body;
}
