/** One Idempotency-Key per pending sale. */
export { newIdempotencyKey as newSaleKey } from '../../../lib/idempotency-key.js';

/**
 * Refused outright (bad data, no permission): nothing was stored, so the corrected sale gets a fresh key.
 * Any doubt (network, time-out, server trouble, still running, key already used) keeps the key.
 */
export function isDefinitiveRefusal(err: unknown): boolean {
  const { status, data } = (err ?? {}) as { status?: unknown; data?: { code?: string } };
  if (typeof status !== 'number' || status < 400 || status >= 500) return false;
  if (status === 408 || status === 409 || status === 429) return false;
  return data?.code !== 'IDEMPOTENCY_KEY_REUSED';
}
