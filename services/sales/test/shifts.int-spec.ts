// A register's shift on the real sales service: the float, sales, refunds and voids counted into the drawer, cash in
// and out, the close with and without a difference, who may accept one, and a shop that sells only in a shift.
import { formatMoney, inputRuleText, type SettingsChangedData, type SupplierPaymentData } from '@dukan/contracts';
import type { ServiceTestApp } from '@dukan/testing';
import { countRows, envelope, outboxEvents, publishSettings, salePayload, startCheckoutShop, type TestProduct } from './helpers.js';

let shop: Awaited<ReturnType<typeof startCheckoutShop>>;
let t: ServiceTestApp;
let pen: TestProduct;
let shirt: TestProduct;

const FLOAT = { USD: 5000, IQD: 250_000 };

beforeAll(async () => {
  shop = await startCheckoutShop();
  t = shop.t;
  pen = shop.pen;
  shirt = shop.shirt;
});
afterAll(() => shop.close());

const settings = (over: Partial<SettingsChangedData>) => publishSettings(t, { changed: ['sellWithoutShift'], ...over });

const open = (register: string, token = t.tokens.cashier, float = FLOAT) => t.post('/api/shifts', { register, float }, { token });
const shiftOf = async (id: string) => (await t.get(`/api/shifts/${id}`, { token: t.tokens.cashier })).body.data;
/** What each sale put in the drawer, as the sale's own event says (tendered less change, in the sale's currency). */
const drawerOf = async (saleId: string) => {
  const sale = (await outboxEvents(t, 'dukan.sales.sale.completed.v1')).find((e) => e.saleId === saleId);
  return { currency: sale.currency as 'USD' | 'IQD', minor: sale.tenderedMinor - sale.changeMinor };
};

