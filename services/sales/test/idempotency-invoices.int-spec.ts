// ARCHITECTURE §7: a repeated sale request never makes two sales; invoice numbers stay unique under concurrency.
import { randomBytes, randomUUID } from 'node:crypto';
import { startServiceApp, type ServiceTestApp } from '@dukan/testing';
import { loadSalesConfig, SalesModule } from '@dukan/sales';
import {
  countRows,
  envelope,
  holds,
  outboxEvents,
  publishProduct,
  salePayload,
  startFakeLoyalty,
  startFakeSettings,
  type FakeLoyalty,
  type FakeSettings,
  type TestProduct,
} from './helpers.js';

let t: ServiceTestApp;
let loyalty: FakeLoyalty;
let settings: FakeSettings;
const token = randomBytes(24).toString('base64url');
let tea: TestProduct;
let sugar: TestProduct;
const customer = randomUUID();

beforeAll(async () => {
  loyalty = await startFakeLoyalty(() => token);
  settings = await startFakeSettings(() => token);
  loyalty.answer = holds(40, 40); // the one sale that redeems: 40 points, $0.40
  t = await startServiceApp({
    service: 'sales',
    env: { INTERNAL_TOKEN: token, LOYALTY_URL: loyalty.url, SETTINGS_URL: settings.url, DB_POOL_SIZE: '10' },
    module: (env) => SalesModule.register(loadSalesConfig(env)),
  });
  tea = await publishProduct(t, { priceCents: 350 });
  sugar = await publishProduct(t, { priceCents: 120, discountPercent: 5 });
});
afterAll(async () => {
  await t.close();
  await loyalty.close();
  await settings.close();
});

const post = (body: unknown, key?: string, tokenOverride?: string) =>
  t.post('/api/transactions', body, { token: tokenOverride ?? t.tokens.cashier, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) });

