// Invoice numbers reserved for a register in advance: its till numbers the sales it makes offline with them, and
// the server keeps those numbers, unique and increasing per register.
import { randomUUID } from 'node:crypto';
import { parseInvoiceNumber } from '@dukan/contracts';
import { outboxEvents, salePayload, saleCounts, startCheckoutShop } from './helpers.js';

let shop: Awaited<ReturnType<typeof startCheckoutShop>>;
beforeAll(async () => {
  shop = await startCheckoutShop();
});
afterAll(() => shop.close());

const reserve = (register: string, size?: number) =>
  shop.t.post('/api/transactions/invoice-blocks', { register, ...(size ? { size } : {}) }, { token: shop.t.tokens.cashier });
const sell = (
  register: string,
  reservedInvoiceNumber?: string,
  key = randomUUID(),
  headers: Record<string, string> = {},
  times: { madeOfflineAt?: Date; createdAt?: Date } = {},
) =>
  shop.t.post(
    '/api/transactions',
    {
      ...salePayload([{ product: shop.pen, quantity: 1 }]),
      register,
      ...(reservedInvoiceNumber ? { reservedInvoiceNumber } : {}),
      ...(times.createdAt ? { createdAt: times.createdAt.toISOString() } : {}),
      ...(times.madeOfflineAt ? { madeOfflineAt: times.madeOfflineAt.toISOString() } : {}),
    },
    {
      token: shop.t.tokens.cashier,
      headers: { 'Idempotency-Key': key, ...headers },
    },
  );
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
/** A block the register reserved `hours` ago (the till has been offline since). */
async function reservedAgo(register: string, hours: number): Promise<{ first: string; last: string }> {
  const block = (await reserve(register)).body.data;
  await shop.t
    .dataSource()
    .query(`UPDATE invoice_blocks SET reserved_at = now() - make_interval(secs => $2) WHERE register = $1`, [register, hours * 3600]);
  return block;
}
const listed = async (register: string) =>
  (await shop.t.get(`/api/transactions?register=${register}&limit=100`, { token: shop.t.tokens.cashier })).body.data as {
    invoiceNumber: string;
    createdAt: string;
  }[];
const sequence = (invoice: string) => parseInvoiceNumber(invoice)!.sequence;

describe('invoice blocks for offline sales', () => {
  it('tells a till how many other devices took numbers for its register lately: none alone, one when another till shares it', async () => {
    const [front, back] = [randomUUID(), randomUUID()];
    const asDevice = (device: string, register = 'till-shared') =>
      shop.t.post('/api/transactions/invoice-blocks', { register, device }, { token: shop.t.tokens.cashier });
    expect((await asDevice(front)).body.data.otherDevices).toBe(0);
    expect((await asDevice(front)).body.data.otherDevices).toBe(0);
    expect((await asDevice(back)).body.data.otherDevices).toBe(1);
    expect((await asDevice(front)).body.data.otherDevices).toBe(1);
    // Another register, and a request naming no device, are told of nobody.
    expect((await asDevice(back, 'till-own')).body.data.otherDevices).toBe(0);
    expect((await reserve('till-shared')).body.data.otherDevices).toBe(0);
    // A device that last took numbers more than a week ago no longer counts.
    await shop.t.dataSource().query(`UPDATE invoice_blocks SET reserved_at = now() - interval '8 days' WHERE device = $1`, [back]);
    expect((await asDevice(front)).body.data.otherDevices).toBe(0);
    expect(
      (
        await shop.t.post(
          '/api/transactions/invoice-blocks',
          { register: 'till-shared', device: 'short' },
          { token: shop.t.tokens.cashier },
        )
      ).status,
    ).toBe(400);
  });

  it('reserves a block past the numbers already used, and the next sale without one numbers after the block', async () => {
    const online = await sell('till-a');
    expect(online.status).toBe(201);
    const block = await reserve('till-a', 20);
    expect(block.status).toBe(201);
    expect(block.body.data).toMatchObject({ register: 'till-a', size: 20 });
    const { first, last } = block.body.data;
    expect(sequence(first)).toBe(sequence(online.body.data.invoiceNumber) + 1);
    expect(sequence(last)).toBe(sequence(first) + 19);
    const after = await sell('till-a');
    expect(sequence(after.body.data.invoiceNumber)).toBe(sequence(last) + 1);
  });

  it("keeps the number a sale brings from its register's block; the same key sent again is the same sale", async () => {
    const { first } = (await reserve('till-b')).body.data;
    const key = randomUUID();
    const made = await sell('till-b', first, key);
    expect(made.status).toBe(201);
    expect(made.body.data.invoiceNumber).toBe(first);
    const before = await saleCounts(shop.t);
    const again = await sell('till-b', first, key);
    expect(again.status).toBe(201);
    expect(again.body.data._id).toBe(made.body.data._id);
    expect((await saleCounts(shop.t)).sales).toBe(before.sales);
  });

  it("refuses a number used by another sale, from another register's block, or never reserved, in English and Kurdish", async () => {
    const { first } = (await reserve('till-c')).body.data;
    expect((await sell('till-c', first)).status).toBe(201);
    const before = await saleCounts(shop.t);

    const twice = await sell('till-c', first);
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe(`Invoice number ${first} is already used by another sale`);

    const elsewhere = await sell('till-d', first);
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.message).toBe(`Invoice number ${first} was not reserved for this register`);

    const never = await sell('till-c', 'INV-9990000001', randomUUID(), { 'Accept-Language': 'ku' });
    expect(never.status).toBe(422);
    expect(never.body.message).toBe('ژمارەی پسوولە INV-9990000001 بۆ ئەم خاڵی فرۆشتنە تەرخان نەکرابوو');
    expect((await saleCounts(shop.t)).sales).toBe(before.sales);
  });

  it('refuses a block of a silly size', async () => {
    expect((await reserve('till-a', 5000)).status).toBe(400);
  });
});

