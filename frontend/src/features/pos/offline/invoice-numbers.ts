import { invoiceNumberOf, parseInvoiceNumber, type InvoiceBlockDto } from '@dukan/contracts';
import type { TillDb } from '../lib/till-db.js';

/** Below this many numbers left, an online till reserves a fresh block. */
export const LOW_WATER = 20;

/** Keeps a block the server reserved (it replaces what was left of the previous one). */
export async function keepBlock(db: TillDb, dto: InvoiceBlockDto): Promise<void> {
  const first = parseInvoiceNumber(dto.first);
  const last = parseInvoiceNumber(dto.last);
  if (!first || !last) return;
  await db.put('invoiceBlocks', { register: dto.register, registerNo: first.registerNo, next: first.sequence, last: last.sequence });
}

export async function numbersLeft(db: TillDb, register: string): Promise<number> {
  const block = await db.get('invoiceBlocks', register);
  return block ? block.last - block.next + 1 : 0;
}

/** The register's next reserved number, taken for good (null when the block is used up or none was reserved). */
export async function takeNumber(db: TillDb, register: string): Promise<string | null> {
  const tx = db.transaction('invoiceBlocks', 'readwrite');
  const block = await tx.store.get(register);
  if (!block || block.next > block.last) {
    await tx.done;
    return null;
  }
  await tx.store.put({ ...block, next: block.next + 1 });
  await tx.done;
  return invoiceNumberOf(block.registerNo, block.next);
}
