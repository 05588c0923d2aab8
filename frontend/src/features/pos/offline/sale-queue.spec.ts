import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SaleRequest } from '@dukan/contracts';
import { closeTillDb, tillDb } from '../lib/till-db.js';
import { keepBlock, numbersLeft, takeNumber } from './invoice-numbers.js';
import { enqueue, listQueue, resolveRefused, sendQueue, type SendOutcome } from './sale-queue.js';
import type { QueuedSale } from './queued-sale.js';

const body = (total: number) => ({ total }) as unknown as SaleRequest;
const sale = (key: string, invoiceNumber: string, total = 1) => ({
  key,
  branch: null,
  invoiceNumber,
  body: body(total),
  createdAt: '2026-11-27T10:00:00.000Z',
});

beforeEach(async () => {
  await closeTillDb();
  globalThis.indexedDB = new IDBFactory();
});

describe('invoice numbers reserved for the register', () => {
  it('hands out the block one number at a time, in order, and none once it is used up', async () => {
    const db = await tillDb();
    expect(await takeNumber(db, 'main', '')).toBeNull();
    await keepBlock(db, { register: 'main', first: 'INV-0010000041', last: 'INV-0010000043', size: 3, otherDevices: 0 }, '');
    expect(await numbersLeft(db, 'main', '')).toBe(3);
    expect([
      await takeNumber(db, 'main', ''),
      await takeNumber(db, 'main', ''),
      await takeNumber(db, 'main', ''),
      await takeNumber(db, 'main', ''),
    ]).toEqual(['INV-0010000041', 'INV-0010000042', 'INV-0010000043', null]);
    expect(await takeNumber(db, 'till-2', '')).toBeNull();
  });

  it('uses a block only in the branch it was reserved in', async () => {
    const db = await tillDb();
    await keepBlock(db, { register: 'main', first: 'INV-0010000041', last: 'INV-0010000043', size: 3, otherDevices: 0 }, 'b1');
    expect(await numbersLeft(db, 'main', 'b2')).toBe(0);
    expect(await takeNumber(db, 'main', 'b2')).toBeNull();
    expect(await takeNumber(db, 'main', 'b1')).toBe('INV-0010000041');
  });

  it('keeps what is left across a tab closed and opened again', async () => {
    await keepBlock(await tillDb(), { register: 'main', first: 'INV-0020000001', last: 'INV-0020000100', size: 100, otherDevices: 0 }, '');
    await takeNumber(await tillDb(), 'main', '');
    await closeTillDb();
    expect(await takeNumber(await tillDb(), 'main', '')).toBe('INV-0020000002');
  });
});

describe('the queue of sales made offline', () => {
  it('sends only the signed-in cashier’s sales; another cashier’s wait, in their order, for them', async () => {
    const db = await tillDb();
    await enqueue(db, { ...sale('k1', 'INV-0010000001'), cashierId: 'rezan' });
    await enqueue(db, { ...sale('k2', 'INV-0010000002'), cashierId: 'karwan' });
    await enqueue(db, { ...sale('k3', 'INV-0010000003'), cashierId: 'rezan' });
    const sent: string[] = [];
    const send = async (s: QueuedSale): Promise<SendOutcome> => {
      sent.push(s.key);
      return { kind: 'stored' };
    };
    await sendQueue(db, send, (s) => s.cashierId === 'karwan');
    expect(sent).toEqual(['k2']);
    expect((await listQueue(db)).map((s) => s.key)).toEqual(['k1', 'k3']);
    await sendQueue(db, send, (s) => s.cashierId === 'rezan');
    expect(sent).toEqual(['k2', 'k1', 'k3']);
  });

  it('sends in the order of sale, each with its own key; a refused one stays with its reason; later ones still go', async () => {
    const db = await tillDb();
    await enqueue(db, sale('k1', 'INV-0010000001'));
    await enqueue(db, sale('k2', 'INV-0010000002'));
    await enqueue(db, sale('k3', 'INV-0010000003'));
    const sent: string[] = [];
    const result = await sendQueue(db, async (s: QueuedSale): Promise<SendOutcome> => {
      sent.push(s.key);
      return s.key === 'k2' ? { kind: 'refused', reason: 'This product is not available for sale' } : { kind: 'stored' };
    });
    expect(sent).toEqual(['k1', 'k2', 'k3']);
    expect(result).toEqual({ stored: 2, refused: 1, reached: true });
    expect((await listQueue(db)).map((s) => [s.key, s.state, s.reason])).toEqual([
      ['k2', 'refused', 'This product is not available for sale'],
    ]);

    // A refused sale is not sent again; a manager resolves it.
    sent.length = 0;
    await sendQueue(db, async () => ({ kind: 'stored' }));
    expect(sent).toEqual([]);
    await resolveRefused(db, 'k2');
    expect(await listQueue(db)).toEqual([]);
  });

  it('stops at the first sale the server does not answer, keeping it and those after it for the next round, across a tab close', async () => {
    const db = await tillDb();
    await enqueue(db, sale('k1', 'INV-0010000001'));
    await enqueue(db, sale('k2', 'INV-0010000002'));
    const sent: string[] = [];
    expect(await sendQueue(db, async (s) => (sent.push(s.key), { kind: 'not-reached' }))).toEqual({
      stored: 0,
      refused: 0,
      reached: false,
    });
    expect(sent).toEqual(['k1']);
    await closeTillDb();
    const reopened = await tillDb();
    expect((await listQueue(reopened)).map((s) => [s.key, s.seq, s.state])).toEqual([
      ['k1', 1, 'queued'],
      ['k2', 2, 'queued'],
    ]);
    await sendQueue(reopened, async (s) => (sent.push(s.key), { kind: 'stored' }));
    expect(sent).toEqual(['k1', 'k1', 'k2']);
    expect(await listQueue(reopened)).toEqual([]);
  });
});
