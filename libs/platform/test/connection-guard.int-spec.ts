// A connection the server ends while it is checked out and idle (a restart, a cut) must not end the process.
import type { EventEmitter } from 'node:events';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { configureLogger, createServiceDataSource, guardConnections } from '@dukan/platform';
import { createTestDatabase, type TestDatabase } from '@dukan/testing';

let db: TestDatabase;
let ds: DataSource;
beforeAll(async () => {
  configureLogger({ level: 'silent', service: 'test' });
  db = await createTestDatabase('guard');
  ds = createServiceDataSource({ service: 'catalog', databaseUrl: db.url, poolSize: 3, entities: [], migrations: [] });
  await ds.initialize();
  guardConnections(ds, 'catalog');
});
afterAll(async () => {
  await ds.destroy();
  await db.drop();
});

it('survives the server ending a checked-out connection between queries, and goes on answering', async () => {
  const pool = (
    ds.driver as unknown as {
      master: {
        connect(): Promise<EventEmitter & { query(sql: string): Promise<{ rows: { pid: number }[] }>; release(err?: unknown): void }>;
      };
    }
  ).master;
  const client = await pool.connect();
  const [{ pid }] = (await client.query('SELECT pg_backend_pid() AS pid')).rows;
  // Checked out, no query running: node-postgres has taken the pool's listener off this client.
  const unheard: unknown[] = [];
  const onUncaught = (e: unknown) => unheard.push(e);
  process.on('uncaughtException', onUncaught);
  try {
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await admin.end();
    await new Promise((r) => setTimeout(r, 300));
  } finally {
    process.off('uncaughtException', onUncaught);
  }
  expect(unheard).toEqual([]);
  client.release(new Error('ended by the server'));
  expect(await ds.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
});
