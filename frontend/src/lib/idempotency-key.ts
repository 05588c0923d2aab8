/** A new Idempotency-Key; crypto.randomUUID is missing on plain-http pages outside localhost. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now()}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Whether the server refused a keyed request outright (bad data, no permission), so nothing was stored and the
 * corrected request takes a fresh Idempotency-Key. Any doubt (no answer, a time-out, a conflict, a busy or failing
 * server: not a 4xx, or 408, 409, 429) keeps the key.
 * `keyReused` is what IDEMPOTENCY_KEY_REUSED (the key already went with other data) means to the caller: the till
 * keeps its key ('in-doubt': the sale first sent under it may be stored); a refund, whose amount the user may
 * change and send again, takes a new one ('refused').
 */
export function isDefinitiveRefusal(err: unknown, keyReused: 'in-doubt' | 'refused' = 'in-doubt'): boolean {
  const { status, data } = (err && typeof err === 'object' ? err : {}) as { status?: unknown; data?: { code?: unknown } };
  if (typeof status !== 'number' || status < 400 || status >= 500) return false;
  if (status === 408 || status === 409 || status === 429) return false;
  return keyReused === 'refused' || data?.code !== 'IDEMPOTENCY_KEY_REUSED';
}
