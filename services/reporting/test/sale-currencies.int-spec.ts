// Reports that add up: a dollar sale and dinar sales each at their own rate, and what each payment method took.
import { randomUUID } from 'node:crypto';
import { iqdToUsdCents, usdCentsToIqd, type SaleEventData } from '@dukan/contracts';
import type { ServiceTestApp } from '@dukan/testing';
import { completed, dashboard, envelope, sale, startReporting, voided } from './fixtures.js';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startReporting();
}, 60_000);
afterAll(() => t.close());

const TEA = randomUUID();
const RICE = randomUUID();
const SUGAR = randomUUID();

/** A one-line sale made now, exact in its own currency as sales sends it. */
function made(over: Partial<SaleEventData> & Pick<SaleEventData, 'currency' | 'exchangeRate'>, line: SaleEventData['lines'][number]) {
  const cents = line.subtotalCents;
  return sale(cents, new Date().toISOString(), {
    lines: [line],
    subtotalCents: cents,
    totalCents: cents,
    subtotalMinor: line.subtotalMinor,
    discountMinor: 0,
    loyaltyDiscountMinor: 0,
    taxMinor: 0,
    totalMinor: line.subtotalMinor,
    ...over,
  });
}

// Dollars, at 1450: $12.50 of tea (cost $4), paid with a $20 note, change 10,750 dinars.
const dollarSale = made(
  {
    currency: 'USD',
    exchangeRate: 1450,
    tenders: [{ method: 'cash', currency: 'USD', amountMinor: 2000 }],
    change: { currency: 'IQD', amountMinor: 10_750 },
    cashRoundingMinor: 9,
    paymentMethod: 'cash',
    tenderedMinor: 2000,
    changeMinor: 741,
  },
  {
    lineId: randomUUID(),
    productId: TEA,
    sku: 'TEA',
    name: { en: 'Tea', ku: 'چا' },
    quantity: 1,
    unitPriceCents: 1250,
    unitCostCents: 400,
    discountCents: 0,
    subtotalCents: 1250,
    unitPriceMinor: 1250,
    subtotalMinor: 1250,
    netMinor: 1250,
  },
);

// Dinars, at 1310: two bags of rice at 15,000 (cost $5 each), $10 by card and 17,000 dinars cash (rounded up 100).
const dinarSale = made(
  {
    currency: 'IQD',
    exchangeRate: 1310,
    tenders: [
      { method: 'card', currency: 'USD', amountMinor: 1000 },
      { method: 'cash', currency: 'IQD', amountMinor: 17_000 },
    ],
    change: { currency: 'IQD', amountMinor: 0 },
    cashRoundingMinor: 100,
    paymentMethod: 'mixed',
    tenderedMinor: 30_100,
    changeMinor: 0,
  },
  {
    lineId: randomUUID(),
    productId: RICE,
    sku: 'RICE',
    name: { en: 'Rice', ku: 'برنج' },
    quantity: 2,
    unitPriceCents: iqdToUsdCents(15_000, 1310),
    unitCostCents: 500,
    discountCents: 0,
    subtotalCents: iqdToUsdCents(30_000, 1310),
    unitPriceMinor: 15_000,
    subtotalMinor: 30_000,
    netMinor: 30_000,
  },
);

// Dinars, at 1400, voided: 7,000 dinars of sugar in cash.
const voidedSale = made(
  {
    currency: 'IQD',
    exchangeRate: 1400,
    tenders: [{ method: 'cash', currency: 'IQD', amountMinor: 7_000 }],
    change: { currency: 'IQD', amountMinor: 0 },
    paymentMethod: 'cash',
    tenderedMinor: 7_000,
    changeMinor: 0,
  },
  {
    lineId: randomUUID(),
    productId: SUGAR,
    sku: 'SUGAR',
    name: { en: 'Sugar', ku: 'شەکر' },
    quantity: 1,
    unitPriceCents: 500,
    unitCostCents: 100,
    discountCents: 0,
    subtotalCents: 500,
    unitPriceMinor: 7_000,
    subtotalMinor: 7_000,
    netMinor: 7_000,
  },
);

