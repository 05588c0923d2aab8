// Packs, weighed goods and scale labels at the till, on the real sales service: priced by the shared pricing module,
// stock units carried on the sale's event, a misread or unknown scale label refused in English and Kurdish.
import { randomUUID } from 'node:crypto';
import type { ServiceTestApp } from '@dukan/testing';
import { buildScaleLabel, DEFAULT_SCALE_LABEL_RULE, ean13CheckDigit, type ScaleLabelRule, type SaleEventData } from '@dukan/contracts';
import { outboxEvents, publishProduct, publishSettings, startCheckoutShop } from './helpers.js';

let t: ServiceTestApp;
let close: () => Promise<void>;
const cartonId = randomUUID();
const dinarCartonId = randomUUID();
let can: { id: string };
let dinarCan: { id: string };
let meat: { id: string };

const rule = (r: Partial<ScaleLabelRule>) =>
  publishSettings(t, { iqdCashRounding: 250, scaleLabel: { ...DEFAULT_SCALE_LABEL_RULE, enabled: true, ...r }, changed: ['scaleLabel'] });

beforeAll(async () => {
  ({ t, close } = await startCheckoutShop());
  await publishSettings(t, { iqdCashRounding: 250 });
  // A can at $0.75; a carton of 12 at $8.00.
  can = await publishProduct(t, {
    priceCents: 75,
    packs: [{ packId: cartonId, barcode: '6260000000999', units: 12, priceCents: 800, priceCurrency: 'USD', priceMinor: 800 }],
  });
  // Priced in dinars: 1,000 a can, 11,000 a carton of 12.
  dinarCan = await publishProduct(t, {
    priceCents: 69,
    priceCurrency: 'IQD',
    priceMinor: 1000,
    packs: [{ packId: dinarCartonId, barcode: '6260000000998', units: 12, priceCents: 759, priceCurrency: 'IQD', priceMinor: 11_000 }],
  });
  // Minced meat sold by weight: 12,000 dinars a kilogram, scale code 4242.
  meat = await publishProduct(t, { priceCents: 828, priceCurrency: 'IQD', priceMinor: 12_000, soldBy: 'weight', scaleCode: '4242' });
});
afterAll(() => close());

const sell = (body: unknown, locale = 'en') =>
  t.post('/api/transactions', body, { token: t.tokens.cashier, headers: { 'accept-language': locale } });
const eventOf = async (saleId: string): Promise<SaleEventData> =>
  (await outboxEvents<SaleEventData>(t, 'dukan.sales.sale.completed.v1')).find((e) => e.saleId === saleId)!;

/** One line in the sale's currency as the till states it, paid exactly in cash (the cash due as rounded). */
function oneLine(
  item: Record<string, unknown>,
  unitPrice: number,
  subtotal: number,
  currency: 'USD' | 'IQD',
  paid: number,
): Record<string, unknown> {
  return {
    items: [{ ...item, unitPrice, subtotal }],
    subtotal,
    total: subtotal,
    currency,
    exchangeRate: 1450,
    tenders: [{ method: 'cash', currency, amountMinor: paid }],
  };
}

describe('packs', () => {
  it('sells 2 cartons at the carton price, taking 24 units from stock', async () => {
    const res = await sell(oneLine({ product: can.id, pack: cartonId, quantity: 2 }, 8, 16, 'USD', 1600));
    expect(res.status).toBe(201);
    expect(res.body.data.items[0]).toMatchObject({ quantity: 2, unitPrice: 8, subtotal: 16, packId: cartonId, unitsPerQuantity: 12 });
    const line = (await eventOf(res.body.data._id)).lines[0]!;
    expect(line).toMatchObject({ quantity: 2, unitsPerQuantity: 12, packId: cartonId, unitPriceCents: 800 });
  });

  it('prices a carton of a dinar product in dinars, and refuses the single price for a carton', async () => {
    const ok = await sell(oneLine({ product: dinarCan.id, pack: dinarCartonId, quantity: 1 }, 11_000, 11_000, 'IQD', 11_000));
    expect(ok.status).toBe(201);
    expect(ok.body.data.amountsInCurrency.total).toBe(11_000);
    const wrong = await sell(oneLine({ product: dinarCan.id, pack: dinarCartonId, quantity: 1 }, 1000, 1000, 'IQD', 1000));
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('TOTAL_MISMATCH');
  });

  it('refuses a pack that is not the product’s', async () => {
    const res = await sell(oneLine({ product: dinarCan.id, pack: cartonId, quantity: 1 }, 8, 8, 'USD', 800), 'ku');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('items.0.pack');
    expect(res.body.message).toBe('ئەم پاکەتە یەکێک نییە لە پاکەتەکانی ئەم کاڵایە');
  });
});

