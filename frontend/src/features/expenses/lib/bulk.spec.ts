import { describe, expect, it } from 'vitest';
import { runBulk } from './bulk.js';
import { shownRange } from './filters.js';

describe('bulk actions', () => {
  it('acts on every id and reports each failure with its reason, in the order given', async () => {
    const seen: string[] = [];
    const progress: number[] = [];
    const outcome = await runBulk(
      ['a', 'b', 'c', 'd', 'e'],
      async (id) => {
        seen.push(id);
        await new Promise((r) => setTimeout(r, id === 'a' ? 20 : 1));
        if (id === 'b' || id === 'e') throw new Error(`${id} is already approved`);
      },
      (err) => (err as Error).message,
      (n) => progress.push(n),
      2,
    );
    expect(seen.sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(outcome).toEqual({
      done: ['a', 'c', 'd'],
      failed: [
        { id: 'b', reason: 'b is already approved' },
        { id: 'e', reason: 'e is already approved' },
      ],
    });
    expect(progress).toEqual([1, 2, 3, 4, 5]);
  });

  it('does nothing for nothing', async () => {
    expect(await runBulk([], async () => undefined, String)).toEqual({ done: [], failed: [] });
  });
});

describe("'Showing X to Y of Z expenses'", () => {
  it.each([
    [1, 20, 45, { from: 1, to: 20 }],
    [3, 20, 45, { from: 41, to: 45 }],
    [1, 20, 0, { from: 0, to: 0 }],
  ])('page %i of %i a page, %i in all', (page, limit, total, range) => {
    expect(shownRange(page, limit, total)).toEqual(range);
  });
});
