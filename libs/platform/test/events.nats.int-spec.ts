// The outbox and the inbox over NATS JetStream.
import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { DataSource } from 'typeorm';
import type { EventEnvelope } from '@dukan/contracts';
import { applyOnce, NatsEventBus, oneByOne, OutboxRelay, type EventBus, type MalformedMessage } from '@dukan/platform';
import { findNats, uniqueName } from '@dukan/testing';
import { eventTables, until, writeEvents } from './event-tables.js';

const natsUrl = await findNats();
const describeNats = natsUrl ? describe : describe.skip;

let ds: DataSource;
const tables = eventTables();
beforeAll(() => {
  ds = tables.ds;
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
    const ids = await writeEvents(ds, 30);
    // The first relay publishes, then its database connection dies mid-transaction: nothing is marked sent.
    let killed = false;
    const dying: EventBus = {
      kind: 'nats',
      publish: async () => {},
      publishAll: async (events) => {
        const failures = await bus.publishAll(events);
        if (!killed) {
          killed = true;
          await ds.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'`,
          );
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
    while ((await restarted.drainOnce()) > 0) {
      /* drain */
    }
    const onStream = await streamMessages();
    expect(onStream.sort()).toEqual([...ids].sort());
  });

  it('a durable consumer applies a redelivered event once and a duplicate (new message, same event id) once', async () => {
    const e: EventEnvelope = {
      id: randomUUID(),
      type: 'dukan.catalog.category.deleted.v1',
      occurredAt: new Date().toISOString(),
      branchId: 'main',
      actorId: null,
      data: {},
    };
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
      id: randomUUID(),
      type: 'dukan.catalog.category.deleted.v1',
      occurredAt: new Date().toISOString(),
      branchId: 'main',
      actorId: null,
      data: { n: i },
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
    await bus.subscribe(
      subject,
      {
        consumer: 'malformed-test',
        malformed: async (m) => {
          kept.push(m);
        },
      },
      async (events) => {
        seen.push(...events.map((e) => e.id));
      },
    );
    const good: EventEnvelope = {
      id: randomUUID(),
      type: subject,
      occurredAt: new Date().toISOString(),
      branchId: 'main',
      actorId: null,
      data: {},
    };
    await bus.publishRaw(subject, 'not json {');
    await bus.publishRaw(subject, JSON.stringify({ hello: 'world' }));
    await bus.publishRaw(subject, JSON.stringify({ ...good, id: randomUUID(), type: 'dukan.sales.sale.completed.v1' }));
    await bus.publish(good);
    await until(() => seen.includes(good.id));
    expect(kept.map((k) => [k.subject, k.body.slice(0, 17)])).toEqual([
      [subject, 'not json {'],
      [subject, '{"hello":"world"}'],
      [subject, expect.stringContaining('{"id":')],
    ]);
    expect(kept.map((k) => k.error)).toEqual([
      expect.stringMatching(/^not JSON/),
      'the event has no valid id',
      expect.stringMatching(/is not its subject/),
    ]);
    const nc = await connect({ servers: natsUrl! });
    const info = await (await jetstreamManager(nc)).consumers.info(ns, 'malformed-test');
    await nc.close();
    expect([info.num_ack_pending, info.num_pending]).toEqual([0, 0]);
  }, 20_000);

  it('a bulk backlog is consumed apart: a live event on the same subject is applied before the backlog drains', async () => {
    const subject = 'dukan.catalog.product.updated.v1';
    const make = (i: number): EventEnvelope => ({
      id: randomUUID(),
      type: subject,
      occurredAt: new Date().toISOString(),
      branchId: 'main',
      actorId: null,
      data: { n: i },
    });
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
    await jsm.consumers.add(ns, {
      durable_name: 'old-limit',
      ack_policy: AckPolicy.Explicit,
      max_deliver: 10,
      filter_subject: `${ns}.dukan.catalog.category.deleted.v1`,
    });
    await bus.subscribe('dukan.catalog.category.deleted.v1', { consumer: 'old-limit' }, async () => {});
    await bus.subscribe('dukan.catalog.category.created.v1', { consumer: 'new-one' }, async () => {});
    const limits = [
      (await jsm.consumers.info(ns, 'old-limit')).config.max_deliver,
      (await jsm.consumers.info(ns, 'new-one')).config.max_deliver,
    ];
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
