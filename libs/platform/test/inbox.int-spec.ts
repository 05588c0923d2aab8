// The inbox: each event applied once by each consumer, and the in-process bus that delivers them.
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { EventEnvelope } from '@dukan/contracts';
import { applyOnce, currentContext, InProcessEventBus, oneByOne } from '@dukan/platform';
import { eventTables } from './event-tables.js';

let ds: DataSource;
const tables = eventTables();
beforeAll(() => {
  ds = tables.ds;
});

describe('inbox', () => {
  const event = (): EventEnvelope => ({
    id: randomUUID(),
    type: 'dukan.catalog.category.deleted.v1',
    occurredAt: new Date().toISOString(),
    branchId: 'main',
    actorId: null,
    data: {},
  });
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
    await expect(
      applyOnce(ds, 'test.consumer', [e], async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
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

  it("one failing event undoes its whole batch, and each effect runs in its own event's context", async () => {
    const [a, b] = [
      { ...event(), correlationId: 'corr-a', actorId: 'user-a' },
      { ...event(), correlationId: 'corr-b', actorId: 'user-b' },
    ];
    await expect(
      applyOnce(
        ds,
        'test.consumer',
        [a, b],
        oneByOne(async (e, m) => {
          await m.query(`INSERT INTO effects (event_id) VALUES ($1)`, [e.id]);
          if (e === b) throw new Error('b fails');
        }),
      ),
    ).rejects.toThrow('b fails');
    expect([await effects(a.id), await effects(b.id)]).toEqual([0, 0]);
    const seen: string[] = [];
    await applyOnce(
      ds,
      'test.consumer',
      [a, b],
      oneByOne(async () => {
        const ctx = currentContext();
        seen.push(`${ctx?.correlationId}/${ctx?.actorId}`);
      }),
    );
    expect(seen).toEqual(['corr-a/user-a', 'corr-b/user-b']);
  });
});

describe('in-process bus', () => {
  const deleted = (id: string): EventEnvelope => ({
    id,
    type: 'dukan.catalog.category.deleted.v1',
    occurredAt: '',
    branchId: 'main',
    actorId: null,
    data: {},
  });

  it('publish resolves only after every subscriber applied the event, and fails if one fails', async () => {
    const bus = new InProcessEventBus();
    const seen: string[] = [];
    await bus.subscribe('dukan.catalog.category.deleted.v1', { consumer: 'a' }, async (events) => {
      seen.push(...events.map((e) => `a:${e.id}`));
    });
    await bus.subscribe('dukan.catalog.category.deleted.v1', { consumer: 'b' }, async () => {
      throw new Error('b is broken');
    });
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
