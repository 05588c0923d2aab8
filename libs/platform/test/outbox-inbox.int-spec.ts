import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { DataSource } from 'typeorm';
import type { EventEnvelope } from '@dukan/contracts';
import {
  applyOnce, configureLogger, retryDelayMs, createServiceDataSource, currentContext, InProcessEventBus, migrate, NatsEventBus, oneByOne, Outbox, OutboxRelay, publishOne,
  systemContext,
  type EventBus,
  type MalformedMessage,
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

  it('a batch where one event cannot be published marks the others sent and keeps that one for later', async () => {
    const ids = await writeEvents(3);
    const partial: EventBus = {
      kind: 'in-process',
      publish: async () => {},
      publishAll: async () => [{ eventId: ids[1], error: 'refused' }],
      subscribe: async () => {}, watch: async () => {}, close: async () => {},
    };
    await new OutboxRelay('catalog', ds, partial).drainOnce();
    const rows: { id: string; sent: boolean; attempts: number; last_error: string | null }[] = await ds.query(
      `SELECT id, published_at IS NOT NULL AS sent, attempts, last_error FROM outbox ORDER BY seq`,
    );
    expect(rows.map((r) => [r.sent, r.attempts, r.last_error])).toEqual([[true, 0, null], [false, 1, 'refused'], [true, 0, null]]);
  });

  it('a failing publish is retried with capped, jittered backoff for as long as it takes, then published', async () => {
    const [id] = await writeEvents(1);
    let down = true;
    const flaky: EventBus = {
      kind: 'in-process',
      publish: async () => {},
      publishAll: async (events) => (down ? events.map((e) => ({ eventId: e.id, error: 'bus down' })) : []),
      subscribe: async () => {}, watch: async () => {}, close: async () => {},
    };
    const relay = new OutboxRelay('catalog', ds, flaky);
    await relay.drainOnce();
    let [row] = await ds.query(`SELECT attempts, published_at, next_attempt_at > now() AS later FROM outbox WHERE id = $1`, [id]);
    expect(row).toMatchObject({ attempts: 1, published_at: null, later: true });
    // Far more failures than any former limit: never given up, and never more than 30 s apart.
    for (let i = 0; i < 25; i++) {
      await ds.query(`UPDATE outbox SET next_attempt_at = now()`);
      await relay.drainOnce();
    }
    [row] = await ds.query(
      `SELECT attempts, published_at, last_error, extract(epoch FROM next_attempt_at - now()) AS wait FROM outbox WHERE id = $1`, [id],
    );
    expect(row).toMatchObject({ attempts: 26, published_at: null, last_error: 'bus down' });
    expect(Number(row.wait)).toBeLessThanOrEqual(30);
    down = false;
    await ds.query(`UPDATE outbox SET next_attempt_at = now()`);
    expect(await relay.drainOnce()).toBe(1);
    [row] = await ds.query(`SELECT published_at FROM outbox WHERE id = $1`, [id]);
    expect(row.published_at).not.toBeNull();
  });

  it('when the transport comes back, what waited out a backoff is published at once, not at its next try', async () => {
    const [id] = await writeEvents(1);
    let down = true;
    let reconnected = () => {};
    const published: string[] = [];
    const bus: EventBus = {
      kind: 'nats',
      publish: async () => {},
      publishAll: async (events) => {
        if (down) return events.map((e) => ({ eventId: e.id, error: 'no responders' }));
        published.push(...events.map((e) => e.id));
        return [];
      },
      subscribe: async () => {}, watch: async () => {}, close: async () => {},
      onReconnect: (listener) => { reconnected = listener; },
    };
    const relay = new OutboxRelay('catalog', ds, bus, { pollIntervalMs: 200 });
    await relay.start(db.url);
    try {
      await until(() => false, 300).catch(() => undefined);
      // Pretend it has failed for a while: its next try is far off.
      await ds.query(`UPDATE outbox SET attempts = 9, next_attempt_at = now() + interval '30 seconds' WHERE id = $1`, [id]);
      down = false;
      reconnected();
      await until(() => published.includes(id), 2_000);
    } finally {
      await relay.stop();
    }
  });

  it('waits between tries grow to 30 s at most, each somewhere in the upper half of its step', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, () => 0))).toEqual([250, 500, 1000, 2000]);
    expect(retryDelayMs(1000, () => 1)).toBe(30_000);
    expect(retryDelayMs(1000, () => 0)).toBe(15_000);
  });

  it('reopens its LISTEN when the connection is lost, and is woken by commits again', async () => {
    const published: string[] = [];
    const bus: EventBus = {
      kind: 'in-process',
      publish: async () => {},
      publishAll: async (events) => { published.push(...events.map((e) => e.id)); return []; },
      subscribe: async () => {}, watch: async () => {}, close: async () => {},
    };
    // No poll to speak of: only a notification can wake it.
    const relay = new OutboxRelay('catalog', ds, bus, { pollIntervalMs: 3_600_000 });
    await relay.start(db.url);
    try {
      expect(relay.listening).toBe(true);
      await ds.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'dukan-catalog-relay'`);
      await until(() => !relay.listening);
      await until(() => relay.listening, 10_000);
      const [id] = await writeEvents(1);
      await until(() => published.includes(id), 2_000);
    } finally {
      await relay.stop();
    }
  }, 20_000);

  it('a live event is published while a bulk backlog is still being published, each lane in order', async () => {
    const bulkIds = await ds.transaction((m) =>
      outbox.addAll(m, Array.from({ length: 50 }, (_, i) => ({ ctx: systemContext(), type: 'dukan.catalog.product.created.v1', data: { productId: `p${i}` } as never })), { lane: 'bulk' }),
    );
    await expect(ds.transaction((m) => outbox.addAll(m, [{ ctx: systemContext(), type: 'dukan.sales.sale.completed.v1', data: {} as never }], { lane: 'bulk' })))
      .rejects.toThrow(/has no bulk lane/);
    const published: { lane: string; id: string }[] = [];
    let releaseBulk!: () => void;
    const bulkHeld = new Promise<void>((r) => { releaseBulk = r; });
    const bus: EventBus = {
      kind: 'in-process',
      publish: async () => {},
      publishAll: async (events, o) => {
        if (o?.lane === 'bulk') await bulkHeld; // a slow bulk batch
        published.push(...events.map((e) => ({ lane: o?.lane ?? 'live', id: e.id })));
        return [];
      },
      subscribe: async () => {}, watch: async () => {}, close: async () => {},
    };
    const relay = new OutboxRelay('catalog', ds, bus, { pollIntervalMs: 3_600_000, bulkBatchSize: 20, bulkConcurrency: 1 });
    await relay.start(db.url);
    try {
      const [live] = await writeEvents(1);
      await until(() => published.some((p) => p.id === live));
      expect(published.filter((p) => p.lane === 'bulk')).toEqual([]);
      releaseBulk();
      await until(() => published.length === 51);
      expect(published.filter((p) => p.lane === 'bulk').map((p) => p.id)).toEqual(bulkIds.map((e) => e.id));
    } finally {
      releaseBulk();
      await relay.stop();
    }
  }, 20_000);

  it('prunes sent outbox rows and processed-event rows older than the retention, in batches, and keeps the rest', async () => {
    await writeEvents(7);
    await ds.query(`UPDATE outbox SET published_at = now() - interval '8 days' WHERE seq IN (SELECT seq FROM outbox ORDER BY seq LIMIT 5)`);
    await ds.query(`UPDATE outbox SET published_at = now() - interval '6 days' WHERE published_at IS NULL AND seq = (SELECT min(seq) FROM outbox WHERE published_at IS NULL)`);
    await ds.query(
      `INSERT INTO processed_events (consumer, event_id, event_type, processed_at)
       SELECT 'c', gen_random_uuid(), 't', now() - (d || ' days')::interval FROM unnest(ARRAY[1, 2, 8, 9, 10, 30]) AS d`,
    );
    const relay = new OutboxRelay('catalog', ds, new CountingBus(), { pruneBatchSize: 2 });
    expect(await relay.prune()).toEqual({ outbox: 5, processed: 4 });
    const [{ left, unsent }] = await ds.query(`SELECT count(*)::int AS left, count(*) FILTER (WHERE published_at IS NULL)::int AS unsent FROM outbox`);
    expect([left, unsent]).toEqual([2, 1]);
    const [{ kept }] = await ds.query(`SELECT count(*)::int AS kept FROM processed_events`);
    expect(kept).toBe(2);
    await ds.query(`TRUNCATE processed_events`);
  });
});

async function until(ok: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('inbox', () => {
  const event = (): EventEnvelope => ({ id: randomUUID(), type: 'dukan.catalog.category.deleted.v1', occurredAt: new Date().toISOString(), branchId: 'main', actorId: null, data: {} });
  const effect = oneByOne(async (e: EventEnvelope, m) => {
    await m.query(`INSERT INTO effects (event_id) VALUES ($1)`, [e.id]);
  });
  const effects = async (id: string) => (await ds.query(`SELECT count(*)::int AS n FROM effects WHERE event_id = $1`, [id]))[0].n as number;

  it('applies a duplicated event once', async () => {
    const e = event();
    expect(await applyOnce(ds, 'test.consumer', [e], effect)).toBe(1);
    expect(await applyOnce(ds, 'test.consumer', [e], effect)).toBe(0);
    expect(await effects(e.id)).toBe(1);
  });

  it('applies an event delivered to two workers at the same moment once', async () => {
    const e = event();
    const results = await Promise.all(Array.from({ length: 5 }, () => applyOnce(ds, 'test.consumer', [e], effect)));
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await effects(e.id)).toBe(1);
  });

  it('a failed effect leaves no record, so the redelivery applies it', async () => {
    const e = event();
    await expect(applyOnce(ds, 'test.consumer', [e], async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await applyOnce(ds, 'test.consumer', [e], effect)).toBe(1);
    expect(await effects(e.id)).toBe(1);
  });

  it('each consumer applies the event for itself', async () => {
    const e = event();
    await applyOnce(ds, 'stock', [e], effect);
    await applyOnce(ds, 'reporting', [e], effect);
    expect(await effects(e.id)).toBe(2);
  });

  it('a batch applies each new event once, in order, skipping one already applied and one repeated in the batch', async () => {
    const [a, b, c] = [event(), event(), event()];
    await applyOnce(ds, 'test.consumer', [b], effect);
    const order: string[] = [];
    const applied = await applyOnce(ds, 'test.consumer', [a, b, c, a], async (fresh, m) => {
      order.push(...fresh.map((e) => e.id));
      await effect(fresh, m);
    });
    expect(applied).toBe(2);
    expect(order).toEqual([a.id, c.id]);
    expect([await effects(a.id), await effects(b.id), await effects(c.id)]).toEqual([1, 1, 1]);
  });

  it('one failing event undoes its whole batch, and each effect runs in its own event\'s context', async () => {
    const [a, b] = [{ ...event(), correlationId: 'corr-a', actorId: 'user-a' }, { ...event(), correlationId: 'corr-b', actorId: 'user-b' }];
    await expect(applyOnce(ds, 'test.consumer', [a, b], oneByOne(async (e, m) => {
      await m.query(`INSERT INTO effects (event_id) VALUES ($1)`, [e.id]);
      if (e === b) throw new Error('b fails');
    }))).rejects.toThrow('b fails');
    expect([await effects(a.id), await effects(b.id)]).toEqual([0, 0]);
    const seen: string[] = [];
    await applyOnce(ds, 'test.consumer', [a, b], oneByOne(async () => {
      const ctx = currentContext();
      seen.push(`${ctx?.correlationId}/${ctx?.actorId}`);
    }));
    expect(seen).toEqual(['corr-a/user-a', 'corr-b/user-b']);
  });
});

describe('in-process bus', () => {
  const deleted = (id: string): EventEnvelope => ({ id, type: 'dukan.catalog.category.deleted.v1', occurredAt: '', branchId: 'main', actorId: null, data: {} });

  it('publish resolves only after every subscriber applied the event, and fails if one fails', async () => {
    const bus = new InProcessEventBus();
    const seen: string[] = [];
    await bus.subscribe('dukan.catalog.category.deleted.v1', { consumer: 'a' }, async (events) => { seen.push(...events.map((e) => `a:${e.id}`)); });
    await bus.subscribe('dukan.catalog.category.deleted.v1', { consumer: 'b' }, async () => { throw new Error('b is broken'); });
    await expect(bus.publish(deleted('x1'))).rejects.toThrow('b is broken');
    expect(seen).toEqual(['a:x1']);
  });

  it('hands a subscriber the batch of its subject at once, and when one event fails, the others alone', async () => {
    const bus = new InProcessEventBus();
    const batches: string[][] = [];
    await bus.subscribe('dukan.catalog.category.deleted.v1', { consumer: 'picky' }, async (events) => {
      if (events.some((e) => e.id === 'x2')) throw new Error('x2 is bad');
      batches.push(events.map((e) => e.id));
    });
    const other = { ...deleted('y1'), type: 'dukan.catalog.category.created.v1' };
    const failures = await bus.publishAll([deleted('x1'), other, deleted('x2'), deleted('x3')]);
    expect(failures).toEqual([{ eventId: 'x2', error: 'delivery failed for picky: x2 is bad' }]);
    expect(batches).toEqual([['x1'], ['x3']]);
  });
});

describeNats('outbox and inbox over NATS JetStream', () => {
  let ns: string;
  let bus: NatsEventBus;
  beforeEach(async () => {
    ns = uniqueName('js');
    bus = await NatsEventBus.connect({ url: natsUrl!, stream: ns, subjectPrefix: `${ns}.`, name: 'test', maxBytes: 64 * 1024 ** 2 });
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
      publish: async () => {},
      publishAll: async (events) => {
        const failures = await bus.publishAll(events);
        if (!killed) {
          killed = true;
          await ds.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'`);
        }
        return failures;
      },
      subscribe: async () => {},
      watch: async () => {},
      close: async () => {},
    };
    await expect(new OutboxRelay('catalog', ds, dying, { batchSize: 100 }).drainOnce()).rejects.toThrow();
    const [{ sent }] = await ds.query(`SELECT count(*)::int AS sent FROM outbox WHERE published_at IS NOT NULL`);
    expect(sent).toBe(0);
    // The restarted relay republishes all 30; JetStream drops the repeats by Nats-Msg-Id.
    const restarted = new OutboxRelay('catalog', ds, bus);
    while ((await restarted.drainOnce()) > 0) { /* drain */ }
    const onStream = await streamMessages();
    expect(onStream.sort()).toEqual([...ids].sort());
  });

  it('a durable consumer applies a redelivered event once and a duplicate (new message, same event id) once', async () => {
    const e: EventEnvelope = { id: randomUUID(), type: 'dukan.catalog.category.deleted.v1', occurredAt: new Date().toISOString(), branchId: 'main', actorId: null, data: {} };
    let deliveries = 0;
    const done = new Promise<void>((resolve) => {
      void bus.subscribe('dukan.catalog.category.deleted.v1', { consumer: 'inbox-test' }, async (events) => {
        deliveries += 1;
        if (deliveries === 1) throw new Error('first delivery fails; JetStream redelivers');
        await applyOnce(ds, 'inbox-test', events, effect);
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

  it('a backlog reaches the consumer in batches, in the order it was published, each event once', async () => {
    const events: EventEnvelope[] = Array.from({ length: 150 }, (_, i) => ({
      id: randomUUID(), type: 'dukan.catalog.category.deleted.v1', occurredAt: new Date().toISOString(), branchId: 'main', actorId: null, data: { n: i },
    }));
    expect(await bus.publishAll(events)).toEqual([]);
    const sizes: number[] = [];
    const seen: string[] = [];
    await new Promise<void>((resolve) => {
      void bus.subscribe('dukan.catalog.category.deleted.v1', { consumer: 'backlog' }, async (batch) => {
        sizes.push(batch.length);
        seen.push(...batch.map((e) => e.id));
        if (seen.length >= events.length) resolve();
      });
    });
    expect(seen).toEqual(events.map((e) => e.id));
    expect(Math.max(...sizes)).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(64);
  }, 20_000);

  it('a message that is not an event is handed to the keeper and acknowledged; the consumer carries on', async () => {
    const subject = 'dukan.catalog.category.deleted.v1';
    const kept: MalformedMessage[] = [];
    const seen: string[] = [];
    await bus.subscribe(subject, { consumer: 'malformed-test', malformed: async (m) => { kept.push(m); } }, async (events) => {
      seen.push(...events.map((e) => e.id));
    });
    const good: EventEnvelope = { id: randomUUID(), type: subject, occurredAt: new Date().toISOString(), branchId: 'main', actorId: null, data: {} };
    await bus.publishRaw(subject, 'not json {');
    await bus.publishRaw(subject, JSON.stringify({ hello: 'world' }));
    await bus.publishRaw(subject, JSON.stringify({ ...good, id: randomUUID(), type: 'dukan.sales.sale.completed.v1' }));
    await bus.publish(good);
    await until(() => seen.includes(good.id));
    expect(kept.map((k) => [k.subject, k.body.slice(0, 17)])).toEqual([
      [subject, 'not json {'], [subject, '{"hello":"world"}'], [subject, expect.stringContaining('{"id":')],
    ]);
    expect(kept.map((k) => k.error)).toEqual([expect.stringMatching(/^not JSON/), 'the event has no valid id', expect.stringMatching(/is not its subject/)]);
    const nc = await connect({ servers: natsUrl! });
    const info = await (await jetstreamManager(nc)).consumers.info(ns, 'malformed-test');
    await nc.close();
    expect([info.num_ack_pending, info.num_pending]).toEqual([0, 0]);
  }, 20_000);

  it('a bulk backlog is consumed apart: a live event on the same subject is applied before the backlog drains', async () => {
    const subject = 'dukan.catalog.product.updated.v1';
    const make = (i: number): EventEnvelope => ({ id: randomUUID(), type: subject, occurredAt: new Date().toISOString(), branchId: 'main', actorId: null, data: { n: i } });
    const backlog = Array.from({ length: 3000 }, (_, i) => make(i));
    expect(await bus.publishAll(backlog, { lane: 'bulk' })).toEqual([]);
    const seen: string[] = [];
    const live = make(-1);
    await bus.subscribe(subject, { consumer: 'lanes' }, async (batch) => {
      if (batch[0].id !== live.id) await new Promise((r) => setTimeout(r, 30)); // applying a bulk batch takes a while
      seen.push(...batch.map((e) => e.id));
    });
    await bus.publish(live);
    await until(() => seen.length === 3001, 15_000);
    expect(seen.indexOf(live.id)).toBeLessThan(2000);
    expect(seen.filter((id) => id !== live.id)).toEqual(backlog.map((e) => e.id));
  }, 20_000);

  it('a consumer never gives up redelivering, also one an earlier version made with a limit', async () => {
    const nc = await connect({ servers: natsUrl! });
    const jsm = await jetstreamManager(nc);
    await jsm.consumers.add(ns, { durable_name: 'old-limit', ack_policy: AckPolicy.Explicit, max_deliver: 10, filter_subject: `${ns}.dukan.catalog.category.deleted.v1` });
    await bus.subscribe('dukan.catalog.category.deleted.v1', { consumer: 'old-limit' }, async () => {});
    await bus.subscribe('dukan.catalog.category.created.v1', { consumer: 'new-one' }, async () => {});
    const limits = [(await jsm.consumers.info(ns, 'old-limit')).config.max_deliver, (await jsm.consumers.info(ns, 'new-one')).config.max_deliver];
    const stream = (await jsm.streams.info(ns)).config;
    await nc.close();
    expect(limits).toEqual([-1, -1]);
    // The stream keeps 30 days by default, well above the 7 days of outbox and inbox rows, within a byte limit.
    expect(stream.max_age).toBe(30 * 24 * 3600 * 1e9);
    expect(stream.max_bytes).toBe(64 * 1024 ** 2);
  });

  const effect = oneByOne(async (e: EventEnvelope, m) => {
    await m.query(`INSERT INTO effects (event_id) VALUES ($1)`, [e.id]);
  });
});
