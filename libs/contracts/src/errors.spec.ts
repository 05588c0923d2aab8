import { ERROR_CODES, ERROR_MESSAGE_KEYS, ERROR_STATUS, errorBody, isErrorCode } from './errors.js';
import { SERVER_MESSAGES } from './messages.js';

const EXPECTED_STATUS: Record<number, string[]> = {
  400: ['VALIDATION_FAILED', 'BAD_REQUEST'],
  413: ['PAYLOAD_TOO_LARGE'],
  401: ['UNAUTHENTICATED', 'TOKEN_INVALID', 'TOKEN_EXPIRED', 'TOKEN_REVOKED', 'INVALID_CREDENTIALS', 'ACCOUNT_INACTIVE'],
  403: ['FORBIDDEN', 'ADMIN_ONLY', 'APPROVAL_REQUIRED'],
  404: ['NOT_FOUND', 'ROUTE_NOT_FOUND'],
  409: [
    'CONFLICT',
    'DUPLICATE_USERNAME',
    'DUPLICATE_EMAIL',
    'DUPLICATE_SKU',
    'DUPLICATE_BARCODE',
    'CATEGORY_IN_USE',
    'CATEGORY_HAS_CHILDREN',
    'IDEMPOTENCY_IN_PROGRESS',
    'INVALID_TRANSITION',
  ],
  422: [
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
  ],
  429: ['RATE_LIMITED'],
  503: ['SERVICE_UNAVAILABLE'],
  500: ['INTERNAL'],
};

describe('error codes', () => {
  it('has each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it.each(Object.entries(EXPECTED_STATUS).flatMap(([status, codes]) => codes.map((code) => [code, Number(status)] as const)))(
    '%s answers %i',
    (code, status) => {
      expect(isErrorCode(code)).toBe(true);
      expect(ERROR_STATUS[code as (typeof ERROR_CODES)[number]]).toBe(status);
    },
  );

  it('gives every code a status (no code left out of the list above)', () => {
    expect(ERROR_CODES.filter((c) => !Object.values(EXPECTED_STATUS).flat().includes(c))).toEqual([]);
  });

  it('gives every code a default message that exists in English and Kurdish', () => {
    for (const code of ERROR_CODES) {
      const key = ERROR_MESSAGE_KEYS[code];
      expect({ code, en: key in SERVER_MESSAGES.en, ku: key in SERVER_MESSAGES.ku }).toEqual({ code, en: true, ku: true });
    }
  });

  it('rejects unknown codes', () => {
    expect(isErrorCode('TEAPOT')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});

describe('errorBody', () => {
  it('carries the same text as error and message, and only the extras given', () => {
    expect(errorBody('NOT_FOUND', 'Product not found')).toEqual({
      success: false,
      error: 'Product not found',
      message: 'Product not found',
      code: 'NOT_FOUND',
    });
    const body = errorBody('VALIDATION_FAILED', 'Validation error', {
      errors: { price: { message: 'Please enter a valid number' } },
      errorKeys: { price: 'validation.invalidNumber' },
      correlationId: 'c-1',
    });
    expect(body.errors).toEqual({ price: { message: 'Please enter a valid number' } });
    expect(body.errorKeys).toEqual({ price: 'validation.invalidNumber' });
    expect(body.correlationId).toBe('c-1');
    expect('retryAfterSeconds' in body).toBe(false);
    expect(JSON.parse(JSON.stringify(errorBody('RATE_LIMITED', 'Slow down', { retryAfterSeconds: 30 })))).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 30,
    });
  });
});