// One bag of rice back: 15,000 dinars in cash.
const riceBack = () =>
  envelope('dukan.sales.sale.refunded.v1', {
    saleId: dinarSale.saleId,
    refundId: randomUUID(),
    invoiceNumber: dinarSale.invoiceNumber,
    register: 'main',
    branchId: 'main',
    cashierId: dinarSale.cashierId,
    customerId: null,
    currency: 'IQD',
    exchangeRate: 1310,
    lines: [
      {
        lineId: dinarSale.lines[0]!.lineId,
        productId: RICE,
        sku: 'RICE',
        quantity: 1,
        amountCents: iqdToUsdCents(15_000, 1310),
        restock: true,
      },
    ],
    amountCents: iqdToUsdCents(15_000, 1310),
    amountMinor: 15_000,
    cashRoundingMinor: 0,
    tenders: [{ method: 'cash', currency: 'IQD', amountMinor: 15_000 }],
    change: null,
    pointsReturned: 0,
    pointsRevoked: 0,
    fullyRefunded: false,
    reason: null,
    refundedAt: new Date().toISOString(),
  });

// What the drawer, the card terminal and the refunds saw, each in its own currency.
const TAKINGS = [
  { method: 'cash', currency: 'USD', takenMinor: 2000, payments: 1, refundedMinor: 0, refunds: 0 },
  // -10,750 change + 17,000 + 7,000 - 7,000 voided; 15,000 back for the rice.
  { method: 'cash', currency: 'IQD', takenMinor: 6_250, payments: 1, refundedMinor: 15_000, refunds: 1 },
  { method: 'card', currency: 'USD', takenMinor: 1000, payments: 1, refundedMinor: 0, refunds: 0 },
];

// Dinars: the dollar sale at 1450, the dinar sale's own dinars less the rice given back; the void nets to nothing.
const IQD_SALES = 18_125 + 30_000 - 15_000;
const IQD_COST = usdCentsToIqd(400, 1450) + usdCentsToIqd(500, 1310); // one bag of rice sold in the end
// Dollars: the dollar sale's own, the dinar sale and its refund at 1310.
const USD_SALES = 1250 + iqdToUsdCents(30_000, 1310) - iqdToUsdCents(15_000, 1310);

describe('a dollar sale and dinar sales at different rates', () => {
  beforeAll(async () => {
    // Today's rate is 1500: nothing made before today may be converted at it.
    await t.bus.publish(
      envelope('dukan.settings.settings.changed.v1', {
        exchangeRate: 1500,
        userExchangeRates: {},
        storeName: 'Dukan',
        defaultLanguage: 'en',
        timeZone: 'Asia/Baghdad',
        iqdCashRounding: 250,
        taxRateBasisPoints: 0,
        changed: ['exchangeRate'],
      }),
    );
    for (const s of [dollarSale, dinarSale, voidedSale]) await t.bus.publish(completed(s));
    await t.bus.publish(voided(voidedSale));
    await t.bus.publish(riceBack());
  });

  async function salesReport(currency: 'USD' | 'IQD') {
    const res = await t.get(`/api/reports/sales?currency=${currency}`, { token: t.tokens.admin });
    expect(res.status).toBe(200);
    return res.body.data;
  }

  it('in dinars: the dinar sales’ own dinars and the dollar sale at its own rate, never today’s', async () => {
    const d = await salesReport('IQD');
    expect(d.summary).toMatchObject({
      totalSales: IQD_SALES,
      totalTransactions: 2,
      grossProfit: IQD_SALES - IQD_COST,
      averageOrderValue: Math.round(IQD_SALES / 2),
    });
    expect(d.summary.totalSales).not.toBe(usdCentsToIqd(USD_SALES, 1500));
    expect(d.salesByDate.map((x: { total: number }) => x.total)).toEqual([IQD_SALES]);
    const revenue = Object.fromEntries(d.topProducts.map((p: { _id: string; revenue: number }) => [p._id, p.revenue]));
    expect(revenue).toEqual({ [TEA]: 18_125, [RICE]: 15_000, [SUGAR]: 0 });
  });

  it('in dollars: the dollar sale’s own cents and the dinar sales at theirs', async () => {
    const d = await salesReport('USD');
    expect(d.summary).toMatchObject({
      totalSales: USD_SALES / 100,
      totalTransactions: 2,
      grossProfit: (USD_SALES - 400 - 500) / 100,
    });
  });

  it('splits the takings by method and currency, exact to the cent and the dinar, whatever currency the report is in', async () => {
    expect((await salesReport('IQD')).takingsByTender).toEqual(TAKINGS);
    expect((await salesReport('USD')).takingsByTender).toEqual(TAKINGS);
  });

  it('the dashboard shows today’s sales in both currencies and today’s takings', async () => {
    const d = await dashboard(t);
    expect(d.todaySales).toBe(USD_SALES / 100);
    expect(d.todaySalesIqd).toBe(IQD_SALES);
    expect(d.todayTakings).toEqual(TAKINGS);
  });

  it('the same events again change nothing', async () => {
    await t.bus.publish(completed(dinarSale));
    expect((await salesReport('IQD')).takingsByTender).toEqual(TAKINGS);
  });
});