describe('Idempotency-Key', () => {
  it('gives the first answer again for the same key and body, and makes one sale', async () => {
    const key = randomUUID();
    const body = salePayload([{ product: tea, quantity: 2 }]);
    const first = await post(body, key);
    const salesAfterFirst = await countRows(t, 'sales');
    // The till rebuilds the payload on retry: its provisional number and clock differ, the sale does not.
    const second = await post({ ...body, invoiceNumber: 'INV-999', createdAt: new Date(Date.now() + 5000).toISOString() }, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await countRows(t, 'sales')).toBe(salesAfterFirst);
  });

  it('stores the answer the sale was given, with its number and time, as reading the sale gives it and as its event tells it', async () => {
    const key = randomUUID();
    // A percentage with more decimals than the sale keeps: the answer shows what is kept.
    const body = salePayload([{ product: tea, quantity: 3 }], { discount: { type: 'percentage', value: 12.34567 } });
    const first = await post(body, key, t.tokens.admin);
    expect(first.status).toBe(201);
    const again = await post(body, key, t.tokens.admin);
    const read = await t.get(`/api/transactions/${first.body.data._id}`, { token: t.tokens.admin });
    expect(first.body.data.invoiceNumber).toMatch(/^INV-\d{3}\d{7}$/);
    expect(first.body.data.discountValue).toBe(12.3457);
    expect(again.body).toEqual(first.body);
    expect(read.body).toEqual(first.body);
    const [event] = (await outboxEvents(t, 'dukan.sales.sale.completed.v1')).filter((e) => e.saleId === first.body.data._id);
    expect(event).toMatchObject({ invoiceNumber: first.body.data.invoiceNumber, completedAt: first.body.data.createdAt });
  });

  it('refuses the same key with another body (422) and stores nothing', async () => {
    const key = randomUUID();
    expect((await post(salePayload([{ product: tea, quantity: 1 }]), key)).status).toBe(201);
    const before = await countRows(t, 'sales');
    const other = await post(salePayload([{ product: tea, quantity: 3 }]), key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(other.body.message).toBe('This sale was already submitted with different details.');
    expect(await countRows(t, 'sales')).toBe(before);
  });

  it('answers 409 while the first request is still running, then the first answer', async () => {
    loyalty.mode = 'slow';
    loyalty.delayMs = 700;
    try {
      const key = randomUUID();
      const body = salePayload([{ product: sugar, quantity: 4 }], { customer, loyalty: { points: 40, valueCents: 40 } });
      const before = await countRows(t, 'sales');
      const first = post(body, key);
      await new Promise((r) => setTimeout(r, 200));
      const second = await post(body, key);
      expect(second.status).toBe(409);
      expect(second.body.code).toBe('IDEMPOTENCY_IN_PROGRESS');
      const done = await first;
      expect(done.status).toBe(201);
      const third = await post(body, key);
      expect(third.body).toEqual(done.body);
      expect(await countRows(t, 'sales')).toBe(before + 1);
    } finally {
      loyalty.mode = 'up';
    }
  });

  it('makes exactly one sale out of many identical requests sent at once', async () => {
    const key = randomUUID();
    const body = salePayload([
      { product: tea, quantity: 1 },
      { product: sugar, quantity: 2 },
    ]);
    const before = await countRows(t, 'sales');
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(body, key)));
    // A guest sale writes its key with the sale: duplicates wait for the first and get its answer, not a 409.
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body.data._id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.data.invoiceNumber)).size).toBe(1);
    expect(await countRows(t, 'sales')).toBe(before + 1);
  });

  it('lets a retry through after a refusal, once the cause is gone', async () => {
    const key = randomUUID();
    const late = await publishProduct(t, { priceCents: 999, active: false });
    const body = salePayload([{ product: late, quantity: 1 }]);
    expect((await post(body, key)).status).toBe(400);
    await t.bus.publish(
      envelope('dukan.catalog.product.updated.v1', {
        productId: late.id,
        sku: late.sku,
        barcode: null,
        name: { en: 'Late', ku: 'دواکەوتوو' },
        categoryId: null,
        priceCents: 999,
        costCents: 500,
        discountPercent: 0,
        active: true,
        reorderLevel: 1,
        quantity: 5,
        version: 2,
      }),
    );
    expect((await post(body, key)).status).toBe(201);
  });

  it('takes over a key left "in progress" by a crashed request, reusing its sale id', async () => {
    const key = randomUUID();
    const saleId = randomUUID();
    const body = salePayload([{ product: tea, quantity: 1 }]);
    // What a crash leaves behind: the claim, no sale. Its hash is what the same cashier and body produce.
    const { requestHash } = await import('../src/idempotency/idempotency.service.js');
    const { invoiceNumber: _n, createdAt: _c, ...meaningful } = body;
    const hash = requestHash({ actor: '00000000-0000-4000-8000-000000000003', body: meaningful });
    await t
      .dataSource()
      .query(
        `INSERT INTO idempotency_keys (key, request_hash, sale_id, state, owner, locked_at) VALUES ($1, $2, $3, 'in_progress', $4, now() - interval '10 minutes')`,
        [key, hash, saleId, randomUUID()],
      );
    const res = await post(body, key);
    expect(res.status).toBe(201);
    expect(res.body.data._id).toBe(saleId);
  });

  it('frees at once a key whose request failed while the database was away, for a retry reaching this process', async () => {
    const { IdempotencyService } = await import('../src/idempotency/idempotency.service.js');
    const idempotency = t.app.get(IdempotencyService);
    const key = randomUUID();
    const first = await idempotency.claim(key, 'h');
    expect(first.kind).toBe('fresh');
    // The sale failed and so did letting the key go: the connection was cut.
    const ds = t.dataSource();
    const query = ds.query.bind(ds);
    ds.query = (async () => {
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    }) as typeof ds.query;
    await expect(idempotency.release(key, first.kind === 'fresh' ? first.owner : '')).rejects.toThrow('Connection terminated');
    ds.query = query;
    // Another process would still see it in progress (409) until the take-over time; this one knows it ended.
    const retry = await idempotency.claim(key, 'h');
    expect(retry).toMatchObject({ kind: 'fresh', saleId: first.kind === 'fresh' ? first.saleId : '' });
    // Taken over: a duplicate of the retry now waits for it.
    await expect(idempotency.claim(key, 'h')).rejects.toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });
  });

  it('scopes a key to the cashier: another user with the same key and body is refused', async () => {
    const key = randomUUID();
    const body = salePayload([{ product: tea, quantity: 1 }]);
    expect((await post(body, key)).status).toBe(201);
    expect((await post(body, key, t.tokens.manager)).status).toBe(422);
  });

  it('without the header still sells, with no protection: two posts, two sales', async () => {
    const body = salePayload([{ product: tea, quantity: 1 }]);
    const before = await countRows(t, 'sales');
    const a = await post(body);
    const b = await post(body);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.invoiceNumber).not.toBe(b.body.data.invoiceNumber);
    expect(await countRows(t, 'sales')).toBe(before + 2);
  });

  it('forgets answered keys after the retention period, and only those', async () => {
    const old = randomUUID();
    const recent = randomUUID();
    expect((await post(salePayload([{ product: tea, quantity: 1 }]), old)).status).toBe(201);
    expect((await post(salePayload([{ product: tea, quantity: 2 }]), recent)).status).toBe(201);
    await t.dataSource().query(`UPDATE idempotency_keys SET created_at = now() - interval '73 hours' WHERE key = $1`, [old]);
    const { IdempotencySweeper } = await import('../src/idempotency/idempotency.service.js');
    expect(await t.app.get(IdempotencySweeper).sweep()).toBe(1);
    const left = await t.dataSource().query(`SELECT key FROM idempotency_keys WHERE key = ANY($1::text[])`, [[old, recent]]);
    expect(left).toEqual([{ key: recent }]);
  });

  it('refuses a malformed key', async () => {
    const res = await post(salePayload([{ product: tea, quantity: 1 }]), 'x'.repeat(201));
    expect(res.status).toBe(400);
  });
});

