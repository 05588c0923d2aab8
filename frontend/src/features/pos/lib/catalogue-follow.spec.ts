import { describe, expect, it, vi } from 'vitest';
import type { TillDeltaDto, TillProductDto } from '@dukan/contracts';
import { tillProduct } from '../../../test/fixtures.js';
import { followCatalogue, isUnreachable } from './catalogue-follow.js';
import { forgetRevisions } from './catalogue-sync.js';

const tea = (price: number) => tillProduct({ _id: 't', sku: 'TEA', name: { en: 'Tea', ku: 'چا' }, price });

/** An open till's cache entry, recording what the follower did to it. */
function entry(list: TillProductDto[]) {
  let removed!: () => void;
  const actions: { type: string; payload?: unknown }[] = [];
  const state = { data: list };
  return {
    state,
    actions,
    close: () => removed(),
    cacheDataLoaded: Promise.resolve(),
    cacheEntryRemoved: new Promise<void>((r) => (removed = r)),
    getCacheEntry: () => state,
    updateCachedData: (recipe: () => TillProductDto[]) => void (state.data = recipe()),
    dispatch: (a: { type: string; payload?: unknown }) => void actions.push(a),
  };
}

describe('an open till follows the catalogue', () => {
  it('takes a price changed elsewhere, says when the server is unreachable and when it is back', async () => {
    forgetRevisions();
    const answers: { data?: TillDeltaDto; error?: unknown }[] = [
      { data: { revision: '3', full: false, products: [tea(2.5)], deleted: [] } },
      { error: { status: 'FETCH_ERROR' } },
      { data: { revision: '3', full: false, products: [], deleted: [] } },
    ];
    const e = entry([tea(1)]);
    const following = followCatalogue(
      () => 'b1',
      e,
      async () => answers.shift() ?? { data: { revision: '3', full: false, products: [], deleted: [] } },
      { everyMs: 5 },
    );
    await vi.waitFor(() => expect(answers).toHaveLength(0));
    e.close();
    await following;
    expect(e.state.data[0]!.price).toBe(2.5);
    const seen = e.actions.map((a) => `${a.type}:${JSON.stringify(a.payload)}`);
    expect(seen.slice(0, 4)).toEqual(['till/connection:true', 'till/refreshed:["t"]', 'till/connection:false', 'till/connection:true']);
  });

  it.each([
    [{ status: 'FETCH_ERROR' }, true],
    [{ status: 'TIMEOUT_ERROR' }, true],
    [{ status: 503 }, true],
    [{ status: 502 }, true],
    [{ status: 401 }, false],
    [{ status: 400 }, false],
    [null, false],
  ])('%j means offline: %s', (error, offline) => {
    expect(isUnreachable(error)).toBe(offline);
  });
});

describe('an open till told of changes by the push stream', () => {
  it('asks for nothing while the stream is held and nothing changes, takes a pushed price at once, and polls again when the stream is lost', async () => {
    forgetRevisions();
    let asked = 0;
    let price = 1;
    let handlers!: Parameters<NonNullable<Parameters<typeof followCatalogue>[3]>['push'] & object>[0];
    const e = entry([tea(1)]);
    const following = followCatalogue(
      () => 'b1',
      e,
      async () => {
        asked += 1;
        return { data: { revision: String(asked), full: false, products: price === 1 ? [] : [tea(price)], deleted: [] } };
      },
      { everyMs: 20, push: (h) => ((handlers = h), () => undefined) },
    );
    await vi.waitFor(() => expect(handlers).toBeDefined());
    const polled = asked;
    handlers.held(true);
    await vi.waitFor(() => expect(asked).toBe(polled + 1)); // once, for what changed while the stream opened
    await new Promise((r) => setTimeout(r, 150)); // seven polls' time: the held stream asks for nothing
    expect(asked).toBe(polled + 1);
    price = 2.75;
    handlers.notice({ topics: ['catalogue'], branches: null, products: ['t'] });
    await vi.waitFor(() => expect(e.state.data[0]!.price).toBe(2.75));
    expect(asked).toBe(polled + 2);
    handlers.notice({ topics: ['stock'], branches: ['another-branch'] }); // another branch's sale: not this till's
    await new Promise((r) => setTimeout(r, 60));
    expect(asked).toBe(polled + 2);
    handlers.held(false);
    await vi.waitFor(() => expect(asked).toBeGreaterThanOrEqual(polled + 4)); // polling again
    e.close();
    await following;
  });
});
