// NATS stopped while five tills sell, then started again: every sale is answered, and stock, points and reports
// converge once it is back. Prints its figures (lost and doubled counts, time to converge).
import { eventually } from '@dukan/testing';
import { salePayload } from '../../services/sales/test/helpers.js';
import { type FaultCluster, knownCustomer, sellableProduct, SERVICES, type TestProduct, within } from './fault-cluster.js';

export const TILLS = 5;

/** NATS stopped for `downMs` while the tills sell, then started again: the figures, printed, and the checks. */
export async function natsOutage(f: FaultCluster, label: string, downMs: number, phone: string): Promise<void> {
  const { api, token, sql } = f;
  const nats = f.ownNats!;
  const products: TestProduct[] = [];
  for (let i = 0; i < TILLS; i++) products.push(await sellableProduct(f, `${label}-${i}`, 200, 100_000));
  // The first till sells to a loyalty customer: their points and purchases must follow too.
  const customerId = await knownCustomer(f, phone);

  const salesBefore = Number((await sql.query(`SELECT count(*) AS n FROM sales.sales`)).rows[0].n);
  const reportedBefore = Number((await sql.query(`SELECT count(*) AS n FROM reporting.sales`)).rows[0].n);
  await nats.stop();
  const downAt = Date.now();
  let answered = 0;
  let refused = 0;
  const refusals: Record<string, number> = {};
  let toCustomer = 0;
  await Promise.all(
    products.map(async (p, till) => {
      let n = 0;
      while (Date.now() - downAt < downMs) {
        const body = salePayload([{ product: p, quantity: 1 + (n % 3) }], {
          register: `till-${till}`,
          ...(till === 0 ? { customer: customerId } : {}),
        });
        const res = await within(
          api.post('/api/transactions', body, { token, headers: { 'idempotency-key': `${label}-${till}-${n}` } }),
          40_000,
          'a sale',
        );
        if (res.status === 201) {
          answered++;
          if (till === 0) toCustomer++;
        } else {
          refused++;
          const why = `${res.status} ${res.body?.code ?? ''}`;
          refusals[why] = (refusals[why] ?? 0) + 1;
        }
        n++;
        await new Promise((r) => setTimeout(r, 100));
      }
    }),
  );
  await nats.start();
  const backAt = Date.now();

  const soldRows = async () =>
    (
      await sql.query(
        `SELECT l.product_id::text AS id, sum(l.quantity)::int AS sold FROM sales.sale_lines l WHERE l.product_id = ANY($1::uuid[]) GROUP BY 1`,
        [products.map((p) => p.id)],
      )
    ).rows as { id: string; sold: number }[];
  const figures = async () => {
    const sold = new Map((await soldRows()).map((r) => [r.id, r.sold]));
    const stock = new Map(
      (
        (
          await sql.query(`SELECT product_id::text AS id, quantity FROM catalog.stock_levels WHERE product_id = ANY($1::uuid[])`, [
            products.map((p) => p.id),
          ])
        ).rows as { id: string; quantity: number }[]
      ).map((r) => [r.id, r.quantity]),
    );
    const salesCount = Number((await sql.query(`SELECT count(*) AS n FROM sales.sales`)).rows[0].n) - salesBefore;
    const reported = Number((await sql.query(`SELECT count(*) AS n FROM reporting.sales`)).rows[0].n) - reportedBefore;
    // Positive: an effect missing (lost so far); negative: an effect applied twice.
    const stockMissing = products.reduce((t, p) => t + ((stock.get(p.id) ?? 0) - (100_000 - (sold.get(p.id) ?? 0))), 0);
    const purchases = Number((await api.get(`/api/customers/${customerId}`, { token })).body.purchaseCount ?? -1);
    return { salesCount, reported, stockMissing, reportMissing: salesCount - reported, pointsMissing: toCustomer - purchases };
  };
  const converged = await eventually(
    async () => {
      const r = await figures();
      return r.stockMissing === 0 && r.reportMissing === 0 && r.pointsMissing === 0 ? r : null;
    },
    120_000,
    250,
  ).catch(async () => figures());
  const convergenceMs = Date.now() - backAt;
  const final = await figures();
  console.log(
    `NATS down ${downMs / 1000} s, ${TILLS} tills: ${answered} sales answered, ${refused} refused ${JSON.stringify(refusals)}; ` +
      `${final.salesCount - answered} sales in sales beyond those answered; after NATS returned: stock ${final.stockMissing > 0 ? `${final.stockMissing} units not yet taken off (lost)` : final.stockMissing < 0 ? `${-final.stockMissing} units taken off twice (doubled)` : 'exact (0 lost, 0 doubled)'}, ` +
      `points ${final.pointsMissing > 0 ? `${final.pointsMissing} purchases missing (lost)` : final.pointsMissing < 0 ? `${-final.pointsMissing} extra (doubled)` : 'exact (0 lost, 0 doubled)'}, ` +
      `reports ${final.reportMissing > 0 ? `${final.reportMissing} sales missing (lost)` : final.reportMissing < 0 ? `${-final.reportMissing} extra (doubled)` : 'exact (0 lost, 0 doubled)'}; converged ${(convergenceMs / 1000).toFixed(1)} s after NATS returned`,
  );
  expect(refused).toBe(0);
  expect(final.salesCount).toBe(answered);
  expect(converged).toMatchObject({ stockMissing: 0, reportMissing: 0, pointsMissing: 0 });
  expect(await f.statuses()).toEqual(Object.fromEntries(SERVICES.map((s) => [s, 200])));
}
