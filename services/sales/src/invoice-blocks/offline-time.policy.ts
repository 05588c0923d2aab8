// When a sale the till made offline is recorded: at the time the till says it was made, kept within what is possible.

/** Clocks of a till and of the server may disagree by this much either way. */
export const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * A sale numbered from a reserved block was made after the block was reserved and before it arrived here. A time
 * outside that window (give or take the clock skew) is a till's clock gone wrong, not a reason to lose the sale: it is
 * recorded at the nearest possible time. Null: not a time at all.
 */
export function offlineSaleTime(madeAt: string, blockReservedAt: Date, now: Date): Date | null {
  const at = new Date(madeAt).getTime();
  if (Number.isNaN(at)) return null;
  return new Date(Math.min(Math.max(at, blockReservedAt.getTime() - CLOCK_SKEW_MS), now.getTime() + CLOCK_SKEW_MS));
}
