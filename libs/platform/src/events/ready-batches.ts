// Batches of what a message source has already delivered, without waiting for more.

const IDLE = Symbol('idle');

/**
 * Groups what an async iterable has already delivered into batches of up to `max`, never waiting to fill
 * one: a lone message is a batch of one; a backlog comes out `max` at a time.
 */
export async function* readyBatches<T>(source: AsyncIterable<T>, max: number): AsyncGenerator<T[]> {
  const it = source[Symbol.asyncIterator]();
  let next = it.next();
  for (;;) {
    const first = await next;
    if (first.done) return;
    const batch = [first.value];
    next = it.next();
    while (batch.length < max) {
      // What is already queued resolves within microtasks, before the next turn of the event loop.
      const r = await Promise.race([next, new Promise<typeof IDLE>((resolve) => setImmediate(resolve, IDLE))]);
      if (r === IDLE) break;
      if (r.done) {
        yield batch;
        return;
      }
      batch.push(r.value);
      next = it.next();
    }
    yield batch;
  }
}
