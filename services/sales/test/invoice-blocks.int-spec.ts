// Invoice numbers reserved for a register in advance: its till numbers the sales it makes offline with them, and
// the server keeps those numbers, unique and increasing per register.
import { randomUUID } from 'node:crypto';
import { parseInvoiceNumber } from '@dukan/contracts';
import { salePayload, saleCounts, startCheckoutShop } from './helpers.js';

let shop: Awaited<ReturnType<typeof startCheckoutShop>>;
beforeAll(async () => {
  shop = await startCheckoutShop();
});
afterAll(() => shop.close());

const reserve = (register: string, size?: number) =>
  shop.t.post('/api/transactions/invoice-blocks', { register, ...(size ? { size } : {}) }, { token: shop.t.tokens.cashier });
const sell = (register: string, reservedInvoiceNumber?: string, key = randomUUID(), headers: Record<string, string> = {}) =>
  shop.t.post('/api/transactions', { ...salePayload([{ product: shop.pen, quantity: 1 }]), register, ...(reservedInvoiceNumber ? { reservedInvoiceNumber } : {}) }, {
    token: shop.t.tokens.cashier,
    headers: { 'Idempotency-Key': key, ...headers },
  });
const sequence = (invoice: string) => parseInvoiceNumber(invoice)!.sequence;

describe('invoice blocks for offline sales', () => {
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

  it('keeps the number a sale brings from its register\'s block; the same key sent again is the same sale', async () => {
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

  it('refuses a number used by another sale, from another register\'s block, or never reserved, in English and Kurdish', async () => {
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