describe('a shift from float to close', () => {
  let shiftId = '';
  let block = { first: '', last: '' };
  let madeDuringShift = new Date();

  it('opens with the float counted in each currency, once per register', async () => {
    const res = await open('till-1');
    expect(res.status).toBe(201);
    shiftId = res.body.data._id;
    expect(res.body.data).toMatchObject({ register: 'till-1', status: 'open', cashier: { username: 'cashier' } });
    expect(res.body.data.figures).toMatchObject({ float: FLOAT, expected: FLOAT, saleCount: 0, counted: null });
    // The till reserves numbers for sales it may have to make offline.
    block = (await t.post('/api/transactions/invoice-blocks', { register: 'till-1', size: 10 }, { token: t.tokens.cashier })).body.data;
    madeDuringShift = new Date();

    const again = await open('till-1', t.tokens.manager);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A shift is already open on register till-1. Close it before opening another.');
    const ku = await t.post(
      '/api/shifts',
      { register: 'till-1', float: FLOAT },
      { token: t.tokens.cashier, headers: { 'accept-language': 'ku' } },
    );
    expect(ku.body.message).toContain('till-1');
    expect(ku.body.message).not.toContain('already');

    expect((await t.get('/api/shifts/current?register=till-1', { token: t.tokens.cashier })).body.data._id).toBe(shiftId);
    expect((await t.get('/api/shifts/current?register=till-2', { token: t.tokens.cashier })).body.data).toBeNull();
    const bad = await t.post('/api/shifts', { register: 'till-9', float: { USD: -1, IQD: 2.5 } }, { token: t.tokens.cashier });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['float.USD', 'float.IQD']));
  });

  it('counts sales, change, a refund and a void into the expected cash of their own currency', async () => {
    const usd = await t.post(
      '/api/transactions',
      salePayload([{ product: pen, quantity: 2 }], { register: 'till-1', tenderExtraCents: 250 }),
      {
        token: t.tokens.cashier,
      },
    );
    const iqd = await t.post(
      '/api/transactions',
      salePayload([{ product: shirt, quantity: 1 }], { register: 'till-1', currency: 'IQD', tenderExtraCents: 1 }),
      { token: t.tokens.cashier },
    );
    const voided = await t.post('/api/transactions', salePayload([{ product: pen, quantity: 1 }], { register: 'till-1' }), {
      token: t.tokens.cashier,
    });
    expect([usd.status, iqd.status, voided.status]).toEqual([201, 201, 201]);
    const usdIn = await drawerOf(usd.body.data._id);
    const iqdIn = await drawerOf(iqd.body.data._id);
    expect(usdIn).toEqual({ currency: 'USD', minor: 250 });
    expect(iqdIn.currency).toBe('IQD');

    const refund = await t.post(
      `/api/transactions/${usd.body.data._id}/refund`,
      { lines: [{ lineId: usd.body.data.items[0]._id, quantity: 1 }] },
      {
        token: t.tokens.manager,
      },
    );
    expect(refund.status).toBe(201);
    expect((await t.request('DELETE', `/api/transactions/${voided.body.data._id}`, { token: t.tokens.admin })).status).toBe(200);

    const f = (await shiftOf(shiftId)).figures;
    expect(f.expected).toEqual({ USD: FLOAT.USD + 250 - 125, IQD: FLOAT.IQD + iqdIn.minor });
    expect(f.saleCount).toBe(3);
    expect(f.refunds).toEqual({ count: 1, amount: { USD: 125, IQD: 0 } });
    expect(f.voids).toEqual({ count: 1, amount: { USD: 125, IQD: 0 } });
    expect(f.change.USD).toBe(250);
    expect(f.sales).toEqual([
      { method: 'cash', currency: 'USD', count: 2, amountMinor: 500 + 125 },
      { method: 'cash', currency: 'IQD', count: 1, amountMinor: iqdIn.minor + f.change.IQD },
    ]);
  });

  it('takes cash in and out with a reason; a cash-out is never more than the drawer holds, and may be an expense', async () => {
    const cashIn = await t.post(
      `/api/shifts/${shiftId}/cash`,
      { kind: 'cash_in', currency: 'IQD', amountMinor: 10_000, reason: 'Change from the bank' },
      {
        token: t.tokens.cashier,
      },
    );
    expect(cashIn.status).toBe(201);
    const tooMuch = await t.post(
      `/api/shifts/${shiftId}/cash`,
      { kind: 'cash_out', currency: 'USD', amountMinor: 1_000_000, reason: 'Too much' },
      {
        token: t.tokens.cashier,
      },
    );
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe('The drawer should hold only $51.25: that much can be taken out');
    // An amount that is not one (nothing, a fraction of a dinar) is refused by the amount rule, in the words the
    // till's cash dialog shows for it (contracts' inputRuleText), here in Kurdish; nothing is recorded.
    for (const amountMinor of [0, 1.5]) {
      const bad = await t.post(
        `/api/shifts/${shiftId}/cash`,
        { kind: 'cash_out', currency: 'IQD', amountMinor, reason: 'Nothing' },
        { token: t.tokens.cashier, headers: { 'accept-language': 'ku' } },
      );
      expect(bad.status).toBe(400);
      expect(bad.body.errors.amountMinor.message).toBe(inputRuleText('ku', 'amount'));
    }
    const out = await t.post(
      `/api/shifts/${shiftId}/cash`,
      { kind: 'cash_out', currency: 'USD', amountMinor: 1500, reason: 'Generator fuel', asExpense: true },
      { token: t.tokens.cashier },
    );
    expect(out.status).toBe(201);
    expect(out.body.data.movements).toEqual([
      expect.objectContaining({ kind: 'cash_in', currency: 'IQD', amountMinor: 10_000, reason: 'Change from the bank', asExpense: false }),
      expect.objectContaining({ kind: 'cash_out', currency: 'USD', amountMinor: 1500, reason: 'Generator fuel', asExpense: true }),
    ]);
    expect(out.body.data.figures).toMatchObject({ cashIn: { USD: 0, IQD: 10_000 }, cashOut: { USD: 1500, IQD: 0 } });
    const moved = await outboxEvents(t, 'dukan.sales.shift.cash-moved.v1');
    expect(moved.map((e) => [e.kind, e.currency, e.amountMinor, e.asExpense])).toEqual([
      ['cash_in', 'IQD', 10_000, false],
      ['cash_out', 'USD', 1500, true],
    ]);
  });

  it('closes with a count within the limit: expected, counted and difference per currency, then takes nothing more', async () => {
    const before = (await shiftOf(shiftId)).figures.expected;
    const counted = { USD: before.USD - 50, IQD: before.IQD + 1000 }; // within the default limits ($1, 1,000 dinars)
    const closed = await t.post(`/api/shifts/${shiftId}/close`, { counted, note: 'Busy day' }, { token: t.tokens.cashier });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ status: 'closed', approvedBy: null, note: 'Busy day', closedBy: { username: 'cashier' } });
    expect(closed.body.data.figures).toMatchObject({ expected: before, counted, difference: { USD: -50, IQD: 1000 } });
    const [event] = await outboxEvents(t, 'dukan.sales.shift.closed.v1');
    expect(event).toMatchObject({ shiftId, register: 'till-1', figures: { expected: before, counted } });

    const late = await t.post(
      `/api/shifts/${shiftId}/cash`,
      { kind: 'cash_in', currency: 'USD', amountMinor: 100, reason: 'x' },
      { token: t.tokens.cashier },
    );
    expect(late.status).toBe(409);
    expect((await t.post(`/api/shifts/${shiftId}/close`, { counted }, { token: t.tokens.cashier })).status).toBe(409);
    // A sale now, with no shift open on the register, is sold outside any shift (the shop allows it by default).
    expect(
      (await t.post('/api/transactions', salePayload([{ product: pen, quantity: 1 }], { register: 'till-1' }), { token: t.tokens.cashier }))
        .status,
    ).toBe(201);
    expect((await shiftOf(shiftId)).figures.saleCount).toBe(3);
  });

  it('puts a sale the till kept offline into the shift open when it was made, or the one it names, even once closed', async () => {
    const offline = (invoice: string, madeOfflineAt: Date, named?: string) =>
      t.post(
        '/api/transactions',
        {
          ...salePayload([{ product: pen, quantity: 1 }], { register: 'till-1' }),
          reservedInvoiceNumber: invoice,
          madeOfflineAt: madeOfflineAt.toISOString(),
          ...(named ? { shiftId: named } : {}),
        },
        { token: t.tokens.cashier },
      );
    expect((await offline(block.first, madeDuringShift)).status).toBe(201);
    expect((await offline(block.last, new Date(), shiftId)).status).toBe(201);
    expect((await shiftOf(shiftId)).figures.saleCount).toBe(5);
    // An online sale naming a closed shift is not put into it.
    const online = await t.post(
      '/api/transactions',
      { ...salePayload([{ product: pen, quantity: 1 }], { register: 'till-1' }), shiftId },
      {
        token: t.tokens.cashier,
      },
    );
    expect(online.status).toBe(201);
    expect((await shiftOf(shiftId)).figures.saleCount).toBe(5);
  });

  it('lists shifts of the branch by register and status', async () => {
    const list = await t.get('/api/shifts?register=till-1&status=closed', { token: t.tokens.manager });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([expect.objectContaining({ _id: shiftId, status: 'closed', difference: { USD: -50, IQD: 1000 } })]);
    expect(list.body.pagination).toMatchObject({ total: 1 });
    expect((await t.get('/api/shifts', { token: t.tokens.cashier })).status).toBe(403);
  });
});

