import { invoiceNumberOf, parseInvoiceNumber, type InvoiceBlockDto } from '@dukan/contracts';
import type { TillDb } from '../lib/till-db.js';

/** Below this many numbers left, an online till reserves a fresh block. */
export const LOW_WATER = 20;

/**
 * Keeps a block the server reserved for the register in `branch` ('' for the user's home branch); it replaces what
 * was left of the previous one.
 */
export async function keepBlock(db: TillDb, dto: InvoiceBlockDto, branch: string): Promise<void> {
  const first = parseInvoiceNumber(dto.first);
  const last = parseInvoiceNumber(dto.last);
  if (!first || !last) return;
  await db.put('invoiceBlocks', {
    register: dto.register,
    branch,
    registerNo: first.registerNo,
    next: first.sequence,
    last: last.sequence,
  });
}

/** Numbers left for the register in `branch` (none when its block was reserved in another branch). */
export async function numbersLeft(db: TillDb, register: string, branch: string): Promise<number> {
  const block = await db.get('invoiceBlocks', register);
  return block && block.branch === branch ? block.last - block.next + 1 : 0;
}

/** The register's next reserved number in `branch`, taken for good (null when none is left there). */
export async function takeNumber(db: TillDb, register: string, branch: string): Promise<string | null> {
  const tx = db.transaction('invoiceBlocks', 'readwrite');
  const block = await tx.store.get(register);
  if (!block || block.branch !== branch || block.next > block.last) {
    await tx.done;
    return null;
  }
  await tx.store.put({ ...block, next: block.next + 1 });
  await tx.done;
  return invoiceNumberOf(block.registerNo, block.next);
}
