// The outbox and inbox tables of a catalog schema in a database of the test's own, and small tools around them.
import type { DataSource } from 'typeorm';
import type { EventEnvelope } from '@dukan/contracts';
import { configureLogger, createServiceDataSource, migrate, Outbox, publishOne, systemContext, type EventBus } from '@dukan/platform';
import { createTestDatabase, type TestDatabase } from '@dukan/testing';

configureLogger({ level: 'silent', service: 'test' });

/**
 * A database with catalog's migrated schema and an `effects` table, emptied before each test. Call at the file's
 * top level; read `ds` and `url` inside hooks and tests.
 */
export function eventTables(): { ds: DataSource; url: string } {
  const holder = {} as { ds: DataSource; url: string };
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('outbox');
    holder.url = db.url;
    holder.ds = createServiceDataSource({ service: 'catalog', databaseUrl: db.url, poolSize: 6, entities: [], migrations: [] });
    await holder.ds.initialize();
    await migrate(holder.ds, 'catalog');
    await holder.ds.query(`CREATE TABLE effects (id bigserial PRIMARY KEY, event_id uuid NOT NULL)`);
  });
  afterAll(async () => {
    await holder.ds?.destroy();
    await db?.drop();
  });
  beforeEach(async () => {
    await holder.ds.query(`TRUNCATE outbox, processed_events, effects`);
  });
  return holder;
}

export const outbox = new Outbox('catalog');

/** Writes `n` events, each in its own transaction; answers their ids in order. */
export async function writeEvents(ds: DataSource, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    await ds.transaction(async (m) => {
      const e = await outbox.add(m, systemContext(), 'dukan.catalog.category.deleted.v1', { categoryId: `c${i}` } as never);
      ids.push(e.id);
    });
  }
  return ids;
}

/** Records every publish by event id. */
export class CountingBus implements EventBus {
  readonly kind = 'in-process' as const;
  readonly published: string[] = [];
  publish(event: EventEnvelope): Promise<void> {
    return publishOne(this, event);
  }
  async publishAll(events: readonly EventEnvelope[]) {
    this.published.push(...events.map((e) => e.id));
    return [];
  }
  async subscribe(): Promise<void> {}
  async watch(): Promise<void> {}
  async close(): Promise<void> {}
}

export async function until(ok: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
