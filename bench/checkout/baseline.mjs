// The plain SQL baseline: the same inserts and updates as a sale, straight on PostgreSQL.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { adminQuery, percentile } from '../lib.mjs';
import { price, randomLines } from './tills.mjs';
import { PRODUCTS, SECONDS, TILLS, WARMUP_SECONDS } from './settings.mjs';

const BASELINE_SCHEMA = `
  DROP SCHEMA IF EXISTS bench_baseline CASCADE;
  CREATE SCHEMA bench_baseline;
  SET search_path = bench_baseline;
  CREATE TABLE products (id uuid PRIMARY KEY, price_cents bigint NOT NULL, cost_cents bigint NOT NULL, discount_percent numeric NOT NULL, active boolean NOT NULL);
  CREATE TABLE stock (product_id uuid NOT NULL, branch_id text NOT NULL, quantity integer NOT NULL, PRIMARY KEY (product_id, branch_id));
  CREATE TABLE stock_movements (id bigserial PRIMARY KEY, product_id uuid NOT NULL, branch_id text NOT NULL, delta integer NOT NULL, ref_id uuid, created_at timestamptz NOT NULL DEFAULT now());
  CREATE TABLE invoice_counters (branch_id text NOT NULL, register text NOT NULL, register_no integer NOT NULL, last_number bigint NOT NULL DEFAULT 0, PRIMARY KEY (branch_id, register));
  CREATE TABLE idempotency_keys (key text PRIMARY KEY, request_hash text NOT NULL, sale_id uuid NOT NULL, state text NOT NULL, response_body jsonb);
  CREATE TABLE sales (id uuid PRIMARY KEY, invoice_number text NOT NULL UNIQUE, branch_id text NOT NULL, register text NOT NULL, cashier_id uuid NOT NULL,
    customer_id uuid, currency text NOT NULL, exchange_rate numeric NOT NULL, subtotal_cents bigint NOT NULL, discount_cents bigint NOT NULL,
    tax_cents bigint NOT NULL, total_cents bigint NOT NULL, tendered_cents bigint NOT NULL, change_cents bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
  CREATE INDEX ON sales (created_at DESC, id DESC);
  CREATE INDEX ON sales (invoice_number text_pattern_ops);
  CREATE INDEX ON sales (total_cents);
  CREATE TABLE sale_lines (id uuid PRIMARY KEY, sale_id uuid NOT NULL REFERENCES sales (id) DEFERRABLE INITIALLY DEFERRED, line_no smallint NOT NULL,
    product_id uuid NOT NULL, quantity integer NOT NULL, unit_price_cents bigint NOT NULL, subtotal_cents bigint NOT NULL);
  CREATE INDEX ON sale_lines (sale_id, line_no);
  CREATE TABLE outbox (seq bigserial PRIMARY KEY, id uuid NOT NULL UNIQUE, type text NOT NULL, data jsonb NOT NULL, published_at timestamptz);
`;

/**
 * The same writes a sale causes in Dukan, done the plain way: one transaction per sale reading the prices,
 * claiming the key, numbering the invoice, writing sale, lines and event, and taking the stock off.
 */
