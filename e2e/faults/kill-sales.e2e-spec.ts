import { existsSync } from 'node:fs';
import { eventually } from '@dukan/testing';
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

// kill -9 of the sales process in the middle of checkouts, again and again, while five tills sell and retry each
// sale with its own Idempotency-Key until it is answered (as the till does). Nothing may be lost (an answered sale
// missing) or doubled (a key that made two sales), and a retry must be answered with the sale the key first made.
// Every wait has a deadline: a sale that is never answered, a restart that never comes, ends the test.

const describeFaults = built && existsSync(NATS_SERVER) ? describe : describe.skip;
/** The figure; FAULT_KILLS lowers it for a quick local run. */
const KILLS = Number(process.env.FAULT_KILLS ?? 50);
const TILLS = 5;
/** How long one sale may go unanswered (through a kill and a restart, which may take minutes on a loaded machine) before the test gives up on it. */
const SALE_DEADLINE_MS = 360_000;
const STOCK = 1_000_000;

interface Answered {
  saleId: string;
  invoice: string;
  body: ReturnType<typeof salePayload>;
}

describeFaults('sales killed with kill -9 in the middle of checkouts (cluster shape)', () => {
  let f: FaultCluster;

  beforeAll(async () => {
    // A key claimed by a killed process is taken over after this long (a customer's sale claims its key first).
    f = await startFaultCluster('kill', { env: { IDEMPOTENCY_TAKEOVER_SECONDS: '5' } });
  }, START_MS);

  afterAll(() => f?.dispose(), 90_000);

  it(
    `${KILLS} kills while ${TILLS} tills retry their same Idempotency-Key: 0 lost, 0 doubled, every retry answered with the original sale`,
    async () => {
      const { api, token, sql, cluster } = f;
      const product = await sellableProduct(f, 'KILL-1', 300, STOCK);
      const customer = await knownCustomer(f, '07501113344');
      const answered = new Map<string, Answered>();
      const tally: SaleTally = { requests: 0, retries: 0, statuses: {} };
      const figures = { attempted: 0, answeredAfterRetry: 0, secondAnswers: 0, secondAnswersOriginal: 0, inFlightAtKills: 0, kills: 0 };
      const inFlight = new Set<number>();
      /** Sales answered per till: the killer waits for every till to make headway on each fresh process. */
      const answeredBy = Array.from({ length: TILLS }, () => 0);
      const restarts: number[] = []; // how long sales took to be ready again after each kill
      let stop = false;

      const till = async (t: number) => {
        try {
          for (let n = 0; !stop; n++) {
            const key = `kill-${t}-${n}`;
            const body = salePayload([{ product, quantity: 1 + (n % 2) }], { register: `till-${t}`, ...(t === 0 ? { customer } : {}) });
            figures.attempted++;
            const first = await sellUntilAnswered(api, token, key, body, tally, {
              deadlineMs: SALE_DEADLINE_MS,
              sending: (on) => (on ? inFlight.add(t) : inFlight.delete(t)),
            });
            if (first.attempts > 1) figures.answeredAfterRetry++;
            answered.set(key, { saleId: first.saleId, invoice: first.invoice, body });
            answeredBy[t] = (answeredBy[t] ?? 0) + 1;
          }
        } catch (err) {
          stop = true; // the killer stops too
          throw err;
        }
      };

      const killer = async () => {
        try {
          for (let k = 0; k < KILLS && !stop; k++) {
            // Checkouts under way on the fresh process, then a moment picked at random among them. Every till has had
            // a sale answered by this process first: the customer's till (a call to loyalty more) is slower, and on a
            // loaded machine killing after any three sales could keep killing it mid-sale, never the service's fault.
            const before = answered.size;
            const beforeBy = [...answeredBy];
            await eventually(async () => stop || (answered.size >= before + 3 && answeredBy.every((n, t) => n > beforeBy[t]!)), {
              timeoutMs: 120_000,
              everyMs: 10,
              what: 'a sale answered at every till by the fresh process',
            });
            if (stop) break;
            await sleep(Math.floor(Math.random() * 120));
            figures.inFlightAtKills += inFlight.size;
            await within(cluster.killService('sales'), 10_000, 'kill -9 sales');
            figures.kills++;
            const down = Date.now();
            await within(cluster.startService('sales'), 300_000, 'sales restart');
            restarts.push(Date.now() - down);
          }
        } finally {
          stop = true;
        }
      };

      const started = Date.now();
      await within(Promise.all([killer(), ...Array.from({ length: TILLS }, (_, t) => till(t))]), 25 * 60_000, 'kill run');
      const runSeconds = (Date.now() - started) / 1000;

      // Each key once more, as a till that never heard its answer would send it: the original sale must come back.
      const keys = [...answered.keys()];
      await within(
        Promise.all(
          Array.from({ length: TILLS }, async (_, lane) => {
            for (let i = lane; i < keys.length; i += TILLS) {
              const a = answered.get(keys[i]!)!;
              const res = await within(
                api.post('/api/transactions', a.body, { token, headers: { 'idempotency-key': keys[i]! } }),
                40_000,
                keys[i]!,
              );
              figures.secondAnswers++;
              if (res.status === 201 && res.body.data._id === a.saleId && res.body.data.invoiceNumber === a.invoice)
                figures.secondAnswersOriginal++;
            }
          }),
        ),
        300_000,
        'second answers',
      );

      // Against the database: each answered key is one stored sale, the one answered; no sale without its key.
      const stored = (await sql.query(`SELECT key, sale_id::text AS sale_id, state FROM sales.idempotency_keys WHERE key LIKE 'kill-%'`))
        .rows as { key: string; sale_id: string; state: string }[];
      const byKey = new Map(stored.map((r) => [r.key, r]));
      const lost = keys.filter((k) => byKey.get(k)?.state !== 'done' || byKey.get(k)?.sale_id !== answered.get(k)!.saleId).length;
      const salesStored = await count(
        sql,
        `SELECT count(DISTINCT s.id) AS n FROM sales.sales s JOIN sales.sale_lines l ON l.sale_id = s.id WHERE l.product_id = $1`,
        [product.id],
      );
      const missingRows = await count(
        sql,
        `SELECT count(*) AS n FROM unnest($1::uuid[]) AS a(id) WHERE NOT EXISTS (SELECT 1 FROM sales.sales s WHERE s.id = a.id)`,
        [keys.map((k) => answered.get(k)!.saleId)],
      );
      const doubled = salesStored - (keys.length - missingRows);
      const unitsSold = [...answered.values()].reduce((t, a) => t + a.body.items[0]!.quantity, 0);
      const toCustomer = keys.filter((k) => k.startsWith('kill-0-')).length;

      // The sales' effects elsewhere: stock, the customer's purchases and the reports, each once.
      const { seconds, ...settled } = await settledEffects(f, sql, { id: product.id, stock: STOCK }, customer, {
        stockOff: unitsSold,
        purchases: toCustomer,
        reported: keys.length,
      });
      console.log(
        `kill -9 sales ${figures.kills} times in ${runSeconds.toFixed(0)} s (${figures.inFlightAtKills} checkouts in flight at the kills; ready again after ` +
          `${(Math.min(...restarts) / 1000).toFixed(1)}–${(Math.max(...restarts) / 1000).toFixed(1)} s), ${TILLS} tills: ` +
          `${figures.attempted} sales attempted, ${answered.size} answered (${figures.answeredAfterRetry} only after retrying), ${tally.retries} retries in ${tally.requests} requests (${JSON.stringify(tally.statuses)}); ` +
          `${lost} lost, ${doubled} doubled, ${missingRows} answered sales not stored; ${figures.secondAnswersOriginal} of ${figures.secondAnswers} keys sent again answered with the original sale; ` +
          `effects: stock ${settled.stockOff} of ${unitsSold} units off, ${settled.purchases} of ${toCustomer} purchases, ${settled.reported} of ${keys.length} sales reported, ` +
          `${seconds.toFixed(1)} s after the last sale`,
      );
      expect(figures.kills).toBe(KILLS);
      expect(figures.inFlightAtKills).toBeGreaterThan(0);
      expect({ lost, doubled, missingRows }).toEqual({ lost: 0, doubled: 0, missingRows: 0 });
      expect(figures.attempted - answered.size).toBe(0);
      expect(figures.secondAnswersOriginal).toBe(keys.length);
      expect(settled).toEqual({ stockOff: unitsSold, purchases: toCustomer, reported: keys.length });
      expect(Object.values(await f.statuses()).every((s) => s === 200)).toBe(true);
    },
    30 * 60_000,
  );
});
