import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { Injectable, Module } from '@nestjs/common';
import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import type { EventEnvelope, EventOf } from '@dukan/contracts';
import { declareConsumers, DomainError, NatsEventBus, ServicePlatformModule, type EventHandler } from '@dukan/platform';
import { findNats, startServiceApp, type ServiceTestApp } from '@dukan/testing';

const natsUrl = await findNats();
const describeNats = natsUrl ? describe : describe.skip;
const run = promisify(execFile);
const SUBJECT = 'dukan.settings.settings.changed.v1';

class Effects1700000000000 implements MigrationInterface {
  name = 'Effects1700000000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE effects (event_id uuid PRIMARY KEY)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE effects`);
  }
}

/** Refuses events marked 'refuse' while `refusing` is set; fails the first tries of 'flaky' ones as a lost connection would. */
@Injectable()
class PickyHandler implements EventHandler<typeof SUBJECT> {
  readonly subject = SUBJECT;
  static refusing = true;
  static flakyTries = 0;
  async handle(event: EventOf<typeof SUBJECT>, m: EntityManager): Promise<void> {
    const mode = (event.data as unknown as { mode: string }).mode;
    if (mode === 'refuse' && PickyHandler.refusing) throw DomainError.validation({ mode: 'validation.invalidValue' });
    if (mode === 'flaky' && ++PickyHandler.flakyTries <= 2) throw new Error('Connection terminated unexpectedly');
    await m.query(`INSERT INTO effects (event_id) VALUES ($1)`, [event.id]);
  }
}

@Module({
  imports: [
    ServicePlatformModule.forService({
      service: 'settings',
      entities: [],
      migrations: [Effects1700000000000],
      consumers: declareConsumers('settings', [{ name: 'settings.PickyHandler', subject: SUBJECT, handler: PickyHandler }]),
    }),
  ],
  providers: [PickyHandler],
})
class PickyModule {}

const event = (mode: string): EventEnvelope => ({
  id: randomUUID(),
  type: SUBJECT,
  occurredAt: new Date().toISOString(),
  branchId: 'main',
  actorId: null,
  data: { mode },
});

async function until(ok: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describeNats('events a consumer refuses for good are parked, shown in health, and re-driven on request', () => {
  let t: ServiceTestApp;
  beforeAll(async () => {
    t = await startServiceApp({ service: 'settings', module: () => ({ module: PickyModule }), bus: 'nats' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const applied = async (id: string) => (await t.dataSource().query(`SELECT 1 FROM effects WHERE event_id = $1`, [id])).length === 1;
  const parked = async (): Promise<{ event_id: string | null; error: string; payload: string }[]> =>
    t.dataSource().query(`SELECT event_id, error, payload FROM parked_events ORDER BY id`);

  it('parks an unreadable message and a refused event, retries a failing one until it applies, and keeps serving', async () => {
    const bus = t.bus as NatsEventBus;
    expect((await t.get('/health')).body).toEqual({ status: 'up' });
    const refused = event('refuse');
    const flaky = event('flaky');
    const fine = event('fine');
    await bus.publishRaw(SUBJECT, '{"this is": not json');
    await bus.publish(refused);
    await bus.publish(flaky);
    await bus.publish(fine);
    await until(async () => (await applied(fine.id)) && (await applied(flaky.id)));
    expect(PickyHandler.flakyTries).toBe(3);
    const rows = await parked();
    expect(rows.map((r) => [r.event_id, r.error.slice(0, 12)])).toEqual([
      [null, 'not JSON: Un'],
      [refused.id, 'validation.f'],
    ]);
    expect(rows[0].payload).toBe('{"this is": not json');
    expect(await applied(refused.id)).toBe(false);
    // The process is alive and says something needs attention.
    const health = await t.get('/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'degraded', details: { 'events:settings': { parked: 2 } } });
    const ready = await t.get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('degraded');
  }, 30_000);

  it('lists them and re-drives them with `npm run events`: the refused event applies once the cause is fixed', async () => {
    const env = { ...process.env, DATABASE_URL: t.db.url };
    const listed = (await run(process.execPath, ['scripts/events.mjs', 'parked'], { env })).stdout;
    expect(listed).toMatch(/settings:\d+ {2}settings\.PickyHandler {2}dukan\.settings\.settings\.changed\.v1 {2}event \(unreadable\)/);
    expect(listed).toContain('error: validation.failed');
    expect(listed).toContain('2 parked.');
    const [refused] = (await parked()).filter((r) => r.event_id);
    PickyHandler.refusing = false;
    const redriven = await run(process.execPath, ['scripts/events.mjs', 'redrive', 'all'], { env }).catch((e: { stdout: string }) => e);
    expect(redriven.stdout).toContain('1 applied, 1 refused again.');
    expect(await applied(refused.event_id!)).toBe(true);
    expect((await parked()).map((r) => r.event_id)).toEqual([null]);
    expect((await t.get('/health')).body).toEqual({ status: 'degraded', details: { 'events:settings': { parked: 1 } } });
    await t.dataSource().query(`DELETE FROM parked_events`);
    expect((await t.get('/health')).body).toEqual({ status: 'up' });
  }, 40_000);
});