describe('invoice numbers', () => {
  const invoiceNo = (s: string) => BigInt(s.slice(4));

  it('are unique and increasing per register with 20 concurrent sales on one register', async () => {
    const register = 'till-concurrent';
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(salePayload([{ product: tea, quantity: 1 + (i % 3) }], { register }), randomUUID())),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const rows: { invoice_number: string; created_at: Date }[] = await t
      .dataSource()
      .query(`SELECT invoice_number FROM sales WHERE register = $1 ORDER BY invoice_number`, [register]);
    const numbers = rows.map((r) => r.invoice_number);
    expect(new Set(numbers).size).toBe(20);
    numbers.forEach((n) => expect(n).toMatch(/^INV-\d{10}$/));
    // One register: consecutive numbers, no gaps, no repeats.
    const seq = numbers.map(invoiceNo);
    expect(seq.map((n) => Number(n - seq[0]!))).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('never repeat across registers, and each register counts on its own', async () => {
    const registers = ['front', 'back', 'front', 'back', 'drive-in', 'front'];
    const answers = await Promise.all(registers.map((register) => post(salePayload([{ product: tea, quantity: 1 }], { register }))));
    const numbers = answers.map((a) => a.body.data.invoiceNumber as string);
    expect(new Set(numbers).size).toBe(numbers.length);
    const front = answers
      .filter((a) => a.body.data.register === 'front')
      .map((a) => invoiceNo(a.body.data.invoiceNumber))
      .sort();
    expect(front.map((n) => Number(n - front[0]!))).toEqual([0, 1, 2]);
    const [all] = await t.dataSource().query(`SELECT count(*)::int AS n, count(DISTINCT invoice_number)::int AS d FROM sales`);
    expect(all.d).toBe(all.n);
  });
});