describe('weighed goods', () => {
  it('prices 1.255 kg at 12,000 a kg as 15,060 dinars, cash rounded to 15,000, stock 1,255 g', async () => {
    const res = await sell(oneLine({ product: meat.id, quantity: 1255 }, 12_000, 15_060, 'IQD', 15_000));
    expect(res.status).toBe(201);
    expect(res.body.data.items[0]).toMatchObject({ quantity: 1255, weighed: true, unitsPerQuantity: 1 });
    expect(res.body.data.amountsInCurrency).toMatchObject({ total: 15_060, cashRounding: -60 });
    const line = (await eventOf(res.body.data._id)).lines[0]!;
    expect(line).toMatchObject({ quantity: 1255, weighed: true, subtotalMinor: 15_060 });
  });

  it('refuses more than 10,000 of a unit product, in words', async () => {
    const res = await sell(oneLine({ product: can.id, quantity: 10_001 }, 0.75, 7500.75, 'USD', 750_075));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Quantity must be a whole number from 1 to 10,000');
  });
});

describe('scale labels', () => {
  it('reads a weight label (20 + 5-digit code + 5-digit grams) into a weighed line', async () => {
    await rule({ prefix: '20-29', codeDigits: 5, value: 'weight', valueCheckDigit: false });
    const label = buildScaleLabel('21', '04242', '00750', false);
    const res = await sell(oneLine({ product: meat.id, quantity: 750, scaleLabel: label }, 12_000, 9000, 'IQD', 9000));
    expect(res.status).toBe(201);
    expect(res.body.data.items[0]).toMatchObject({ quantity: 750, weighed: true });
  });

  it('refuses a label whose check digit is wrong, in English and Kurdish, and writes nothing', async () => {
    await rule({ prefix: '20-29', codeDigits: 5, value: 'weight', valueCheckDigit: false });
    const good = buildScaleLabel('21', '04242', '00750', false);
    const bad = good.slice(0, 12) + String((Number(good[12]) + 1) % 10);
    const before = (await outboxEvents(t, 'dukan.sales.sale.completed.v1')).length;
    const en = await sell(oneLine({ product: meat.id, quantity: 750, scaleLabel: bad }, 12_000, 9000, 'IQD', 9000));
    expect(en.status).toBe(400);
    expect(en.body.message).toBe('This scale label was misread (its check digit is wrong). Scan it again.');
    const ku = await sell(oneLine({ product: meat.id, quantity: 750, scaleLabel: bad }, 12_000, 9000, 'IQD', 9000), 'ku');
    expect(ku.body.message).toBe('ئەم لیبڵی تەرازووە بە هەڵە خوێنرایەوە (ژمارەی پشکنینی هەڵەیە). دووبارە سکانی بکەرەوە.');
    expect((await outboxEvents(t, 'dukan.sales.sale.completed.v1')).length).toBe(before);
  });

  it('refuses a label whose item code is no product’s, naming the code', async () => {
    await rule({ prefix: '20-29', codeDigits: 5, value: 'weight', valueCheckDigit: false });
    const label = buildScaleLabel('21', '09999', '00750', false);
    const en = await sell(oneLine({ product: meat.id, quantity: 750, scaleLabel: label }, 12_000, 9000, 'IQD', 9000));
    expect(en.status).toBe(400);
    expect(en.body.message).toBe('No product has the scale code 09999 of this label');
    const ku = await sell(oneLine({ product: meat.id, quantity: 750, scaleLabel: label }, 12_000, 9000, 'IQD', 9000), 'ku');
    expect(ku.body.message).toBe('هیچ کاڵایەک کۆدی تەرازووی 09999ی ئەم لیبڵەی نییە');
  });

  it('reads a price label with its inner price check digit: one line at the printed price, stock the grams it buys', async () => {
    await rule({ prefix: '2', codeDigits: 6, value: 'price', valueCheckDigit: true, currency: 'IQD' });
    // 2 | 004242 | check | 6000 | check: 6,000 dinars of meat at 12,000 a kg = 500 g.
    const label = buildScaleLabel('2', '004242', '6000', true);
    const res = await sell(oneLine({ product: meat.id, quantity: 1, scaleLabel: label }, 6000, 6000, 'IQD', 6000));
    expect(res.status).toBe(201);
    expect(res.body.data.items[0]).toMatchObject({ quantity: 1, unitPriceInCurrency: 6000, unitsPerQuantity: 500, weighed: false });
    // The same label with its inner digit wrong but a right EAN check digit: only the price check catches it.
    const body = label.slice(0, 7) + String((Number(label[7]) + 1) % 10) + label.slice(8, 12);
    const bad = body + String(ean13CheckDigit(body));
    const refused = await sell(oneLine({ product: meat.id, quantity: 1, scaleLabel: bad }, 6000, 6000, 'IQD', 6000));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This scale label was misread (its check digit is wrong). Scan it again.');
  });

  it('refuses any label while the shop has labels turned off', async () => {
    await publishSettings(t, { iqdCashRounding: 250, scaleLabel: DEFAULT_SCALE_LABEL_RULE, changed: ['scaleLabel'] });
    const label = buildScaleLabel('21', '04242', '00750', false);
    const res = await sell(oneLine({ product: meat.id, quantity: 750, scaleLabel: label }, 12_000, 9000, 'IQD', 9000));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This is not a scale label of this shop');
  });
});
