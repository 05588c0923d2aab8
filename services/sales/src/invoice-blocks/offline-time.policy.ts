// When a sale the till made offline is recorded: at the time the till says it was made, if that time is possible.

/** Clocks of a till and of the server may disagree by this much either way. */
export const CLOCK_SKEW_MS = 5 * 60_000;

export type OfflineTime =
  | { ok: true; at: Date }
  | { ok: false; reason: 'invalid' | 'future' | 'beforeBlock' };

/**
 * A sale numbered from a reserved block was made after the block was reserved and before it arrived here; a
 * time outside that window (give or take the clock skew) is a till's clock gone wrong, never a sale.
 */
export function offlineSaleTime(createdAt: string, blockReservedAt: Date, now: Date): OfflineTime {
  const at = new Date(createdAt);
  if (Number.isNaN(at.getTime())) return { ok: false, reason: 'invalid' };
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) return { ok: false, reason: 'future' };
  if (at.getTime() < blockReservedAt.getTime() - CLOCK_SKEW_MS) return { ok: false, reason: 'beforeBlock' };
  return { ok: true, at };
}
