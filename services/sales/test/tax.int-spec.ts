// The shop's one tax rate, included in its prices or added to them: what a sale charges, stores and announces.
// On the real sales service (its database, events and HTTP); the rate and mode arrive as settings' events.
import type { ServiceTestApp } from '@dukan/testing';
import { priceSale, unitPriceInSaleCurrency, type Currency, type SaleTender, type TaxMode } from '@dukan/contracts';
import { outboxEvents, publishProduct, publishSettings, saleCounts, salePayload, startCheckoutShop, type TestProduct } from './helpers.js';

let t: ServiceTestApp;
let close: () => Promise<void>;
/** $10.00 */
let tenDollars: TestProduct;
/** Priced in dinars: IQD 52,345. */
let iqdItem: TestProduct;

/** Settings announce a tax (and a dinar cash step); `taxMode` left out as settings from before it could be added. */
async function shopTax(rateBp: number, taxMode: TaxMode | undefined, iqdCashRounding = 1): Promise<void> {
  await publishSettings(t, {
    iqdCashRounding,
    taxRateBasisPoints: rateBp,
    ...(taxMode ? { taxMode } : {}),
    changed: ['taxRateBasisPoints', 'taxMode'],
  });
}

/** What the till sends: its figures in the sale's currency, priced with the shop's tax by the shared module. */
function tillSale(
  product: TestProduct,
  priceCurrency: Currency,
  currency: Currency,
  tax: { rateBp: number; mode: TaxMode },
  tenders: SaleTender[],
) {
  const major = (minor: number) => (currency === 'USD' ? minor / 100 : minor);
  const lines = [
    { priceCents: unitPriceInSaleCurrency(product.priceCents, priceCurrency, currency, 1450), quantity: 1, discountPercent: 0 },
  ];
  const priced = priceSale({ lines, discount: null, loyaltyDiscountCents: 0, taxRateBasisPoints: tax.rateBp, taxMode: tax.mode });
  return {
    items: [{ product: product.id, quantity: 1, unitPrice: major(lines[0]!.priceCents), subtotal: major(priced.lines[0]!.subtotalCents) }],
    subtotal: major(priced.subtotalCents),
    taxAmount: major(priced.taxCents),
    total: major(priced.totalCents),
    currency,
    exchangeRate: 1450,
    tenders,
  };
}

const sell = (body: unknown) => t.post('/api/transactions', body, { token: t.tokens.cashier });
const stored = async (saleId: string) =>
  (
    await t
      .dataSource()
      .query(`SELECT tax_rate_bp, tax_mode, tax_minor::int, total_minor::int, tax_cents::int, total_cents::int FROM sales WHERE id = $1`, [
        saleId,
      ])
  )[0];
const eventOf = async (saleId: string) =>
  (await outboxEvents(t, 'dukan.sales.sale.completed.v1')).find((e: { saleId: string }) => e.saleId === saleId);

beforeAll(async () => {
  ({ t, close } = await startCheckoutShop());
  tenDollars = await publishProduct(t, { priceCents: 1000 });
  const iqd = await publishProduct(t, { priceCents: 3610, priceCurrency: 'IQD', priceMinor: 52_345 });
  iqdItem = { ...iqd, priceCents: 52_345 };
});
afterAll(() => close());

