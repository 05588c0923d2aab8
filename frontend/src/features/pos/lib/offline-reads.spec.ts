import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { offlineRead } from './offline-reads.js';
import { closeTillDb, tillDb } from './till-db.js';

const unwrap = (res: unknown) => (res as { data: number }).data;

beforeEach(async () => {
  await closeTillDb();
  globalThis.indexedDB = new IDBFactory();
});

async function settle() {
  // The answer is written after it is returned; a read-only transaction queued behind it sees it.
  await (await tillDb()).get('reads', 'nothing');
}

describe('reads kept for a till opened with the server away', () => {
  it('gives back the last answer when the server cannot be reached, and only then', async () => {
    expect(await offlineRead('rate', () => ({ data: { data: 1500 } }), unwrap)).toEqual({ data: 1500 });
    await settle();
    await closeTillDb();
    expect(await offlineRead('rate', () => ({ error: { status: 'FETCH_ERROR' } }), unwrap)).toEqual({ data: 1500 });
    expect(await offlineRead('rate', () => ({ error: { status: 503 } }), unwrap)).toEqual({ data: 1500 });
    // A refusal is the screen's to show, not hidden behind an old answer.
    expect(await offlineRead('rate', () => ({ error: { status: 403 } }), unwrap)).toEqual({ error: { status: 403 } });
  });

  it('fails as before when nothing was kept', async () => {
    expect(await offlineRead('rate', () => Promise.resolve({ error: { status: 'FETCH_ERROR' } }), unwrap)).toEqual({
      error: { status: 'FETCH_ERROR' },
    });
  });
});