export async function runBaseline(databaseUrl) {
  await adminQuery(databaseUrl, BASELINE_SCHEMA);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: TILLS, options: '-c search_path=bench_baseline' });
  pool.on('error', (e) => console.error(`baseline connection lost: ${e.message}`));
  const products = Array.from({ length: PRODUCTS }, (_, i) => ({
    id: randomUUID(),
    priceCents: 25 + ((i * 7919) % 4000),
    discount: i % 5 === 0 ? 10 : 0,
  }));
  await pool.query(`INSERT INTO products SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::numeric[], $5::boolean[])`, [
    products.map((p) => p.id),
    products.map((p) => p.priceCents),
    products.map((p) => p.priceCents >> 1),
    products.map((p) => p.discount),
    products.map(() => true),
  ]);
  await pool.query(`INSERT INTO stock SELECT id, 'main', 1000000 FROM products`);
  await pool.query(`INSERT INTO invoice_counters SELECT 'main', 'bench-' || lpad(g::text, 2, '0'), g FROM generate_series(1, $1) g`, [
    TILLS,
  ]);
  const cashier = randomUUID();

  const latencies = [];
  const start = performance.now();
  const measureFrom = start + WARMUP_SECONDS * 1000;
  const end = measureFrom + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: TILLS }, async (_, i) => {
      const register = `bench-${String(i + 1).padStart(2, '0')}`;
      const client = await pool.connect();
      client.on('error', () => undefined); // reported by the failing query
      try {
        while (performance.now() < end) {
          const lines = randomLines(products);
          const saleId = randomUUID();
          const t0 = performance.now();
          await client.query('BEGIN');
          const found = await client.query(`SELECT id, price_cents, discount_percent FROM products WHERE id = ANY($1::uuid[]) AND active`, [
            lines.map((l) => l.p.id),
          ]);
          const prices = new Map(found.rows.map((r) => [r.id, r]));
          const priced = price(
            lines.map((l) => ({
              priceCents: Number(prices.get(l.p.id).price_cents),
              quantity: l.quantity,
              discount: Number(prices.get(l.p.id).discount_percent),
            })),
          );
          const subs = priced.lines.map((l) => l.subtotalCents);
          const total = priced.totalCents;
          await client.query(`INSERT INTO idempotency_keys (key, request_hash, sale_id, state) VALUES ($1, 'h', $2, 'in_progress')`, [
            randomUUID(),
            saleId,
          ]);
          await client.query(
            `INSERT INTO sale_lines SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::smallint[], $4::uuid[], $5::int[], $6::bigint[], $7::bigint[])`,
            [
              lines.map(() => randomUUID()),
              lines.map(() => saleId),
              lines.map((_, j) => j + 1),
              lines.map((l) => l.p.id),
              lines.map((l) => l.quantity),
              lines.map((l) => Number(prices.get(l.p.id).price_cents)),
              subs,
            ],
          );
          const sale = await client.query(
            `WITH n AS (UPDATE invoice_counters SET last_number = last_number + 1 WHERE branch_id = 'main' AND register = $2
                        RETURNING 'INV-' || lpad(register_no::text, 3, '0') || lpad(last_number::text, 7, '0') AS inv)
             INSERT INTO sales (id, invoice_number, branch_id, register, cashier_id, currency, exchange_rate, subtotal_cents, discount_cents, tax_cents,
                                total_cents, tendered_cents, change_cents)
             SELECT $1, n.inv, 'main', $2, $3, 'USD', 1450, $4, 0, 0, $4, $4, 0 FROM n RETURNING invoice_number`,
            [saleId, register, cashier, total],
          );
          const event = {
            saleId,
            invoiceNumber: sale.rows[0].invoice_number,
            lines: lines.map((l, j) => ({ productId: l.p.id, quantity: l.quantity, subtotalCents: subs[j] })),
            totalCents: total,
          };
          await client.query(`INSERT INTO outbox (id, type, data) VALUES ($1, 'dukan.sales.sale.completed.v1', $2)`, [
            randomUUID(),
            JSON.stringify(event),
          ]);
          await client.query(`UPDATE idempotency_keys SET state = 'done', response_body = $2 WHERE sale_id = $1`, [
            saleId,
            JSON.stringify(event),
          ]);
          // What catalog does with the event: stock off per line, one ledger row per line (rows locked in id order).
          await client.query(
            `SELECT 1 FROM stock WHERE product_id = ANY($1::uuid[]) AND branch_id = 'main' ORDER BY product_id FOR UPDATE`,
            [lines.map((l) => l.p.id)],
          );
          await client.query(
            `WITH l AS (SELECT * FROM unnest($1::uuid[], $2::int[]) AS t(product_id, qty)),
                  s AS (UPDATE stock SET quantity = stock.quantity - l.qty FROM l WHERE stock.product_id = l.product_id AND stock.branch_id = 'main' RETURNING stock.product_id)
             INSERT INTO stock_movements (product_id, branch_id, delta, ref_id) SELECT product_id, 'main', -qty, $3 FROM l`,
            [lines.map((l) => l.p.id), lines.map((l) => l.quantity), saleId],
          );
          await client.query(
            `UPDATE outbox SET published_at = now() WHERE id = (SELECT id FROM outbox WHERE published_at IS NULL ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED)`,
          );
          await client.query('COMMIT');
          const t1 = performance.now();
          if (t0 >= measureFrom && t1 <= end) latencies.push(t1 - t0);
        }
      } finally {
        client.release();
      }
    }),
  );
  await pool.end();
  await adminQuery(databaseUrl, 'DROP SCHEMA bench_baseline CASCADE').catch(() => undefined);
  latencies.sort((a, b) => a - b);
  return { sales: latencies.length, rate: latencies.length / SECONDS, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}