describe('tax added to prices', () => {
  beforeAll(() => shopTax(1000, 'added'));

  it('charges the price plus 10 %, and stores and announces the total with its tax', async () => {
    const res = await sell(
      tillSale(tenDollars, 'USD', 'USD', { rateBp: 1000, mode: 'added' }, [{ method: 'cash', currency: 'USD', amountMinor: 2000 }]),
    );
    expect(res.status).toBe(201);
    const tx = res.body.data;
    expect(tx).toMatchObject({ subtotal: 10, taxRate: 10, taxMode: 'added', taxAmount: 1, total: 11 });
    expect(tx.change).toEqual({ currency: 'USD', amountMinor: 900 });
    expect(await stored(tx._id)).toEqual({
      tax_rate_bp: 1000,
      tax_mode: 'added',
      tax_minor: 100,
      total_minor: 1100,
      tax_cents: 100,
      total_cents: 1100,
    });
    expect(await eventOf(tx._id)).toMatchObject({ taxRateBasisPoints: 1000, taxMode: 'added', taxMinor: 100, totalMinor: 1100 });
    expect((await t.get(`/api/transactions/${tx._id}`, { token: t.tokens.cashier })).body.data).toMatchObject({
      taxMode: 'added',
      total: 11,
    });
  });

  it('refuses a till that leaves the tax out of its total, or states another tax, and stores nothing', async () => {
    const before = await saleCounts(t);
    const noTax = tillSale(tenDollars, 'USD', 'USD', { rateBp: 0, mode: 'added' }, [
      { method: 'cash', currency: 'USD', amountMinor: 2000 },
    ]);
    const res = await sell({ ...noTax, taxAmount: undefined });
    expect(res.status).toBe(422);
    expect(res.body.errors.total.message).toBe('The total is $11.00, not $10.00');
    const wrongTax = await sell({
      ...tillSale(tenDollars, 'USD', 'USD', { rateBp: 1000, mode: 'added' }, [{ method: 'cash', currency: 'USD', amountMinor: 2000 }]),
      taxAmount: 0.5,
    });
    expect(wrongTax.status).toBe(422);
    expect(wrongTax.body.errors.taxAmount.message).toBe('The tax is $1.00, not $0.50');
    const ku = await t.post(
      '/api/transactions',
      {
        ...tillSale(tenDollars, 'USD', 'USD', { rateBp: 1000, mode: 'added' }, [{ method: 'card', currency: 'USD', amountMinor: 1100 }]),
        taxAmount: 0.5,
      },
      { token: t.tokens.cashier, headers: { 'accept-language': 'ku' } },
    );
    expect(ku.body.errors.taxAmount.message).toContain('باجەکە');
    expect(await saleCounts(t)).toEqual(before);
  });

  it('rounds the dinar cash due after the tax: 52,345 + 5,235 = 57,580, paid as 57,500 at a 250 step', async () => {
    await shopTax(1000, 'added', 250);
    const res = await sell(
      tillSale(iqdItem, 'IQD', 'IQD', { rateBp: 1000, mode: 'added' }, [{ method: 'cash', currency: 'IQD', amountMinor: 60_000 }]),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.amountsInCurrency).toMatchObject({ taxAmount: 5235, total: 57_580, cashRounding: -80, change: 2500 });
    expect(await stored(res.body.data._id)).toMatchObject({ tax_minor: 5235, total_minor: 57_580 });
  });

  it("takes a specification client's one cash payment on the total with its tax", async () => {
    await shopTax(1000, 'added');
    const body = { ...salePayload([{ product: tenDollars, quantity: 2 }]), total: 22, paymentDetails: { amountTendered: 25, change: 3 } };
    const res = await sell(body);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ subtotal: 20, taxAmount: 2, total: 22, paymentDetails: { amountTendered: 25, change: 3 } });
  });

  it('refunds the tax paid with the goods', async () => {
    const sale = (
      await sell(
        tillSale(tenDollars, 'USD', 'USD', { rateBp: 1000, mode: 'added' }, [{ method: 'card', currency: 'USD', amountMinor: 1100 }]),
      )
    ).body.data;
    const refund = await t.post(
      `/api/transactions/${sale._id}/refund`,
      { lines: [{ lineId: sale.items[0]._id, quantity: 1 }] },
      { token: t.tokens.manager },
    );
    expect(refund.status).toBe(201);
    expect(refund.body.data.refund).toMatchObject({ amount: 11 });
  });
});

describe('tax included in prices', () => {
  it('leaves the total as priced and records the tax inside it', async () => {
    await shopTax(1000, 'included');
    const res = await sell(
      tillSale(tenDollars, 'USD', 'USD', { rateBp: 1000, mode: 'included' }, [{ method: 'cash', currency: 'USD', amountMinor: 1000 }]),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ taxMode: 'included', taxAmount: 0.91, total: 10 }); // 10.00 x 10 / 110
    expect(await stored(res.body.data._id)).toMatchObject({ tax_mode: 'included', tax_minor: 91, total_minor: 1000 });
  });

  it('is what settings from before the mode existed mean', async () => {
    await shopTax(1000, 'added');
    await shopTax(500, undefined);
    const res = await sell(salePayload([{ product: tenDollars, quantity: 1 }]));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ taxRate: 5, taxMode: 'included', taxAmount: 0.48, total: 10 });
  });
});

describe('no tax', () => {
  it('keeps a specification client that sends no tax figures working unchanged, whichever the mode', async () => {
    for (const mode of ['added', 'included'] as const) {
      await shopTax(0, mode);
      const res = await sell(salePayload([{ product: tenDollars, quantity: 3 }], { tenderExtraCents: 500 }));
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ taxRate: 0, taxAmount: 0, total: 30, paymentDetails: { amountTendered: 35, change: 5 } });
    }
  });
});
