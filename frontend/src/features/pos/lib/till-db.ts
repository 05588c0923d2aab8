import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TillProductDto } from '@dukan/contracts';
import type { QueuedSale } from '../offline/queued-sale.js';
import type { KeptFoldFields, KeptFoldTexts } from './search-index.js';

/** What the till keeps in the browser: the catalogue, its revision, the sales waiting to be sent, the register's invoice numbers. */
export interface TillDbSchema extends DBSchema {
  /** The whole list as one record ('products'). */
  snapshot: { key: 'products'; value: TillSnapshot };
  /** Products changed (or deleted: null) since the snapshot was written. */
  changes: { key: string; value: { _id: string; product: TillProductDto | null } };
  meta: { key: 'catalogue'; value: CatalogueMeta };
  /** The last answer of each small read the till needs offline (offline-reads). */
  reads: { key: string; value: unknown };
  sales: { key: string; value: QueuedSale; indexes: { bySeq: number } };
  invoiceBlocks: { key: string; value: InvoiceBlock };
  /** The products' search texts already folded ('folds'), so a reopened till does not fold them again. */
  searchText: { key: 'folds'; value: KeptFoldTexts | KeptFoldFields };
}

/**
 * The kept list: its JSON text (the list in the till's order, or a whole answer of the server, put in that order
 * when read), or the list itself as an earlier version kept it.
 */
export type TillSnapshot = string | TillProductDto[];

/** Invoice numbers the server reserved for this register, used one by one for sales made offline. */
export interface InvoiceBlock {
  register: string;
  /** The branch it was reserved in ('' for the user's home branch): numbers are checked in that branch only. */
  branch?: string;
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
  opening ??= (async () =>
    openDB<TillDbSchema>(DB_NAME, 3, {
      upgrade(db, oldVersion, _newVersion, tx) {
        if (oldVersion < 1) {
          db.createObjectStore('meta');
          db.createObjectStore('sales', { keyPath: 'key' }).createIndex('bySeq', 'seq', { unique: true });
          db.createObjectStore('invoiceBlocks', { keyPath: 'register' });
        }
        if (oldVersion < 2) {
          // Version 1 kept a record per product (slow to read back): the catalogue is downloaded once more.
          const legacy = db as unknown as IDBPDatabase;
          if (legacy.objectStoreNames.contains('products')) legacy.deleteObjectStore('products');
          if (oldVersion >= 1) void tx.objectStore('meta').delete('catalogue');
          db.createObjectStore('snapshot');
          db.createObjectStore('changes', { keyPath: '_id' });
          db.createObjectStore('reads');
        }
        if (oldVersion < 3) db.createObjectStore('searchText');
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
