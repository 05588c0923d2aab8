-- Two years of a busy shop in reporting's own tables, made by PostgreSQL itself (generate_series), then summed into
-- the rollups with the same rules the event handlers apply: a sale counts on its shop day (Asia/Baghdad), a void
-- takes the sale off on the void's day, a refund its money, units and their cost on the refund's day.
-- :sales, :products, :customers, :cashiers are psql-style placeholders replaced by bench.mjs.
SET search_path = reporting;
SET work_mem = '256MB';
SET synchronous_commit = off;

INSERT INTO shop_settings (id, time_zone, as_of, store_name, exchange_rate) VALUES (1, 'Asia/Baghdad', now(), 'Dukan Bench Shop', 1450)
ON CONFLICT (id) DO UPDATE SET time_zone = 'Asia/Baghdad', store_name = 'Dukan Bench Shop';

CREATE TEMP TABLE seed_cashiers AS SELECT g AS n, gen_random_uuid() AS id FROM generate_series(1, :cashiers) g;
INSERT INTO users (user_id, username, first_name, last_name, role, active, as_of)
SELECT id::text, 'cashier' || n, 'Cashier', 'No. ' || n, CASE WHEN n <= 3 THEN 'manager' ELSE 'cashier' END, true, now() FROM seed_cashiers;

CREATE TEMP TABLE seed_categories AS SELECT g AS n, gen_random_uuid() AS id FROM generate_series(1, 60) g;
INSERT INTO categories (category_id, name, parent_id, version)
SELECT id::text, jsonb_build_object('en', 'Category ' || n, 'ku', 'پۆلی ' || n), NULL, 1 FROM seed_categories;

CREATE TEMP TABLE seed_products AS
SELECT g AS n, gen_random_uuid() AS id, 50 + (g::bigint * 7919) % 5000 AS price, (50 + (g::bigint * 7919) % 5000) * 6 / 10 AS cost FROM generate_series(1, :products) g;
CREATE INDEX ON seed_products (n);
INSERT INTO products (product_id, sku, name, category_id, price_cents, cost_cents, active, reorder_level, version, created_at)
SELECT p.id::text, 'SKU-' || lpad(p.n::text, 6, '0'), jsonb_build_object('en', 'Product ' || p.n, 'ku', 'کاڵای ' || p.n),
       c.id::text, p.price, p.cost, true, 10, 1, now() - interval '2 years'
  FROM seed_products p JOIN seed_categories c ON c.n = 1 + p.n % 60;
INSERT INTO stock (product_id, branch_id, quantity, as_of) SELECT id::text, 'main', (n * 31) % 200 - 5, now() FROM seed_products;
UPDATE products p SET stock_total = s.quantity FROM stock s WHERE s.product_id = p.product_id;

CREATE TEMP TABLE seed_customers AS SELECT g AS n, gen_random_uuid() AS id FROM generate_series(1, :customers) g;
CREATE INDEX ON seed_customers (n);
INSERT INTO customers (customer_id, first_name, last_name, phone, loyalty_points, member_since, version)
SELECT id::text, 'Customer', 'No. ' || n, '0750' || lpad(n::text, 7, '0'), (n * 37) % 1500, now() - (n % 730) * interval '1 day' - interval '2 hours', 1
  FROM seed_customers;

-- Sales: spread evenly over the 730 days before today, each with three lines of popular-first products.
INSERT INTO sales (sale_id, invoice_number, branch_id, register, cashier_id, customer_id, currency, exchange_rate, subtotal_cents, discount_cents,
                   loyalty_discount_cents, tax_cents, total_cents, points_redeemed, points_awarded, status, completed_at, updated_at,
                   subtotal_minor, discount_minor, loyalty_discount_minor, tax_minor, total_minor, total_iqd)
SELECT gen_random_uuid()::text, 'INV-' || lpad(g::text, 10, '0'), 'main', 'main', c.id::text,
       CASE WHEN g % 5 < 3 THEN (SELECT id::text FROM seed_customers WHERE n = 1 + (g::bigint * 104729) % :customers) END,
       'USD', 1450, 0, 0, 0, 0, 0, 0, 0, 'completed',
       date_trunc('day', now()) - interval '730 days' + (g::float8 / :sales) * interval '730 days' + interval '1 hour', now(),
       0, 0, 0, 0, 0, 0
  FROM generate_series(1, :sales) g JOIN seed_cashiers c ON c.n = 1 + g % :cashiers;

