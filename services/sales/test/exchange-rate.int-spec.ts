// POST /api/transactions: the exchange rate recorded is the one settings gives the cashier at that moment.
import { randomUUID } from 'node:crypto';
import type { ServiceTestApp } from '@dukan/testing';
import {
  countRows,
  type FakeSettings,
  outboxEvents,
  publishSettings,
  saleCounts,
  salePayload,
  startCheckoutShop,
  type TestProduct,
} from './helpers.js';

let t: ServiceTestApp;
let settings: FakeSettings;
let pen: TestProduct;
let mug: TestProduct;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, settings, pen, mug, close } = await startCheckoutShop());
});
afterAll(() => close());

const snapshot = () => saleCounts(t);

describe('the exchange rate is the one settings gives the cashier now', () => {
  const changeRate = async (rate: number) => {
    settings.exchangeRate = rate;
    await publishSettings(t, { exchangeRate: rate, changed: ['exchangeRate'] });
  };
  afterEach(async () => {
    settings.mode = 'up';
    await changeRate(1450);
  });

  it('asks settings once for a run of sales at the same rate, and again when settings announces a change', async () => {
    await changeRate(1450);
    const calls = settings.calls;
    for (let i = 0; i < 3; i++)
      expect((await t.post('/api/transactions', salePayload([{ product: pen, quantity: 1 }]), { token: t.tokens.cashier })).status).toBe(
        201,
      );
    expect(settings.calls - calls).toBe(1);
    await changeRate(1450);
    expect((await t.post('/api/transactions', salePayload([{ product: pen, quantity: 1 }]), { token: t.tokens.cashier })).status).toBe(201);
    expect(settings.calls - calls).toBe(2);
  });

  it('refuses a forged rate with 422 in English and Kurdish, and stores nothing', async () => {
    const before = await snapshot();
    const body = salePayload([{ product: mug, quantity: 2 }], { currency: 'IQD', exchangeRate: 2900, tenderExtraCents: 100 });
    const res = await t.post('/api/transactions', body, { token: t.tokens.cashier, headers: { 'idempotency-key': randomUUID() } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('EXCHANGE_RATE_CHANGED');
    expect(res.body.message).toBe(
      'The exchange rate is now 1450 IQD per USD, not 2900. The till has reloaded it: check the total and confirm again.',
    );
    expect(res.body.errors['exchangeRate']?.message).toBe(res.body.message);
    const ku = await t.post('/api/transactions', body, { token: t.tokens.cashier, headers: { 'accept-language': 'ku' } });
    expect(ku.body.message).toBe(
      'نرخی ئاڵوگۆڕ ئێستا 1450 دینارە بۆ هەر دۆلارێک، نەک 2900. خاڵی فرۆشتن نرخەکەی نوێ کردەوە: کۆی گشتی بپشکنە و دووبارە پشتڕاستی بکەرەوە.',
    );
    expect(await snapshot()).toEqual(before);
    expect(await countRows(t, 'idempotency_keys')).toBe(before.keys);
  });

  it('follows a rate changed in settings at once: the old rate is refused, the new one sold at', async () => {
    // Settings announces every change; the rate sales keeps for a cashier is dropped then.
    await changeRate(1500);
    const old = salePayload([{ product: mug, quantity: 1 }], { currency: 'IQD', exchangeRate: 1450 });
    expect((await t.post('/api/transactions', old, { token: t.tokens.cashier })).body.code).toBe('EXCHANGE_RATE_CHANGED');
    const res = await t.post('/api/transactions', { ...old, exchangeRate: 1500 }, { token: t.tokens.cashier });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ exchangeRate: 1500, amountsInCurrency: { total: 11462 } }); // 8.99 x 1500 = 13,485 less 15 %
    const [row] = await t.dataSource().query(`SELECT exchange_rate FROM sales WHERE id = $1`, [res.body.data._id]);
    expect(Number(row.exchange_rate)).toBe(1500);
    const [event] = (await outboxEvents(t, 'dukan.sales.sale.completed.v1')).filter((e) => e.saleId === res.body.data._id);
    expect(event).toMatchObject({ exchangeRate: 1500, currency: 'IQD' });
  });

  it('counts an IQD tender and its change in whole dinars at that rate', async () => {
    // 8.99 at 1450 = 13,036 IQD, less 15 % = 11,081; the spec's till sends 20,000 IQD as 13.79 dollars: 19,996 IQD, 8,915 change.
    const body = salePayload([{ product: mug, quantity: 1 }], { currency: 'IQD', exchangeRate: 1450, tenderExtraCents: 615 });
    const res = await t.post('/api/transactions', body, { token: t.tokens.cashier });
    expect(res.status).toBe(201);
    const inIqd = res.body.data.amountsInCurrency;
    expect(inIqd).toMatchObject({ total: 11081, amountTendered: 19996 });
    expect(inIqd.change).toBe(inIqd.amountTendered - inIqd.total);
  });

  it('refuses the sale (503, nothing stored) while the rate cannot be checked', async () => {
    await changeRate(1450);
    settings.mode = 'down';
    const before = await snapshot();
    const res = await t.post('/api/transactions', salePayload([{ product: pen, quantity: 1 }]), { token: t.tokens.cashier });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('The exchange rate cannot be checked right now. Please try again in a moment.');
    expect(await snapshot()).toEqual(before);
  });
});
