import { describe, expect, it } from 'vitest';
import { isDefinitiveRefusal } from './idempotency-key.js';

const answer = (status: unknown, code?: string) => ({ status, data: code ? { code, message: 'x' } : undefined });

describe('isDefinitiveRefusal', () => {
  it.each([
    ['bad data', answer(400, 'VALIDATION_FAILED'), true, true],
    ['no permission', answer(403, 'FORBIDDEN'), true, true],
    ['a rule broken', answer(422, 'INSUFFICIENT_STOCK'), true, true],
    ['the key already went with other data', answer(422, 'IDEMPOTENCY_KEY_REUSED'), false, true],
    ['a time-out', answer(408), false, false],
    ['still running under the key', answer(409, 'IDEMPOTENCY_IN_PROGRESS'), false, false],
    ['throttled', answer(429), false, false],
    ['a failing server', answer(500), false, false],
    ['no answer', answer('FETCH_ERROR'), false, false],
    ['nothing at all', undefined, false, false],
  ])('%s: the till %s, a refund %s', (_what, err, tillRenews, refundRenews) => {
    expect(isDefinitiveRefusal(err)).toBe(tillRenews);
    expect(isDefinitiveRefusal(err, 'refused')).toBe(refundRenews);
  });
});
