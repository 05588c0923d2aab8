import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TillDeltaDto, TillProductDto } from '@dukan/contracts';
import { tillProduct } from '../../../test/fixtures.js';
import { catalogueKept, catchUp, forgetRevisions, heldRevision, openCatalogue, openedFromKept } from './catalogue-sync.js';
import { closeTillDb } from './till-db.js';

const p = (id: string, en: string, price = 1) => tillProduct({ _id: id, sku: id, name: { en, ku: '' }, price });

/** A catalog server: its products at a revision, answering deltas as the real one does (whole list for 0). */
function server(initial: TillProductDto[]) {
  let revision = 5;
  const products = new Map(initial.map((x) => [x._id, { product: x, rev: revision }]));
  const gone = new Map<string, number>();
  const calls: string[] = [];
  let reachable = true;
  return {
    calls,
    set reachable(v: boolean) {
      reachable = v;
    },
    change(x: TillProductDto) {
      revision += 1;
      products.set(x._id, { product: x, rev: revision });
    },
    remove(id: string) {
      revision += 1;
      products.delete(id);
      gone.set(id, revision);
    },
    fetch: async (since: string): Promise<{ data?: TillDeltaDto; error?: { status: string } }> => {
      calls.push(since);
      if (!reachable) return { error: { status: 'FETCH_ERROR' } };
      const from = Number(since);
      if (from === 0)
        return { data: { revision: String(revision), full: true, products: [...products.values()].map((e) => e.product), deleted: [] } };
      return {
        data: {
          revision: String(revision),
          full: false,
          products: [...products.values()].filter((e) => e.rev > from).map((e) => e.product),
          deleted: [...gone].filter(([, rev]) => rev > from).map(([id]) => id),
        },
      };
    },
  };
}

/** A new tab: the kept data stays (written once the till was idle), what the tab held in memory goes. */
async function newTab() {
  await catalogueKept();
  await closeTillDb();
  forgetRevisions();
}

beforeEach(async () => {
  await newTab();
  globalThis.indexedDB = new IDBFactory();
});

describe('the catalogue kept in the browser', () => {
  it('downloads the whole list on the first open ever, then reopens from the browser without asking the server', async () => {
    const shop = server([p('t', 'Tea'), p('a', 'Apple')]);
    const first = await openCatalogue('b1', shop.fetch);
    expect(first.data?.map((x) => x.name.en)).toEqual(['Apple', 'Tea']);
    expect(shop.calls).toEqual(['0']);
    expect(openedFromKept('b1')).toBe(false);

    await newTab();
    shop.reachable = false;
    const again = await openCatalogue('b1', shop.fetch);
    expect(again.data?.map((x) => x.name.en)).toEqual(['Apple', 'Tea']);
    expect(shop.calls).toEqual(['0']);
    expect(openedFromKept('b1')).toBe(true);
    expect(heldRevision('b1')).toBe('5');
  });

  it('brings a reopened till up to date with the delta since the revision it kept, and keeps the result', async () => {
    const shop = server([p('t', 'Tea'), p('a', 'Apple'), p('c', 'Cola')]);
    await openCatalogue('b1', shop.fetch);
    shop.change(p('t', 'Tea', 4.5));
    shop.remove('c');
    shop.change(p('m', 'Milk'));

    await newTab();
    const opened = await openCatalogue('b1', shop.fetch);
    const step = await catchUp('b1', opened.data!, shop.fetch);
    expect(shop.calls).toEqual(['0', '5']);
    expect(step.kind).toBe('changed');
    const list = step.kind === 'changed' ? step.list : [];
    expect(list.map((x) => [x.name.en, x.price])).toEqual([
      ['Apple', 1],
      ['Milk', 1],
      ['Tea', 4.5],
    ]);

    await newTab();
    const kept = await openCatalogue('b1', shop.fetch);
    expect(kept.data?.map((x) => [x.name.en, x.price])).toEqual([
      ['Apple', 1],
      ['Milk', 1],
      ['Tea', 4.5],
    ]);
    expect(heldRevision('b1')).toBe('8');
  });

  it('takes an answer as its text, keeps a whole one as it came, and refuses a body that is not JSON', async () => {
    const shop = server([p('t', 'Tea'), p('a', 'Apple')]);
    const asText = async (since: string) => {
      const res = await shop.fetch(since);
      return res.error ? res : { data: JSON.stringify(res.data) };
    };
    const first = await openCatalogue('b1', asText);
    expect(first.data?.map((x) => x.name.en)).toEqual(['Apple', 'Tea']);
    await newTab();
    const again = await openCatalogue('b1', asText);
    expect(again.data?.map((x) => x.name.en)).toEqual(['Apple', 'Tea']);
    expect(shop.calls).toEqual(['0']);

    await newTab();
    globalThis.indexedDB = new IDBFactory();
    const refused = await openCatalogue('b1', async () => ({ data: '<html>proxy</html>' }));
    expect(refused.error).toMatchObject({ status: 'PARSING_ERROR' });
  });

  it('says nothing changed when nothing did, and unreachable when the server is', async () => {
    const shop = server([p('t', 'Tea')]);
    const { data } = await openCatalogue('b1', shop.fetch);
    expect((await catchUp('b1', data!, shop.fetch)).kind).toBe('unchanged');
    shop.reachable = false;
    expect(await catchUp('b1', data!, shop.fetch)).toEqual({ kind: 'unreachable', error: { status: 'FETCH_ERROR' } });
  });

  it('keeps each branch apart: another branch starts from the whole list', async () => {
    const shop = server([p('t', 'Tea')]);
    await openCatalogue('b1', shop.fetch);
    await newTab();
    await openCatalogue('b2', shop.fetch);
    expect(shop.calls).toEqual(['0', '0']);
  });

  it('cannot open for the first time with the server unreachable', async () => {
    const shop = server([p('t', 'Tea')]);
    shop.reachable = false;
    expect(await openCatalogue('b1', shop.fetch)).toEqual({ error: { status: 'FETCH_ERROR' } });
  });

  it('still opens in a browser without IndexedDB, from the server', async () => {
    const shop = server([p('t', 'Tea')]);
    // @ts-expect-error a browser that has none
    delete globalThis.indexedDB;
    await newTab();
    expect((await openCatalogue('b1', shop.fetch)).data?.map((x) => x.name.en)).toEqual(['Tea']);
  });
});
