import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@dukan/gateway';
import { eventually, freePort } from '@dukan/testing';
import { salePayload } from '../../services/sales/test/helpers.js';
import {
  built,
  count,
  type FaultCluster,
  knownCustomer,
  NATS_SERVER,
  type SaleTally,
  sellableProduct,
  sellUntilAnswered,
  settledEffects,
  sleep,
  START_MS,
  startFaultCluster,
  within,
} from './fault-cluster.js';

// PostgreSQL really restarted (stopped, then started on the same port and data) while five tills sell and retry
// each sale with its Idempotency-Key: the services reconnect by themselves, every sale is answered once, and its
// effects (stock, the customer's purchases, the reports) arrive once. The server is the test's own (embedded
// PostgreSQL on a free port), so stopping it touches no other test.

const describeFaults = built && existsSync(NATS_SERVER) ? describe : describe.skip;
const RESTARTS = Number(process.env.FAULT_PG_RESTARTS ?? 3);
const TILLS = 5;
const STOCK = 100_000;

describeFaults("PostgreSQL restarted during sales (a server of the test's own)", () => {
  let f: FaultCluster;
  let server: { url: string; stop(): Promise<void> };
  const dataDir = mkdtempSync(join(tmpdir(), 'dukan-faults-pg-'));
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    server = await startEmbeddedPostgres(dataDir, port);
    // The database and the roles live and die with this server.
    f = await startFaultCluster('pgrestart', { database: { url: server.url, name: 'dukan', drop: async () => undefined } });
  }, START_MS);

  afterAll(async () => {
    await f?.dispose().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it(
    `${RESTARTS} restarts while ${TILLS} tills sell: the services reconnect, nothing lost or doubled`,
    async () => {
      const { api, token } = f;
      const product = await sellableProduct(f, 'PGR-1', 300, STOCK);
      const customer = await knownCustomer(f, '07501116677');
      const answered = new Map<string, { saleId: string; units: number }>();
      const tally: SaleTally = { requests: 0, retries: 0, statuses: {} };
      const downFor: number[] = [];
      let stop = false;

      const till = async (t: number) => {
        try {
          for (let n = 0; !stop; n++) {
            const key = `pgr-${t}-${n}`;
            const units = 1 + (n % 2);
            const body = salePayload([{ product, quantity: units }], { register: `till-${t}`, ...(t === 0 ? { customer } : {}) });
            // A request caught by the restart is answered 503 (try again), which the till sends again. A 500 is counted
            // and sent again too, so the run ends and prints its figures, and then fails the test.
            const sale = await sellUntilAnswered(api, token, key, body, tally, { deadlineMs: 180_000, retryOn: [500] });
            answered.set(key, { saleId: sale.saleId, units });
          }
        } catch (err) {
          stop = true;
          throw err;
        }
      };
      const restarter = async () => {
        try {
          for (let r = 0; r < RESTARTS && !stop; r++) {
            const before = answered.size;
            await eventually(async () => stop || answered.size >= before + 10, 180_000, 20);
            if (stop) break;
            const down = Date.now();
            await within(server.stop(), 60_000, 'PostgreSQL stop');
            await sleep(2000);
            server = await within(startEmbeddedPostgres(dataDir, port), 60_000, 'PostgreSQL start');
            downFor.push(Date.now() - down);
          }
          // Sales go on after the last restart, on the connections the services made again.
          const before = answered.size;
          await eventually(async () => stop || answered.size >= before + 10, 180_000, 20);
        } finally {
          stop = true;
        }
      };
      await within(Promise.all([restarter(), ...Array.from({ length: TILLS }, (_, t) => till(t))]), 20 * 60_000, 'restart run');

      // A connection of the test's own, made after the restarts.
      const sql = new pg.Client({ connectionString: server.url });
      await sql.connect();
      try {
        const keys = [...answered.keys()];
        const stored = new Map(
          (
            (await sql.query(`SELECT key, sale_id::text AS sale_id FROM sales.idempotency_keys WHERE key LIKE 'pgr-%' AND state = 'done'`))
              .rows as { key: string; sale_id: string }[]
          ).map((r) => [r.key, r.sale_id]),
        );
        const lost = keys.filter((k) => stored.get(k) !== answered.get(k)!.saleId).length;
        const salesStored = await count(sql, `SELECT count(DISTINCT l.sale_id) AS n FROM sales.sale_lines l WHERE l.product_id = $1`, [
          product.id,
        ]);
        const doubled = salesStored - (keys.length - lost);
        const unitsSold = [...answered.values()].reduce((t, a) => t + a.units, 0);
        const toCustomer = keys.filter((k) => k.startsWith('pgr-0-')).length;
        const { seconds, ...settled } = await settledEffects(f, sql, { id: product.id, stock: STOCK }, customer, {
          stockOff: unitsSold,
          purchases: toCustomer,
          reported: keys.length,
        });
        console.log(
          `PostgreSQL restarted ${downFor.length} times (down ${downFor.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s) while ${TILLS} tills sold: ` +
            `${answered.size} sales answered, ${tally.retries} retries in ${tally.requests} requests (${JSON.stringify(tally.statuses)}); ${lost} lost, ${doubled} doubled; ` +
            `effects: stock ${settled.stockOff} of ${unitsSold} units off, ${settled.purchases} of ${toCustomer} purchases, ${settled.reported} of ${keys.length} sales reported, ` +
            `${seconds.toFixed(1)} s after the last sale`,
        );
        expect(downFor).toHaveLength(RESTARTS);
        expect({ answered500: tally.statuses['500'] ?? 0 }).toEqual({ answered500: 0 });
        expect({ lost, doubled }).toEqual({ lost: 0, doubled: 0 });
        expect(settled).toEqual({ stockOff: unitsSold, purchases: toCustomer, reported: keys.length });
        expect(Object.values(await f.statuses()).every((s) => s === 200)).toBe(true);
      } finally {
        await sql.end();
      }
    },
    30 * 60_000,
  );
});
