/** One expense a bulk action could not change, and the server's reason in the user's language. */
export interface BulkFailure {
  id: string;
  reason: string;
}

export interface BulkOutcome {
  done: string[];
  failed: BulkFailure[];
}

/**
 * Runs `act` on every id, a few at a time, and reports each one that failed with its reason; one refusal (an
 * expense someone else approved a moment ago, one's own expense) does not stop the others.
 */
export async function runBulk(
  ids: readonly string[],
  act: (id: string) => Promise<unknown>,
  reasonOf: (error: unknown) => string,
  onProgress: (finished: number) => void = () => undefined,
  concurrency = 4,
): Promise<BulkOutcome> {
  const done: string[] = [];
  const failed: BulkFailure[] = [];
  let next = 0;
  let finished = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      try {
        await act(id);
        done.push(id);
      } catch (error) {
        failed.push({ id, reason: reasonOf(error) });
      }
      onProgress(++finished);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
  // Reported in the order the user saw them.
  const order = new Map(ids.map((id, i) => [id, i]));
  done.sort((a, b) => order.get(a)! - order.get(b)!);
  failed.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { done, failed };
}
