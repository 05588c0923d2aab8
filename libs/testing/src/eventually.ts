export interface EventuallyOptions {
  timeoutMs?: number;
  everyMs?: number;
  /** What is awaited, named in the error when time runs out. */
  what?: string;
  /** A probe that throws is tried again (its last error named if time runs out) instead of failing at once. */
  retryOnError?: boolean;
}

/**
 * Waits until `probe` answers something truthy (what events or another process bring a moment later), and
 * answers it; throws after `timeoutMs` (30 s unless told; the second argument is the timeout or the options).
 */
export async function eventually<T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutOrOptions: number | EventuallyOptions = {},
  everyMs = 100,
): Promise<T> {
  const o = typeof timeoutOrOptions === 'number' ? { timeoutMs: timeoutOrOptions, everyMs } : timeoutOrOptions;
  const until = Date.now() + (o.timeoutMs ?? 30_000);
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (e) {
      if (!o.retryOnError) throw e;
      last = e;
    }
    if (Date.now() > until) {
      throw new Error(`${o.what ? `Timed out waiting for ${o.what}` : 'condition not reached in time'}${last ? `: ${String(last)}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, o.everyMs ?? everyMs));
  }
}