describe('the time of a sale made offline', () => {
  it('is the time the till made it: listed at that time, in its place among the others, and so in its event', async () => {
    const { first } = await reservedAgo('till-e', 3);
    const online = await sell('till-e');
    const madeAt = hoursAgo(2);
    const offline = await sell('till-e', first, randomUUID(), {}, { madeOfflineAt: madeAt });
    expect(offline.status).toBe(201);
    expect(offline.body.data.createdAt).toBe(madeAt.toISOString());

    // Sent after the online sale, made before it: it lists after it (newest first).
    expect((await listed('till-e')).map((s) => [s.invoiceNumber, s.createdAt])).toEqual([
      [online.body.data.invoiceNumber, online.body.data.createdAt],
      [first, madeAt.toISOString()],
    ]);
    const fromThen = await shop.t.get(
      `/api/transactions?register=till-e&from=${hoursAgo(2.5).toISOString()}&to=${hoursAgo(1.5).toISOString()}`,
      { token: shop.t.tokens.cashier },
    );
    expect(fromThen.body.data.map((s: { invoiceNumber: string }) => s.invoiceNumber)).toEqual([first]);
    const [event] = (await outboxEvents(shop.t, 'dukan.sales.sale.completed.v1')).filter((e) => e.saleId === offline.body.data._id);
    expect(event.completedAt).toBe(madeAt.toISOString());
  });

  it('keeps a till clock gone wrong within what is possible, and makes the sale', async () => {
    const { first } = await reservedAgo('till-f', 3);
    const second = first.replace(/\d{7}$/, (n) => String(Number(n) + 1).padStart(7, '0'));

    // An hour ahead: recorded no later than now, give or take the minutes two clocks may differ by.
    const sentAt = Date.now();
    const future = await sell('till-f', first, randomUUID(), {}, { madeOfflineAt: hoursAgo(-1) });
    expect(future.status).toBe(201);
    const futureAt = new Date(future.body.data.createdAt).getTime();
    expect(futureAt).toBeGreaterThan(sentAt + 4 * 60_000);
    expect(futureAt).toBeLessThan(Date.now() + 6 * 60_000);

    // A day before the block was reserved: recorded at its reserving, give or take the same.
    const early = await sell('till-f', second, randomUUID(), {}, { madeOfflineAt: hoursAgo(27) });
    expect(early.status).toBe(201);
    const earlyAt = new Date(early.body.data.createdAt).getTime();
    expect(Math.abs(earlyAt - (hoursAgo(3).getTime() - 5 * 60_000))).toBeLessThan(60_000);
  });

  it("is the server's for a sale made online, whatever time the till sends, also with a reserved number", async () => {
    const sentAt = Date.now();
    const online = await sell('till-g', undefined, randomUUID(), {}, { createdAt: hoursAgo(24) });
    expect(online.status).toBe(201);
    expect(Math.abs(new Date(online.body.data.createdAt).getTime() - sentAt)).toBeLessThan(60_000);
    const { first } = await reservedAgo('till-g', 1);
    const numbered = await sell('till-g', first, randomUUID(), {}, { createdAt: hoursAgo(0.5) });
    expect(numbered.status).toBe(201);
    expect(numbered.body.data.invoiceNumber).toBe(first);
    expect(Math.abs(new Date(numbered.body.data.createdAt).getTime() - sentAt)).toBeLessThan(60_000);
    const [event] = (await outboxEvents(shop.t, 'dukan.sales.sale.completed.v1')).filter((e) => e.saleId === online.body.data._id);
    expect(event.completedAt).toBe(online.body.data.createdAt);
  });
});
