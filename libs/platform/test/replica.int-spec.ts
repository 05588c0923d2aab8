// A replica fed by events that come late, twice or out of order ends as the newest change left it.
import { DataSource } from 'typeorm';
import type { EventOf } from '@dukan/contracts';
import { applyIfNewer, configureLogger, replicaHandler, tombstone, tombstoneHandler, type ReplicaTable } from '@dukan/platform';
import { createTestDatabase, type TestDatabase } from '@dukan/testing';

configureLogger({ level: 'silent', service: 'test' });

let db: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  db = await createTestDatabase('replica');
  ds = new DataSource({ type: 'postgres', url: db.url, poolSize: 2 });
  await ds.initialize();
  await ds.query(
    `CREATE TABLE people (id text PRIMARY KEY, name text NOT NULL, version int NOT NULL, deleted boolean NOT NULL DEFAULT false)`,
  );
  await ds.query(`CREATE TABLE names (id text PRIMARY KEY, name text NOT NULL, as_of timestamptz NOT NULL, deleted_at timestamptz)`);
});
afterAll(async () => {
  await ds?.destroy();
  await db?.drop();
});
beforeEach(async () => {
  await ds.query(`TRUNCATE people, names`);
});

const PEOPLE: ReplicaTable = { table: 'people', key: 'id', stamp: 'version', replaces: 'newer', insertOnly: ['deleted'] };
const NAMES: ReplicaTable = { table: 'names', key: 'id', stamp: 'as_of', replaces: 'same-or-newer' };
const person = (id: string, name: string, version: number) => ({ id, name, version, deleted: false });
const people = () => ds.query(`SELECT id, name, version, deleted FROM people ORDER BY id`);
const names = async () =>
  (await ds.query(`SELECT id, name, deleted_at IS NOT NULL AS deleted FROM names ORDER BY id`)) as {
    id: string;
    name: string;
    deleted: boolean;
  }[];

describe('applyIfNewer', () => {
  it('keeps the highest version whatever order and however often the changes come, one at a time or in one batch', async () => {
    const changes = [
      person('a', 'Ana 2', 2),
      person('a', 'Ana 1', 1),
      person('b', 'Bo 1', 1),
      person('a', 'Ana 3', 3),
      person('a', 'Ana 2', 2),
    ];
    for (const c of changes) await ds.transaction((m) => applyIfNewer(m, PEOPLE, [c]));
    const oneByOne = await people();
    await ds.query(`TRUNCATE people`);
    await ds.transaction((m) => applyIfNewer(m, PEOPLE, [...changes, ...[...changes].reverse()]));
    expect(await people()).toEqual(oneByOne);
    expect(oneByOne).toEqual([
      { id: 'a', name: 'Ana 3', version: 3, deleted: false },
      { id: 'b', name: 'Bo 1', version: 1, deleted: false },
    ]);
  });

  it('by time, a change of the same moment replaces the row (the later one read wins)', async () => {
    const at = '2026-01-02T10:00:00.000Z';
    await ds.transaction((m) => applyIfNewer(m, NAMES, [{ id: 'u', name: 'first', as_of: at }]));
    await ds.transaction((m) => applyIfNewer(m, NAMES, [{ id: 'u', name: 'second', as_of: at }]));
    await ds.transaction((m) => applyIfNewer(m, NAMES, [{ id: 'u', name: 'older', as_of: '2026-01-02T09:59:59.000Z' }]));
    expect(await names()).toEqual([{ id: 'u', name: 'second', deleted: false }]);
  });

  it('answers an empty batch without a statement', async () => {
    await ds.transaction((m) => applyIfNewer(m, PEOPLE, []));
    expect(await people()).toEqual([]);
  });
});

describe('tombstone', () => {
  const gone = { id: 'a', name: '', version: -1, deleted: true };

  it('a deletion that overtakes the create leaves the row deleted, the late create fills in its name only', async () => {
    await ds.transaction((m) => tombstone(m, PEOPLE, gone, ['deleted']));
    await ds.transaction((m) => applyIfNewer(m, PEOPLE, [person('a', 'Ana', 1)]));
    expect(await people()).toEqual([{ id: 'a', name: 'Ana', version: 1, deleted: true }]);
  });

  it('a deletion after the create keeps the names the row had', async () => {
    await ds.transaction((m) => applyIfNewer(m, PEOPLE, [person('a', 'Ana', 4)]));
    await ds.transaction((m) => tombstone(m, PEOPLE, gone, ['deleted']));
    await ds.transaction((m) => applyIfNewer(m, PEOPLE, [person('a', 'Ana 3', 3)]));
    expect(await people()).toEqual([{ id: 'a', name: 'Ana', version: 4, deleted: true }]);
  });

  it('by time: a placeholder stamped -infinity gives way to any change, and stays deleted', async () => {
    await ds.transaction((m) =>
      tombstone(m, NAMES, { id: 'u', name: '', as_of: '-infinity', deleted_at: '2026-01-03T00:00:00Z' }, ['deleted_at']),
    );
    await ds.transaction((m) => applyIfNewer(m, NAMES, [{ id: 'u', name: 'Sara', as_of: '2026-01-01T00:00:00Z' }]));
    expect(await names()).toEqual([{ id: 'u', name: 'Sara', deleted: true }]);
  });
});

describe('replicaHandler and tombstoneHandler', () => {
  type Created = EventOf<'dukan.loyalty.customer.created.v1'>;
  type Deleted = EventOf<'dukan.loyalty.customer.deleted.v1'>;
  const gone = { id: '', name: '', version: -1, deleted: true };
  const Upsert = replicaHandler('dukan.loyalty.customer.created.v1', PEOPLE, (e) =>
    person(e.data.customerId, e.data.firstName, e.data.version),
  );
  const Delete = tombstoneHandler('dukan.loyalty.customer.deleted.v1', PEOPLE, (e) => ({ ...gone, id: e.data.customerId }), ['deleted']);
  const created = (id: string, firstName: string, version: number) => ({ data: { customerId: id, firstName, version } }) as Created;

  it('are consumers of their subject that apply a batch newest-first and a deletion as a tombstone', async () => {
    const upsert = new Upsert();
    expect(upsert.subject).toBe('dukan.loyalty.customer.created.v1');
    expect(Upsert.name).toBe('ReplicaHandler(dukan.loyalty.customer.created.v1)');
    await ds.transaction((m) => upsert.handleAll!([created('a', 'Ana 2', 2), created('b', 'Bo', 1), created('a', 'Ana 1', 1)], m));
    await ds.transaction((m) => new Delete().handle!({ data: { customerId: 'b' } } as Deleted, m));
    expect(await people()).toEqual([
      { id: 'a', name: 'Ana 2', version: 2, deleted: false },
      { id: 'b', name: 'Bo', version: 1, deleted: true },
    ]);
  });
});