describe('a difference beyond the limit', () => {
  it('is refused to the cashier in their language, and accepted by a manager, who is recorded as approving it', async () => {
    const opened = await open('till-2');
    const id = opened.body.data._id;
    const short = { USD: FLOAT.USD, IQD: FLOAT.IQD - 5000 };
    const refused = await t.post(`/api/shifts/${id}/close`, { counted: short }, { token: t.tokens.cashier });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('APPROVAL_REQUIRED');
    expect(refused.body.message).toBe(
      `The count differs from what the drawer should hold by more than the shop allows (${formatMoney(-5000, 'IQD', 'en')}). A manager must accept the difference.`,
    );
    const ku = await t.post(
      `/api/shifts/${id}/close`,
      { counted: short },
      { token: t.tokens.cashier, headers: { 'accept-language': 'ku' } },
    );
    expect(ku.body.message).toContain('بەڕێوەبەرێک');
    expect((await shiftOf(id)).status).toBe('open');

    // A cashier given pos → close may accept it; so may a manager by default.
    const manager = await t.post(`/api/shifts/${id}/close`, { counted: short }, { token: t.tokens.manager });
    expect(manager.status).toBe(200);
    expect(manager.body.data).toMatchObject({
      status: 'closed',
      approvedBy: { username: 'manager' },
      figures: { difference: { USD: 0, IQD: -5000 } },
    });

    const other = await open('till-3');
    const granted = t.tokenFor({ role: 'cashier', permissions: { pos: ['use', 'close'] } });
    const byGranted = await t.post(`/api/shifts/${other.body.data._id}/close`, { counted: { USD: 0, IQD: 0 } }, { token: granted });
    expect(byGranted.status).toBe(200);
    expect(byGranted.body.data.approvedBy).not.toBeNull();
  });

  it("follows the shop's limit as settings publishes it", async () => {
    await settings({ shiftDifferenceLimit: { USD: 0, IQD: 10_000 } });
    const id = (await open('till-4')).body.data._id;
    expect(
      (await t.post(`/api/shifts/${id}/close`, { counted: { USD: FLOAT.USD - 1, IQD: FLOAT.IQD } }, { token: t.tokens.cashier })).status,
    ).toBe(403);
    const ok = await t.post(`/api/shifts/${id}/close`, { counted: { USD: FLOAT.USD, IQD: FLOAT.IQD - 9000 } }, { token: t.tokens.cashier });
    expect(ok.status).toBe(200);
    expect(ok.body.data.approvedBy).toBeNull();
    await settings({ shiftDifferenceLimit: { USD: 100, IQD: 1000 } });
  });
});

