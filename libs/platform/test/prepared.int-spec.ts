// A statement prepared by name: the same rows and errors as an unnamed one, prepared once per connection, and inside
// a transaction on the caller's own connection.
import { DataSource, QueryFailedError } from 'typeorm';
import { configureLogger, preparedRows } from '@dukan/platform';
import { createTestDatabase, type TestDatabase } from '@dukan/testing';

configureLogger({ level: 'silent', service: 'test' });

let db: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  db = await createTestDatabase('prepared');
  ds = new DataSource({ type: 'postgres', url: db.url, poolSize: 1 });
  await ds.initialize();
  await ds.query(`CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)`);
});
afterAll(async () => {
  await ds?.destroy();
  await db?.drop();
});
beforeEach(async () => {
  await ds.query(`TRUNCATE notes`);
});

const INSERT = `INSERT INTO notes (id, body) VALUES ($1, $2) RETURNING id, body`;
const prepared = async (): Promise<{ name: string; statement: string }[]> =>
  ds.query(`SELECT name, statement FROM pg_prepared_statements WHERE statement = $1`, [INSERT]);

describe('preparedRows', () => {
  it('returns the rows of each call, and the connection keeps the statement prepared once', async () => {
    expect(await preparedRows(ds, INSERT, [1, 'first'])).toEqual([{ id: 1, body: 'first' }]);
    expect(await preparedRows(ds, INSERT, [2, 'second'])).toEqual([{ id: 2, body: 'second' }]);
    // One connection in the pool: the statement it prepared is listed once, under the name its text gives.
    const kept = await prepared();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.name).toMatch(/^dukan_[0-9a-f]{24}$/);
  });

  it('fails as a TypeORM query does, with the database error inside', async () => {
    await preparedRows(ds, INSERT, [1, 'first']);
    const failed = await preparedRows(ds, INSERT, [1, 'again']).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(QueryFailedError);
    expect((failed as QueryFailedError).driverError).toMatchObject({ code: '23505' });
    // The connection went back to the pool: the next call runs.
    expect(await preparedRows(ds, INSERT, [2, 'second'])).toHaveLength(1);
  });

  it("inside a transaction runs on the caller's connection and is undone with it", async () => {
    await ds
      .transaction(async (m) => {
        await preparedRows(m, INSERT, [3, 'inside']);
        expect(await m.query(`SELECT body FROM notes WHERE id = 3`)).toEqual([{ body: 'inside' }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await ds.query(`SELECT count(*)::int AS n FROM notes`)).toEqual([{ n: 0 }]);
  });
});
