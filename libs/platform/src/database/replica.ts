import type { Type } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventOf, EventSubject } from '@dukan/contracts';
import type { EventHandler } from '../events/inbox.js';

/**
 * A table that mirrors another service's rows from its events (a replica), keyed by the owner's id. Events may
 * come late, twice or out of order: a row is replaced only by a newer change, and a deletion leaves a tombstone.
 */
export interface ReplicaTable {
  table: string;
  /** The owner's id, the table's unique key. */
  key: string;
  /** The column that orders changes: the owner's version, or the time of the event. */
  stamp: string;
  /** 'newer': only a higher stamp replaces the row (versions); 'same-or-newer': an equal one does too (times). */
  replaces: 'newer' | 'same-or-newer';
  /** Columns written with the row's first change and never by a later one (a tombstone's mark stays). */
  insertOnly?: readonly string[];
  /** A column's value on update when it is not simply the incoming one: SQL over `EXCLUDED` and the table. */
  updateAs?: Readonly<Record<string, string>>;
}

type Row = Readonly<Record<string, unknown>>;

/** Versions compare as numbers, times as instants. */
const rank = (stamp: unknown): number => (typeof stamp === 'number' ? stamp : Date.parse(String(stamp)));

/**
 * Applies changes to a replica in one statement: of a batch's changes to one key the newest, and only over an
 * older row (by `stamp`). Every change names the same columns, the key and the stamp among them.
 */
export async function applyIfNewer(m: EntityManager, t: ReplicaTable, changes: readonly Row[]): Promise<void> {
  if (changes.length === 0) return;
  const newest = new Map<unknown, Row>();
  for (const c of changes) {
    const held = newest.get(c[t.key]);
    const gain = held === undefined ? 1 : rank(c[t.stamp]) - rank(held[t.stamp]);
    if (gain > 0 || (gain === 0 && t.replaces === 'same-or-newer')) newest.set(c[t.key], c);
  }
  // In key order, so two batches that share keys lock their rows in the same order.
  const list = [...newest.values()].sort((a, b) => (String(a[t.key]) < String(b[t.key]) ? -1 : 1));
  const columns = Object.keys(list[0]!);
  const params: unknown[] = [];
  const values = list.map((c) => `(${columns.map((col) => `$${params.push(c[col])}`).join(', ')})`);
  const set = columns
    .filter((col) => col !== t.key && !t.insertOnly?.includes(col))
    .map((col) => `${col} = ${t.updateAs?.[col] ?? `EXCLUDED.${col}`}`);
  await m.query(
    `INSERT INTO ${t.table} (${columns.join(', ')}) VALUES ${values.join(', ')}
     ON CONFLICT (${t.key}) DO UPDATE SET ${set.join(', ')}
     WHERE ${t.table}.${t.stamp} ${t.replaces === 'newer' ? '<' : '<='} EXCLUDED.${t.stamp}`,
    params,
  );
}

/**
 * A deletion, whatever order the events come in: over the row, the `marks` columns take their values from
 * `row`; with no row yet, `row` is written whole as a placeholder, so a create that arrives late cannot
 * bring the deleted thing back. `row` holds the key and every column the table needs.
 */
export async function tombstone(m: EntityManager, t: ReplicaTable, row: Row, marks: readonly string[]): Promise<void> {
  const columns = Object.keys(row);
  await m.query(
    `INSERT INTO ${t.table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})
     ON CONFLICT (${t.key}) DO UPDATE SET ${marks.map((col) => `${col} = EXCLUDED.${col}`).join(', ')}`,
    columns.map((col) => row[col]),
  );
}

/** Names a generated handler class after its subject, so logs and errors say which one it is. */
function named<T extends Function>(cls: T, subject: string): T {
  return Object.defineProperty(cls, 'name', { value: `ReplicaHandler(${subject})` });
}

/** A consumer that applies each batch of `subject` with `apply` (a replica's created or updated with SQL of its own). */
export function batchHandler<S extends EventSubject>(
  subject: S,
  apply: (events: readonly EventOf<S>[], m: EntityManager) => Promise<void>,
): Type<EventHandler<S>> {
  class ReplicaBatch implements EventHandler<S> {
    readonly subject = subject;
    handleAll(events: readonly EventOf<S>[], m: EntityManager): Promise<void> {
      return apply(events, m);
    }
  }
  return named(ReplicaBatch, subject);
}

/** A consumer for a replica's created or updated subject: each batch of events is one applyIfNewer of their rows. */
export function replicaHandler<S extends EventSubject>(
  subject: S,
  t: ReplicaTable,
  row: (event: EventOf<S>) => Row,
): Type<EventHandler<S>> {
  return batchHandler(subject, (events, m) => applyIfNewer(m, t, events.map(row)));
}

/** A consumer for a replica's deleted subject: each event leaves a tombstone (see tombstone). */
export function tombstoneHandler<S extends EventSubject>(
  subject: S,
  t: ReplicaTable,
  row: (event: EventOf<S>) => Row,
  marks: readonly string[],
): Type<EventHandler<S>> {
  class ReplicaTombstone implements EventHandler<S> {
    readonly subject = subject;
    handle(event: EventOf<S>, m: EntityManager): Promise<void> {
      return tombstone(m, t, row(event), marks);
    }
  }
  return named(ReplicaTombstone, subject);
}
