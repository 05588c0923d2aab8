// The outbox and its relay: events written with the change, published in order, never given up, pruned.
import type { DataSource } from 'typeorm';
import { retryDelayMs, OutboxRelay, systemContext, type EventBus } from '@dukan/platform';
import { eventTables, outbox, writeEvents, CountingBus, until } from './event-tables.js';

let ds: DataSource;
const tables = eventTables();
beforeAll(() => {
  ds = tables.ds;
});

describe('outbox', () => {
  it('refuses to write outside a transaction, so an event can never leave without its change', async () => {
    await expect(
      outbox.add(ds.manager, systemContext(), 'dukan.catalog.category.deleted.v1', { categoryId: 'x' } as never),
    ).rejects.toThrow(/inside the transaction/);
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
    const ids = await writeEvents(ds, 60);
    const a = new CountingBus();
    const b = new CountingBus();
    const relayA = new OutboxRelay('catalog', ds, a, { batchSize: 7 });
    const relayB = new OutboxRelay('catalog', ds, b, { batchSize: 7 });
    const drain = async (r: OutboxRelay) => {
      while ((await r.drainOnce()) > 0) {
        /* until empty */
      }
    };
    await Promise.all([drain(relayA), drain(relayB)]);
    const all = [...a.published, ...b.published];
    expect(all.sort()).toEqual([...ids].sort());
    expect(new Set(all).size).toBe(60);
    const [{ pending }] = await ds.query(`SELECT count(*)::int AS pending FROM outbox WHERE published_at IS NULL`);
    expect(pending).toBe(0);
  });

  it('a batch where one event cannot be published marks the others sent and keeps that one for later', async () => {
    const ids = await writeEvents(ds, 3);
    const partial: EventBus = {
      kind: 'in-process',
      publish: async () => {},
      publishAll: async () => [{ eventId: ids[1], error: 'refused' }],
      subscribe: async () => {},
      watch: async () => {},
      close: async () => {},
    };
    await new OutboxRelay('catalog', ds, partial).drainOnce();
    const rows: { id: string; sent: boolean; attempts: number; last_error: string | null }[] = await ds.query(
      `SELECT id, published_at IS NOT NULL AS sent, attempts, last_error FROM outbox ORDER BY seq`,
    );
    expect(rows.map((r) => [r.sent, r.attempts, r.last_error])).toEqual([
      [true, 0, null],
      [false, 1, 'refused'],
      [true, 0, null],
    ]);
  });

  it('a failing publish is retried with capped, jittered backoff for as long as it takes, then published', async () => {
    const [id] = await writeEvents(ds, 1);
    let down = true;
    const flaky: EventBus = {
      kind: 'in-process',
      publish: async () => {},
      publishAll: async (events) => (down ? events.map((e) => ({ eventId: e.id, error: 'bus down' })) : []),
      subscribe: async () => {},
      watch: async () => {},
      close: async () => {},
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
      `SELECT attempts, published_at, last_error, extract(epoch FROM next_attempt_at - now()) AS wait FROM outbox WHERE id = $1`,
      [id],
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
    const [id] = await writeEvents(ds, 1);
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
      subscribe: async () => {},
      watch: async () => {},
      close: async () => {},
      onReconnect: (listener) => {
        reconnected = listener;
      },
    };
    const relay = new OutboxRelay('catalog', ds, bus, { pollIntervalMs: 200 });
    await relay.start(tables.url);
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
    // EVENT_RETRY_MAX_MS lowers the cap (the fault tier reaches 'many times the cap' in seconds with it).
    expect([1, 2, 3, 4, 50].map((n) => retryDelayMs(n, () => 1, 2000))).toEqual([500, 1000, 2000, 2000, 2000]);
  });

  it('reopens its LISTEN when the connection is lost, and is woken by commits again', async () => {
    const published: string[] = [];
    const bus: EventBus = {
      kind: 'in-process',
      publish: async () => {},
      publishAll: async (events) => {
        published.push(...events.map((e) => e.id));
        return [];
      },
      subscribe: async () => {},
      watch: async () => {},
      close: async () => {},
    };
    // No poll to speak of: only a notification can wake it.
    const relay = new OutboxRelay('catalog', ds, bus, { pollIntervalMs: 3_600_000 });
    await relay.start(tables.url);
    try {
      expect(relay.listening).toBe(true);
      await ds.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'dukan-catalog-relay'`);
      await until(() => !relay.listening);
      await until(() => relay.listening, 10_000);
      const [id] = await writeEvents(ds, 1);
      await until(() => published.includes(id), 2_000);
    } finally {
      await relay.stop();
    }
  }, 20_000);

  it('a live event is published while a bulk backlog is still being published, each lane in order', async () => {
    const bulkIds = await ds.transaction((m) =>
      outbox.addAll(
        m,
        Array.from({ length: 50 }, (_, i) => ({
          ctx: systemContext(),
          type: 'dukan.catalog.product.created.v1',
          data: { productId: `p${i}` } as never,
        })),
        { lane: 'bulk' },
      ),
    );
    await expect(
      ds.transaction((m) =>
        outbox.addAll(m, [{ ctx: systemContext(), type: 'dukan.sales.sale.completed.v1', data: {} as never }], { lane: 'bulk' }),
      ),
    ).rejects.toThrow(/has no bulk lane/);
    const published: { lane: string; id: string }[] = [];
    let releaseBulk!: () => void;
    const bulkHeld = new Promise<void>((r) => {
      releaseBulk = r;
    });
    const bus: EventBus = {
      kind: 'in-process',
      publish: async () => {},
      publishAll: async (events, o) => {
        if (o?.lane === 'bulk') await bulkHeld; // a slow bulk batch
        published.push(...events.map((e) => ({ lane: o?.lane ?? 'live', id: e.id })));
        return [];
      },
      subscribe: async () => {},
      watch: async () => {},
      close: async () => {},
    };
    const relay = new OutboxRelay('catalog', ds, bus, { pollIntervalMs: 3_600_000, bulkBatchSize: 20, bulkConcurrency: 1 });
    await relay.start(tables.url);
    try {
      const [live] = await writeEvents(ds, 1);
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
    await writeEvents(ds, 7);
    await ds.query(`UPDATE outbox SET published_at = now() - interval '8 days' WHERE seq IN (SELECT seq FROM outbox ORDER BY seq LIMIT 5)`);
    await ds.query(
      `UPDATE outbox SET published_at = now() - interval '6 days' WHERE published_at IS NULL AND seq = (SELECT min(seq) FROM outbox WHERE published_at IS NULL)`,
    );
    await ds.query(
      `INSERT INTO processed_events (consumer, event_id, event_type, processed_at)
       SELECT 'c', gen_random_uuid(), 't', now() - (d || ' days')::interval FROM unnest(ARRAY[1, 2, 8, 9, 10, 30]) AS d`,
    );
    const relay = new OutboxRelay('catalog', ds, new CountingBus(), { pruneBatchSize: 2 });
    expect(await relay.prune()).toEqual({ outbox: 5, processed: 4 });
    const [{ left, unsent }] = await ds.query(
      `SELECT count(*)::int AS left, count(*) FILTER (WHERE published_at IS NULL)::int AS unsent FROM outbox`,
    );
    expect([left, unsent]).toEqual([2, 1]);
    const [{ kept }] = await ds.query(`SELECT count(*)::int AS kept FROM processed_events`);
    expect(kept).toBe(2);
    await ds.query(`TRUNCATE processed_events`);
  });
});