describe('a shop that sells only in a shift', () => {
  afterAll(() => settings({ sellWithoutShift: true }));

  it('refuses a sale on a register with no open shift, in both languages, and writes nothing', async () => {
    await settings({ sellWithoutShift: false });
    const before = await countRows(t, 'sales');
    const refused = await t.post('/api/transactions', salePayload([{ product: pen, quantity: 1 }], { register: 'till-5' }), {
      token: t.tokens.cashier,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('SHIFT_REQUIRED');
    expect(refused.body.message).toBe('Open a shift on register till-5 before selling: this shop does not sell without one.');
    const ku = await t.post('/api/transactions', salePayload([{ product: pen, quantity: 1 }], { register: 'till-5' }), {
      token: t.tokens.cashier,
      headers: { 'accept-language': 'ku' },
    });
    expect(ku.body.message).toBe('پێش فرۆشتن شەفتێک لەسەر کاشی till-5 بکەرەوە: ئەم دوکانە بێ شەفت نافرۆشێت.');
    expect(await countRows(t, 'sales')).toBe(before);

    const id = (await open('till-5')).body.data._id;
    const sold = await t.post('/api/transactions', salePayload([{ product: pen, quantity: 1 }], { register: 'till-5' }), {
      token: t.tokens.cashier,
    });
    expect(sold.status).toBe(201);
    expect((await shiftOf(id)).figures).toMatchObject({ saleCount: 1, expected: { USD: FLOAT.USD + 125, IQD: FLOAT.IQD } });
  });
});

describe("the report's discount and rounding lines", () => {
  it('leave out a voided sale: what it took off in discount and cash rounding was never given', async () => {
    await settings({ iqdCashRounding: 250 });
    const id = (await open('till-8')).body.data._id;
    const sell = () =>
      t.post(
        '/api/transactions',
        salePayload([{ product: shirt, quantity: 1 }], {
          register: 'till-8',
          currency: 'IQD',
          discount: { type: 'percentage', value: 10 },
          tenderExtraCents: 7,
        }),
        { token: t.tokens.manager },
      );
    const kept = await sell();
    const voided = await sell();
    expect([kept.status, voided.status]).toEqual([201, 201]);
    const { discountAmount, cashRounding } = kept.body.data.amountsInCurrency;
    expect(discountAmount).toBeGreaterThan(0);
    expect(cashRounding).not.toBe(0);
    expect(voided.body.data.amountsInCurrency).toMatchObject({ discountAmount, cashRounding });
    expect((await shiftOf(id)).figures).toMatchObject({
      discounts: { USD: 0, IQD: 2 * discountAmount },
      rounding: { USD: 0, IQD: 2 * cashRounding },
    });

    expect((await t.request('DELETE', `/api/transactions/${voided.body.data._id}`, { token: t.tokens.admin })).status).toBe(200);
    const f = (await shiftOf(id)).figures;
    expect(f).toMatchObject({
      saleCount: 2,
      voids: { count: 1 },
      discounts: { USD: 0, IQD: discountAmount },
      rounding: { USD: 0, IQD: cashRounding },
    });
    const closed = await t.post(`/api/shifts/${id}/close`, { counted: f.expected }, { token: t.tokens.cashier });
    expect(closed.body.data.figures).toMatchObject({ discounts: { IQD: discountAmount }, rounding: { IQD: cashRounding } });
  });
});

describe('a supplier paid from the drawer', () => {
  it('is cash out of the shift open on that register, once, whatever the redelivery; a bank payment is not', async () => {
    const opened = (await open('till-7')).body.data;
    const payment = (over: Partial<SupplierPaymentData> = {}) =>
      envelope('dukan.catalog.supplier-payment.made.v1', {
        paymentId: crypto.randomUUID(),
        supplierId: crypto.randomUUID(),
        invoiceId: crypto.randomUUID(),
        branchId: opened.branchId,
        currency: 'IQD',
        amountMinor: 50_000,
        source: 'drawer',
        registerId: 'till-7',
        paidAt: new Date().toISOString(),
        ...over,
      });
    const paid = payment();
    await t.bus.publish(paid);
    await t.bus.publish({ ...paid, id: crypto.randomUUID() }); // the same payment announced twice
    await t.bus.publish(payment({ source: 'bank', registerId: null }));
    await t.bus.publish(payment({ registerId: 'till-8' }));

    const shift = await shiftOf(opened._id);
    expect(shift.figures.expected).toEqual({ USD: FLOAT.USD, IQD: FLOAT.IQD - 50_000 });
    expect(shift.movements).toEqual([
      expect.objectContaining({ kind: 'cash_out', currency: 'IQD', amountMinor: 50_000, reason: 'Paid to a supplier · دراوە بە دابینکەر' }),
    ]);
  });
});
