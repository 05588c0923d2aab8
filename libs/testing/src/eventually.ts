/**
 * Waits until `probe` answers something truthy (what events or another process bring a moment later), and
 * answers it; throws after `timeoutMs`.
 */
export async function eventually<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
