import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TillProductDto } from '@dukan/contracts';
import type { QueuedSale } from '../offline/queued-sale.js';

/** What the till keeps in the browser: the catalogue, its revision, the sales waiting to be sent, the register's invoice numbers. */
export interface TillDbSchema extends DBSchema {
  products: { key: string; value: TillProductDto };
  meta: { key: 'catalogue'; value: CatalogueMeta };
  sales: { key: string; value: QueuedSale; indexes: { bySeq: number } };
  invoiceBlocks: { key: string; value: InvoiceBlock };
}

/** Invoice numbers the server reserved for this register, used one by one for sales made offline. */
export interface InvoiceBlock {
  register: string;
  registerNo: number;
  /** The next number to use and the last of the block. */
  next: number;
  last: number;
}

/** The revision the kept products are at, and the branch they belong to (stock is per branch). */
export interface CatalogueMeta {
  branch: string;
  revision: string;
}

export type TillDb = IDBPDatabase<TillDbSchema>;

const DB_NAME = 'dukan-till';
let opening: Promise<TillDb> | null = null;

/** The one connection of this tab (opened on first use). */
export function tillDb(): Promise<TillDb> {
  // Async, so a browser without IndexedDB (a test, some private windows) gets a rejection, not a throw.
  opening ??= (async () => openDB<TillDbSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('products', { keyPath: '_id' });
      db.createObjectStore('meta');
      db.createObjectStore('sales', { keyPath: 'key' }).createIndex('bySeq', 'seq', { unique: true });
      db.createObjectStore('invoiceBlocks', { keyPath: 'register' });
    },
  }))();
  return opening;
}

/** Forgets the connection (tests start each case on a fresh database). */
export async function closeTillDb(): Promise<void> {
  const db = await opening?.catch(() => null);
  db?.close();
  opening = null;
}
