import { eventually } from '@dukan/testing';
import { salePayload } from '../../services/sales/test/helpers.js';
import { built, count, type FaultCluster, knownCustomer, sellableProduct, START_MS, startFaultCluster, within } from './fault-cluster.js';

// Two processes each of sales, catalog, loyalty and settings against one database and one NATS: the gateway
// spreads the calls, sales spreads its calls to loyalty and settings, the processes share their consumers, and
// every sale takes its stock off once. Then one process of each is killed (kill -9): no call goes to a dead one.

const describeCluster = built ? describe : describe.skip;
const TILLS = 5;

describeCluster('replicas: sales=2, catalog=2, loyalty=2, settings=2', () => {
  let f: FaultCluster;

  beforeAll(async () => {
    // Sales asks settings for the rate on every sale, so each sale calls settings (and loyalty, for a customer).
    // A slow answer is not this test's fault: sales waits for settings and loyalty longer than it would at a till.
    f = await startFaultCluster('replicas', {
      replicas: { sales: 2, catalog: 2, loyalty: 2, settings: 2 },
      env: { SETTINGS_CACHE_MS: '0', SETTINGS_TIMEOUT_MS: '15000', LOYALTY_TIMEOUT_MS: '15000' },
    });
  }, START_MS);

  afterAll(() => f?.dispose(), 90_000);

  /** Each till sells `perTill` sales to the customer, and reads the product after each; every answer's status. */
  async function sellRound(
    label: string,
    product: Awaited<ReturnType<typeof sellableProduct>>,
    customer: string,
    perTill: number,
  ): Promise<string[]> {
    const { api, token } = f;
    const statuses: string[] = [];
    const note = (res: { status: number; body: { code?: string } }) =>
      statuses.push(res.status < 300 ? 'ok' : `${res.status} ${res.body?.code ?? ''}`);
    await within(
      Promise.all(
        Array.from({ length: TILLS }, async (_, till) => {
          for (let n = 0; n < perTill; n++) {
            const body = salePayload([{ product, quantity: 2 }], { register: `till-${till}`, customer });
            note(await api.post('/api/transactions', body, { token, headers: { 'idempotency-key': `${label}-${till}-${n}` } }));
            note(await api.get(`/api/products/${product.id}`, { token }));
          }
        }),
      ),
      180_000,
      label,
    );
    return statuses;
  }

  it('five tills sell through both processes, then with one of each killed: every call answered, every effect once', async () => {
    const { api, token, sql, cluster } = f;
    // Every process checked up (each check has two seconds: a loaded machine may need a second look).
    const up = {
      sales: 'up',
      'sales#2': 'up',
      catalog: 'up',
      'catalog#2': 'up',
      loyalty: 'up',
      'loyalty#2': 'up',
      settings: 'up',
      'settings#2': 'up',
    };
    const health = await eventually(
      async () => {
        const res = await api.get('/api/health');
        return Object.entries(up).every(([k, v]) => res.body.checks?.[k] === v) ? res.body : null;
      },
      60_000,
      500,
    ).catch(async () => (await api.get('/api/health')).body);
    expect(health.checks).toMatchObject(up);
    const product = await sellableProduct(f, 'REPLICA-1', 400, 10_000);
    const customer = await knownCustomer(f, '07501114455');

    const before = await sellRound('both', product, customer, 15);
    // kill -9: the processes vanish without a goodbye; the gateway and sales find out by being refused.
    for (const name of ['sales#2', 'catalog#2', 'loyalty#2', 'settings#2']) await within(cluster.killService(name), 10_000, name);
    const after = await sellRound('one-killed', product, customer, 15);
    // And the first ones killed instead, once the second ones are back: calls find the processes that live.
    for (const name of ['sales#2', 'catalog#2', 'loyalty#2', 'settings#2']) await within(cluster.startService(name), 300_000, name);
    for (const name of ['sales', 'catalog', 'loyalty', 'settings']) await within(cluster.killService(name), 10_000, name);
    const swapped = await sellRound('swapped', product, customer, 10);

    const sold = TILLS * (15 + 15 + 10);
    const started = Date.now();
    const figures = async () => ({
      sales: await count(sql, `SELECT count(*) AS n FROM sales.sales`),
      stockOff:
        10_000 -
        Number((await sql.query(`SELECT quantity FROM catalog.stock_levels WHERE product_id = $1`, [product.id])).rows[0].quantity),
      reported: await count(sql, `SELECT count(*) AS n FROM reporting.sales`),
      purchases: Number((await api.get(`/api/customers/${customer}`, { token })).body.purchaseCount ?? -1),
    });
    const final = await eventually(async () => {
      const r = await figures();
      return r.stockOff === 2 * sold && r.reported === sold && r.purchases === sold ? r : null;
    }, 60_000).catch(() => figures());
    const refused = (list: string[]) => list.filter((s) => s !== 'ok').length;
    console.log(
      `replicas sales=2 catalog=2 loyalty=2 settings=2, ${TILLS} tills: ${before.length} calls with all processes up (${refused(before)} not answered), ` +
        `${after.length} with one of each killed (${refused(after)} not answered), ${swapped.length} with the other one killed (${refused(swapped)} not answered); ` +
        `${final.sales} sales recorded of ${sold}, stock ${final.stockOff} units off (${2 * sold} sold), reports ${final.reported}, purchases ${final.purchases}; ` +
        `settled ${((Date.now() - started) / 1000).toFixed(1)} s after the last sale`,
    );
    const notOk = (list: string[]) => list.filter((s) => s !== 'ok');
    expect({ before: notOk(before), after: notOk(after), swapped: notOk(swapped) }).toEqual({ before: [], after: [], swapped: [] });
    expect(final).toEqual({ sales: sold, stockOff: 2 * sold, reported: sold, purchases: sold });
  }, 600_000);
});
