// The tills: sales priced by the shared pricing module, rung up in loops; how far the consumers are behind.
import { randomBytes, randomUUID } from 'node:crypto';
import { priceSale } from '@dukan/contracts';
import { adminQuery, api, memoryMb, percentile, sleep } from '../lib.mjs';
import { cpuByProcess } from './app.mjs';
import { PRODUCTS, SECONDS, TILLS, WARMUP_SECONDS } from './settings.mjs';

/** A category, PRODUCTS products with plenty of stock (some with their own discount), and a cashier. */
export async function prepare(url, username, password) {
  const login = await api(url, 'POST', '/api/auth/login', null, { username, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  const admin = login.body.token;
  const category = await api(url, 'POST', '/api/categories', admin, {
    name: { en: `Bench ${randomBytes(2).toString('hex')}`, ku: 'تاقیکردنەوە' },
  });
  if (category.status !== 201 && category.status !== 200) throw new Error(`category: ${category.status} ${category.text}`);
  const categoryId = category.body.data?._id ?? category.body._id;
  const tag = randomBytes(3).toString('hex');
  const products = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const priceCents = 25 + ((i * 7919) % 4000);
    const discount = i % 5 === 0 ? 10 : 0;
    const res = await api(url, 'POST', '/api/products', admin, {
      sku: `BENCH-${tag}-${i}`,
      barcode: `BENCH${tag}${i}`,
      name: { en: `Bench item ${i}`, ku: `کاڵای ${i}` },
      category: categoryId,
      price: priceCents / 100,
      cost: Math.floor(priceCents / 2) / 100,
      quantity: 1_000_000,
      discount,
    });
    if (res.status !== 201 && res.status !== 200) throw new Error(`product: ${res.status} ${res.text}`);
    products.push({ id: res.body.data?._id ?? res.body._id, priceCents, discount });
  }
  const cashierName = `bench-${tag}`;
  const user = await api(url, 'POST', '/api/auth/register', admin, {
    username: cashierName,
    firstName: 'Bench',
    lastName: 'Till',
    email: `${cashierName}@bench.local`,
    password: 'bench-cashier-pw',
    role: 'cashier',
  });
  let token = admin;
  if (user.status === 201 || user.status === 200) {
    const l = await api(url, 'POST', '/api/auth/login', null, { username: cashierName, password: 'bench-cashier-pw' });
    if (l.status === 200) token = l.body.token;
  }
  // Sales learns prices from catalog's events: wait until a sale of every product goes through.
  const until = Date.now() + 60_000;
  for (const p of products) {
    for (;;) {
      const r = await api(url, 'POST', '/api/transactions', token, salePayload([{ p, quantity: 1 }], 'bench-warmup'));
      if (r.status === 201) break;
      if (Date.now() > until) throw new Error(`sales never learned product ${p.id}: ${r.status} ${r.text}`);
      await sleep(100);
    }
  }
  return { token, products };
}

/** The shared pricing rules (the till's and the server's) on bench lines. */
export function price(lines) {
  return priceSale({
    lines: lines.map((l) => ({ priceCents: l.priceCents, quantity: l.quantity, discountPercent: l.discount })),
    discount: null,
    loyaltyDiscountCents: 0,
    taxRateBasisPoints: 0,
  });
}

/** What the till sends: money in dollars, totals computed the way the till computes them. */
export function salePayload(lines, register) {
  const d = (c) => c / 100;
  const priced = price(lines.map((l) => ({ priceCents: l.p.priceCents, quantity: l.quantity, discount: l.p.discount })));
  const sub = (_, i) => priced.lines[i].subtotalCents;
  const subtotal = priced.subtotalCents;
  const tendered = Math.ceil(subtotal / 500) * 500;
  return {
    items: lines.map((l, i) => ({
      product: l.p.id,
      productSnapshot: { name: 'bench', sku: 'bench', price: d(l.p.priceCents) },
      quantity: l.quantity,
      unitPrice: d(l.p.priceCents),
      subtotal: d(sub(l, i)),
      discount: l.p.discount,
      discountType: 'percentage',
    })),
    subtotal: d(subtotal),
    discountType: 'percentage',
    discountValue: 0,
    discountAmount: 0,
    loyaltyDiscount: 0,
    total: d(subtotal),
    currency: 'USD',
    exchangeRate: 1450,
    paymentMethod: 'cash',
    paymentDetails: { amountTendered: d(tendered), change: d(tendered - subtotal) },
    paymentStatus: 'paid',
    register,
    invoiceNumber: `INV-${Date.now()}`,
    createdAt: new Date().toISOString(),
  };
}

export function randomLines(products) {
  const n = 3 + Math.floor(Math.random() * 3);
  const picked = new Set();
  while (picked.size < n) picked.add(products[Math.floor(Math.random() * products.length)]);
  return [...picked].map((p) => ({ p, quantity: 1 + Math.floor(Math.random() * 3) }));
}

/**
 * TILLS loops, each its own register, one sale after another. `perSecond` null: as fast as the app answers
 * (throughput); a number: that many sales a second in all, spread over the tills, latency counted from when
 * each sale was due (so a slow answer is not hidden by the till waiting for it).
 */
export async function runTills(url, token, products, pids, perSecond = null) {
  const latencies = [];
  let errors = 0;
  let lastError = '';
  let peakRss = 0;
  const sampler = setInterval(() => {
    const total = pids().reduce((s, pid) => s + memoryMb(pid).rss, 0);
    peakRss = Math.max(peakRss, total);
  }, 250);
  const start = performance.now();
  const measureFrom = start + WARMUP_SECONDS * 1000;
  let cpuFrom = null;
  const cpuTimer = setTimeout(() => (cpuFrom = cpuByProcess(pids())), WARMUP_SECONDS * 1000);
  const end = measureFrom + SECONDS * 1000;
  const interval = perSecond ? (TILLS * 1000) / perSecond : 0;
  await Promise.all(
    Array.from({ length: TILLS }, async (_, i) => {
      const register = `bench-${String(i + 1).padStart(2, '0')}`;
      let due = start + Math.random() * interval;
      while (performance.now() < end) {
        if (interval) {
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
        }
        const body = salePayload(randomLines(products), register);
        const t0 = interval ? due : performance.now();
        const res = await fetch(`${url}/api/transactions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify(body),
        });
        const text = await res.text();
        const t1 = performance.now();
        due += interval;
        if (res.status !== 201) {
          errors += 1;
          lastError = `${res.status} ${text.slice(0, 200)}`;
        } else if (t0 >= measureFrom && t1 <= end) {
          latencies.push(t1 - t0);
        }
      }
    }),
  );
  clearInterval(sampler);
  clearTimeout(cpuTimer);
  const cpuTo = cpuByProcess(pids());
  // CPU milliseconds per sale, by process, over the measured window.
  const cpuPerSale = {};
  if (cpuFrom && latencies.length) {
    for (const [name, seconds] of Object.entries(cpuTo)) {
      const used = seconds - (cpuFrom[name] ?? 0);
      if (used > 0.005) cpuPerSale[name] = (used * 1000) / latencies.length;
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    cpuPerSale,
    sales: latencies.length,
    rate: latencies.length / SECONDS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    lastError,
    peakRss,
  };
}

/**
 * Sales the event consumers have not yet applied (catalog's stock, reporting's figures): a run that outpaces
 * them only looks fast. Counted from the services' own inbox tables.
 */
export async function backlog(databaseUrl) {
  const { rows } = await adminQuery(
    databaseUrl,
    `SELECT (SELECT count(*) FROM sales.sales) AS sales,
            (SELECT count(*) FROM catalog.processed_events WHERE event_type = 'dukan.sales.sale.completed.v1') AS catalog,
            (SELECT count(*) FROM reporting.processed_events WHERE event_type = 'dukan.sales.sale.completed.v1') AS reporting`,
  );
  const r = rows[0];
  return Math.max(Number(r.sales) - Number(r.catalog), Number(r.sales) - Number(r.reporting));
}

/** Units of stock taken off beyond what was sold (doubled effects; negative: effects missing), over the bench's products. */
export async function stockOff(databaseUrl) {
  const { rows } = await adminQuery(
    databaseUrl,
    `SELECT coalesce(sum(1000000 - s.quantity - coalesce(l.sold, 0)), 0)::int AS off
       FROM catalog.stock_levels s JOIN catalog.products p ON p.id = s.product_id
       LEFT JOIN (SELECT product_id, sum(quantity) AS sold FROM sales.sale_lines GROUP BY 1) l ON l.product_id = s.product_id
      WHERE p.sku LIKE 'BENCH-%'`,
  );
  return Number(rows[0].off);
}

/** Seconds until the consumers have caught up with every sale (NaN if they have not within a minute). */
export async function catchUp(databaseUrl) {
  const t0 = performance.now();
  while (performance.now() - t0 < 60_000) {
    if ((await backlog(databaseUrl)) <= 0) return (performance.now() - t0) / 1000;
    await sleep(100);
  }
  return NaN;
}