INSERT INTO sale_lines (sale_id, line_id, product_id, sku, name, quantity, unit_price_cents, unit_cost_cents, discount_cents, subtotal_cents)
SELECT s.sale_id, 'l' || k, p.id::text, 'SKU-' || lpad(p.n::text, 6, '0'), jsonb_build_object('en', 'Product ' || p.n, 'ku', 'کاڵای ' || p.n),
       1 + (h % 3), p.price, p.cost, 0, (1 + (h % 3)) * p.price
  FROM (SELECT sale_id, (hashtext(sale_id) & 2147483647) AS h FROM sales) s
  CROSS JOIN generate_series(1, 3) k
  JOIN seed_products p ON p.n = 1 + floor(:products * power(((s.h # (k * 40503)) % 1000003)::float8 / 1000003, 2))::int;

UPDATE sales s SET subtotal_cents = t.sum, total_cents = t.sum, subtotal_minor = t.sum, total_minor = t.sum, total_iqd = round(t.sum * 14.5) FROM (SELECT sale_id, sum(subtotal_cents) AS sum FROM sale_lines GROUP BY sale_id) t WHERE t.sale_id = s.sale_id;

-- One sale in 200 voided a day later; one in 200 has one unit of its first line refunded two days later (none in the future).
UPDATE sales SET status = 'voided', voided_at = completed_at + interval '1 day' WHERE (hashtext(sale_id) & 2147483647) % 200 = 0 AND completed_at < now() - interval '1 day';
INSERT INTO refunds (refund_id, sale_id, amount_cents, refunded_at)
SELECT 'r' || s.sale_id, s.sale_id, l.unit_price_cents, s.completed_at + interval '2 days'
  FROM sales s JOIN sale_lines l ON l.sale_id = s.sale_id AND l.line_id = 'l1'
 WHERE (hashtext(s.sale_id) & 2147483647) % 200 = 7 AND s.completed_at < now() - interval '2 days';
INSERT INTO refund_lines (refund_id, line_id, quantity, amount_cents) SELECT refund_id, 'l1', 1, amount_cents FROM refunds WHERE refund_id LIKE 'r%';
UPDATE sale_lines l SET refunded_quantity = 1 FROM refunds r WHERE r.sale_id = l.sale_id AND l.line_id = 'l1' AND r.refund_id LIKE 'r%';
UPDATE refunds SET amount_minor = amount_cents, amount_iqd = round(amount_cents * 14.5) WHERE refund_id LIKE 'r%';
UPDATE sales s SET refunded_cents = r.amount_cents, refunded_minor = r.amount_cents, refunded_iqd = r.amount_iqd FROM refunds r WHERE r.sale_id = s.sale_id AND r.refund_id LIKE 'r%';

-- Every change to the rollups as a signed row: + the sale on its day, - what a void or refund took back on theirs.
CREATE TEMP TABLE seed_moves AS
SELECT (s.completed_at AT TIME ZONE 'Asia/Baghdad')::date AS day, s.sale_id, s.cashier_id, s.customer_id, s.completed_at AS at,
       s.total_cents AS money, 1 AS tx, l.product_id, l.quantity AS qty, l.subtotal_cents AS revenue, l.unit_cost_cents * l.quantity AS cost, l.line_id = 'l1' AS first_line
  FROM sales s JOIN sale_lines l ON l.sale_id = s.sale_id
UNION ALL
SELECT (s.voided_at AT TIME ZONE 'Asia/Baghdad')::date, s.sale_id, s.cashier_id, s.customer_id, NULL,
       -(s.total_cents - s.refunded_cents), -1, l.product_id, -(l.quantity - l.refunded_quantity), -(l.subtotal_cents - l.refunded_quantity * l.unit_price_cents),
       -(l.unit_cost_cents * (l.quantity - l.refunded_quantity)), l.line_id = 'l1'
  FROM sales s JOIN sale_lines l ON l.sale_id = s.sale_id WHERE s.status = 'voided'
UNION ALL
SELECT (r.refunded_at AT TIME ZONE 'Asia/Baghdad')::date, s.sale_id, s.cashier_id, s.customer_id, NULL,
       -r.amount_cents, 0, l.product_id, -1, -r.amount_cents, -l.unit_cost_cents, true
  FROM refunds r JOIN sales s ON s.sale_id = r.sale_id JOIN sale_lines l ON l.sale_id = s.sale_id AND l.line_id = 'l1' WHERE r.refund_id LIKE 'r%';

-- Sale-level figures once per sale and day (carried on its first line), product figures on every line.
-- Every sale is in dollars at 1450: its dinars are its cents x 14.5. Each sale paid in dollar cash.
INSERT INTO branch_sales_daily (day, branch_id, sales_cents, cost_cents, transactions, sales_iqd, cost_iqd)
SELECT day, 'main', sum(money) FILTER (WHERE first_line), sum(cost), sum(tx) FILTER (WHERE first_line),
       round(sum(money) FILTER (WHERE first_line) * 14.5), round(sum(cost) * 14.5) FROM seed_moves GROUP BY day ORDER BY day;

INSERT INTO tender_takings_daily (day, branch_id, method, currency, taken_minor, payments, refunded_minor, refunds)
SELECT day, 'main', 'cash', 'USD', coalesce(sum(money) FILTER (WHERE tx <> 0), 0), coalesce(sum(tx), 0),
       coalesce(-sum(money) FILTER (WHERE tx = 0), 0), count(*) FILTER (WHERE tx = 0)
  FROM seed_moves WHERE first_line GROUP BY day ORDER BY day;

INSERT INTO cashier_sales_daily (day, branch_id, cashier_id, sales_cents, transactions, first_sale_at, last_sale_at)
SELECT day, 'main', cashier_id::uuid, sum(money) FILTER (WHERE first_line), sum(tx) FILTER (WHERE first_line), min(at), max(at)
  FROM seed_moves GROUP BY day, cashier_id ORDER BY day, cashier_id;

INSERT INTO product_sales (grain, period, branch_id, product_id, quantity, revenue_cents, cost_cents, revenue_iqd, cost_iqd)
SELECT 'd', day, 'main', product_id::uuid, sum(qty), sum(revenue), sum(cost), round(sum(revenue) * 14.5), round(sum(cost) * 14.5)
  FROM seed_moves GROUP BY day, product_id ORDER BY 2, 4;
INSERT INTO product_sales (grain, period, branch_id, product_id, quantity, revenue_cents, cost_cents, revenue_iqd, cost_iqd)
SELECT 'm', date_trunc('month', period)::date, 'main', product_id, sum(quantity), sum(revenue_cents), sum(cost_cents), sum(revenue_iqd), sum(cost_iqd)
  FROM product_sales WHERE grain = 'd' GROUP BY 2, 4 ORDER BY 2, 4;
INSERT INTO product_sales (grain, period, branch_id, product_id, quantity, revenue_cents, cost_cents, revenue_iqd, cost_iqd)
SELECT 'a', DATE '2000-01-01', 'main', product_id, sum(quantity), sum(revenue_cents), sum(cost_cents), sum(revenue_iqd), sum(cost_iqd)
  FROM product_sales WHERE grain = 'd' GROUP BY 4 ORDER BY 4;

INSERT INTO customer_sales (grain, period, branch_id, customer_id, spent_cents, purchases, last_purchase_at)
SELECT 'd', day, 'main', customer_id::uuid, sum(money), sum(tx), max(at) FROM seed_moves WHERE first_line AND customer_id IS NOT NULL GROUP BY day, customer_id ORDER BY 2, 4;
INSERT INTO customer_sales (grain, period, branch_id, customer_id, spent_cents, purchases, last_purchase_at)
SELECT 'm', date_trunc('month', period)::date, 'main', customer_id, sum(spent_cents), sum(purchases), max(last_purchase_at) FROM customer_sales WHERE grain = 'd' GROUP BY 2, 4 ORDER BY 2, 4;
INSERT INTO customer_sales (grain, period, branch_id, customer_id, spent_cents, purchases, last_purchase_at)
SELECT 'a', DATE '2000-01-01', 'main', customer_id, sum(spent_cents), sum(purchases), max(last_purchase_at) FROM customer_sales WHERE grain = 'd' GROUP BY 4 ORDER BY 4;

-- The anchored cumulative rows (1st, 11th and 21st of each month), made as the read model makes them: from the first
-- anchor on or before the first figures, each next one from the one before and the days between.
DO $$
DECLARE
  b record;
  prev date;
  x date;
  anchor_of CONSTANT text := 'make_date(extract(year FROM d)::int, extract(month FROM d)::int, CASE WHEN extract(day FROM d) >= 21 THEN 21 WHEN extract(day FROM d) >= 11 THEN 11 ELSE 1 END)';
  first_anchor date;
  last_anchor date;
BEGIN
  FOR b IN SELECT branch_id, min(day) AS f, max(day) AS l FROM branch_sales_daily GROUP BY branch_id LOOP
    EXECUTE format('SELECT %s FROM (SELECT $1::date AS d) t', anchor_of) INTO first_anchor USING b.f;
    EXECUTE format('SELECT %s FROM (SELECT $1::date AS d) t', anchor_of) INTO last_anchor USING b.l;
    prev := first_anchor;
    LOOP
      x := CASE WHEN extract(day FROM prev) = 21 THEN (date_trunc('month', prev) + interval '1 month')::date ELSE prev + 10 END;
      EXIT WHEN x > last_anchor;
      PERFORM roll_rollups_forward(b.branch_id, prev, x);
      prev := x;
    END LOOP;
    INSERT INTO rollup_anchors (branch_id, first_anchor, last_anchor) VALUES (b.branch_id, first_anchor, last_anchor)
    ON CONFLICT (branch_id) DO UPDATE SET first_anchor = EXCLUDED.first_anchor, last_anchor = EXCLUDED.last_anchor;
  END LOOP;
END $$;
