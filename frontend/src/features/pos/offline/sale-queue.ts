import type { TillDb } from '../lib/till-db.js';
import type { QueuedSale } from './queued-sale.js';

/** A sale as made at the till, before it takes its place in the queue. */
export type NewQueuedSale = Omit<QueuedSale, 'seq' | 'state' | 'reason' | 'code'>;

/** Stores a sale made offline after the ones already waiting (one transaction: the order is the order of sale). */
export async function enqueue(db: TillDb, sale: NewQueuedSale): Promise<QueuedSale> {
  const tx = db.transaction('sales', 'readwrite');
  const lastCursor = await tx.store.index('bySeq').openCursor(null, 'prev');
  const queued: QueuedSale = { ...sale, seq: (lastCursor?.value.seq ?? 0) + 1, state: 'queued' };
  await tx.store.add(queued);
  await tx.done;
  return queued;
}

/** Every sale kept on this till, waiting or refused, in the order they were made. */
export function listQueue(db: TillDb): Promise<QueuedSale[]> {
  return db.getAllFromIndex('sales', 'bySeq');
}

/** The server's answer to one queued sale: stored, refused for good (with its reason), or not reached (try later). */
export type SendOutcome = { kind: 'stored' } | { kind: 'refused'; reason: string; code?: string } | { kind: 'not-reached' };

/**
 * Sends the waiting sales in order, each with its own Idempotency-Key (a sale sent twice is stored once). A stored
 * sale leaves the queue; a refused one stays, marked with the reason, for a manager; the first one not reached
 * stops the round, so the order is kept. Only the sales `mine` accepts are sent (the signed-in user's: a sale is
 * recorded as the sender's); the others wait for their cashier.
 */
export async function sendQueue(
  db: TillDb,
  send: (sale: QueuedSale) => Promise<SendOutcome>,
  mine: (sale: QueuedSale) => boolean = () => true,
): Promise<{ stored: number; refused: number; reached: boolean }> {
  let stored = 0;
  let refused = 0;
  for (const sale of await listQueue(db)) {
    if (sale.state !== 'queued' || !mine(sale)) continue;
    const outcome = await send(sale);
    if (outcome.kind === 'not-reached') return { stored, refused, reached: false };
    if (outcome.kind === 'stored') {
      await db.delete('sales', sale.key);
      stored += 1;
    } else {
      await db.put('sales', { ...sale, state: 'refused', reason: outcome.reason, ...(outcome.code ? { code: outcome.code } : {}) });
      refused += 1;
    }
  }
  return { stored, refused, reached: true };
}

/** A manager dealt with a refused sale (made it again, refunded the customer…): it leaves the till. */
export async function resolveRefused(db: TillDb, key: string): Promise<void> {
  const sale = await db.get('sales', key);
  if (sale?.state === 'refused') await db.delete('sales', key);
}
