import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { DataSource } from 'typeorm';
import type { EventEnvelope } from '@dukan/contracts';
import {
  applyOnce, configureLogger, createServiceDataSource, InProcessEventBus, migrate, NatsEventBus, Outbox, OutboxRelay, systemContext, type EventBus,
} from '@dukan/platform';
import { createTestDatabase, findNats, uniqueName, type TestDatabase } from '@dukan/testing';

configureLogger({ level: 'silent', service: 'test' });
const natsUrl = await findNats();
const describeNats = natsUrl ? describe : describe.skip;

let db: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  db = await createTestDatabase('outbox');
  ds = createServiceDataSource({ service: 'catalog', databaseUrl: db.url, poolSize: 6, entities: [], migrations: [] });
  await ds.initialize();
  await migrate(ds, 'catalog');
  await ds.query(`CREATE TABLE effects (id bigserial PRIMARY KEY, event_id uuid NOT NULL)`);
});
afterAll(async () => {
  await ds.destroy();
  await db.drop();
});
beforeEach(async () => {
  await ds.query(`TRUNCATE outbox, processed_events, effects`);
});

const outbox = new Outbox('catalog');

async function writeEvents(n: number): Promise<string[]> {
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
class CountingBus implements EventBus {
  readonly kind = 'in-process' as const;
  readonly published: string[] = [];
  async publish(event: EventEnvelope): Promise<void> {
    this.published.push(event.id);
  }
  async subscribe(): Promise<void> {}
  async watch(): Promise<void> {}
  async close(): Promise<void> {}
}

describe('outbox', () => {
  it('refuses to write outside a transaction, so an event can never leave without its change', async () => {
    await expect(outbox.add(ds.manager, systemContext(), 'dukan.catalog.category.deleted.v1', { categoryId: 'x' } as never)).rejects.toThrow(/inside the transaction/);
  });

  it('an event whose transaction rolls back is never published', async () => {
    await expect(
      ds.transaction(async (m) => {
        await outbox.add(m, systemContext(), 'dukan.catalog.category.deleted.v1', { categoryId: 'gone' } as never);
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    const bus = new CountingBus();
    await new OutboxRelay('catalog', ds, bus).drainOnce();
    expect(bus.published).toEqual([]);
  });

  it('two relays draining at once never publish one row twice', async () => {
    const ids = await writeEvents(60);
    const a = new CountingBus();
    const b = new CountingBus();
    const relayA = new OutboxRelay('catalog', ds, a, { batchSize: 7 });
    const relayB = new OutboxRelay('catalog', ds, b, { batchSize: 7 });
    const drain = async (r: OutboxRelay) => { while ((await r.drainOnce()) > 0) { /* until empty */ } };
    await Promise.all([drain(relayA), drain(relayB)]);
    const all = [...a.published, ...b.published];
    expect(all.sort()).toEqual([...ids].sort());
    expect(new Set(all).size).toBe(60);
    const [{ pending }] = await ds.query(`SELECT count(*)::int AS pending FROM outbox WHERE published_at IS NULL`);
    expect(pending).toBe(0);
  });

  it('a failing publish is retried with backoff and given up after the bounded attempts', async () => {
    const [id] = await writeEvents(1);
    const failing: EventBus = { kind: 'in-process', publish: async () => { throw new Error('bus down'); }, subscribe: async () => {}, watch: async () => {}, close: async () => {} };
    const relay = new OutboxRelay('catalog', ds, failing, { maxAttempts: 2 });
    await relay.drainOnce();
    let [row] = await ds.query(`SELECT attempts, published_at, dead_at, next_attempt_at > now() AS later FROM outbox WHERE id = $1`, [id]);
    expect(row).toMatchObject({ attempts: 1, published_at: null, dead_at: null, later: true });
    await ds.query(`UPDATE outbox SET next_attempt_at = now()`);
    await relay.drainOnce();
    [row] = await ds.query(`SELECT attempts, dead_at FROM outbox WHERE id = $1`, [id]);
    expect(row.attempts).toBe(2);
    expect(row.dead_at).not.toBeNull();
  });
});

describe('inbox', () => {
  const event = (): EventEnvelope => ({ id: randomUUID(), type: 'dukan.catalog.category.deleted.v1', occurredAt: new Date().toISOString(), branchId: 'main', actorId: null, data: {} });
  const effect = (e: EventEnvelope) => async (m: import('typeorm').EntityManager) => {
    await m.query(`INSERT INTO effects (event_id) VALUES ($1)`, [e.id]);
  };
  const effects = async (id: string) => (await ds.query(`SELECT count(*)::int AS n FROM effects WHERE event_id = $1`, [id]))[0].n as number;

  it('applies a duplicated event once', async () => {
    const e = event();
    expect(await applyOnce(ds, 'test.consumer', e, effect(e))).toBe(true);
    expect(await applyOnce(ds, 'test.consumer', e, effect(e))).toBe(false);
    expect(await effects(e.id)).toBe(1);
  });

  it('applies an event delivered to two workers at the same moment once', async () => {
    const e = event();
    const results = await Promise.all(Array.from({ length: 5 }, () => applyOnce(ds, 'test.consumer', e, effect(e))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await effects(e.id)).toBe(1);
  });

  it('a failed effect leaves no record, so the redelivery applies it', async () => {
    const e = event();
    await expect(applyOnce(ds, 'test.consumer', e, async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await applyOnce(ds, 'test.consumer', e, effect(e))).toBe(true);
    expect(await effects(e.id)).toBe(1);
  });

  it('each consumer applies the event for itself', async () => {
    const e = event();
    await applyOnce(ds, 'stock', e, effect(e));
    await applyOnce(ds, 'reporting', e, effect(e));
    expect(await effects(e.id)).toBe(2);
  });
});

describe('in-process bus', () => {
  it('publish resolves only after every subscriber applied the event, and fails if one fails', async () => {
    const bus = new InProcessEventBus();
    const seen: string[] = [];
    await bus.subscribe('dukan.catalog.category.deleted.v1', { consumer: 'a' }, async (e) => { seen.push(`a:${e.id}`); });
    await bus.subscribe('dukan.catalog.category.deleted.v1', { consumer: 'b' }, async () => { throw new Error('b is broken'); });
    await expect(bus.publish({ id: 'x1', type: 'dukan.catalog.category.deleted.v1', occurredAt: '', branchId: 'main', actorId: null, data: {} })).rejects.toThrow('b is broken');
    expect(seen).toEqual(['a:x1']);
  });
});

describeNats('outbox and inbox over NATS JetStream', () => {
  let ns: string;
  let bus: NatsEventBus;
  beforeEach(async () => {
    ns = uniqueName('js');
    bus = await NatsEventBus.connect({ url: natsUrl!, stream: ns, subjectPrefix: `${ns}.`, name: 'test' });
  });
  afterEach(async () => {
    await bus.deleteStream();
    await bus.close();
  });

  async function streamMessages(): Promise<string[]> {
    const nc = await connect({ servers: natsUrl! });
    try {
      const jsm = await jetstreamManager(nc);
      await jsm.consumers.add(ns, { durable_name: 'count', ack_policy: AckPolicy.None });
      const c = await jetstream(nc).consumers.get(ns, 'count');
      const ids: string[] = [];
      const info = await jsm.streams.info(ns);
      if (info.state.messages === 0) return ids;
      const batch = await c.fetch({ max_messages: info.state.messages, expires: 2000 });
      for await (const m of batch) {
        ids.push(m.json<EventEnvelope>().id);
        if (ids.length === info.state.messages) break;
      }
      return ids;
    } finally {
      await nc.close();
    }
  }

  it('publishes every event exactly once across a relay that dies after publishing, before marking sent', async () => {
    const ids = await writeEvents(30);
    // The first relay publishes, then its database connection dies mid-transaction: nothing is marked sent.
    let killed = false;
    const dying: EventBus = {
      kind: 'nats',
      publish: async (e) => {
        await bus.publish(e);
        if (!killed) {
          killed = true;
          await ds.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'`);
        }
      },
      subscribe: async () => {},
      watch: async () => {},
      close: async () => {},
    };
    await expect(new OutboxRelay('catalog', ds, dying, { batchSize: 100 }).drainOnce()).rejects.toThrow();
    const [{ sent }] = await ds.query(`SELECT count(*)::int AS sent FROM outbox WHERE published_at IS NOT NULL`);
    expect(sent).toBe(0);
    // The restarted relay republishes all 30; JetStream drops the 12 repeats by Nats-Msg-Id.
    const restarted = new OutboxRelay('catalog', ds, bus);
    while ((await restarted.drainOnce()) > 0) { /* drain */ }
    const onStream = await streamMessages();
    expect(onStream.sort()).toEqual([...ids].sort());
  });

  it('a durable consumer applies a redelivered event once and a duplicate (new message, same event id) once', async () => {
    const e: EventEnvelope = { id: randomUUID(), type: 'dukan.catalog.category.deleted.v1', occurredAt: new Date().toISOString(), branchId: 'main', actorId: null, data: {} };
    let deliveries = 0;
    const done = new Promise<void>((resolve) => {
      void bus.subscribe('dukan.catalog.category.deleted.v1', { consumer: 'inbox-test', maxDeliver: 5 }, async (ev) => {
        deliveries += 1;
        if (deliveries === 1) throw new Error('first delivery fails; JetStream redelivers');
        await applyOnce(ds, 'inbox-test', ev, effect(ev));
        if (deliveries >= 3) resolve();
      });
    });
    await bus.publish(e);
    // Past the dedup window a republish is a new message with the same event id: the inbox catches it.
    const nc = await connect({ servers: natsUrl! });
    await jetstream(nc).publish(`${ns}.${e.type}`, JSON.stringify(e), { msgID: `${e.id}-again` });
    await nc.close();
    await done;
    expect(deliveries).toBe(3);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM effects WHERE event_id = $1`, [e.id]);
    expect(n).toBe(1);
    const [{ p }] = await ds.query(`SELECT count(*)::int AS p FROM processed_events WHERE event_id = $1`, [e.id]);
    expect(p).toBe(1);
  }, 20_000);

  function effect(e: EventEnvelope) {
    return async (m: import('typeorm').EntityManager) => {
      await m.query(`INSERT INTO effects (event_id) VALUES ($1)`, [e.id]);
    };
  }
});
