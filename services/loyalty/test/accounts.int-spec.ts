import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { SaleEventData } from '@dukan/contracts';
import type { ServiceTestApp } from '@dukan/testing';
import { completed, createCustomer, envelope, refunded, saleData, setSettings, startLoyalty, voided } from './fixtures.js';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startLoyalty();
  await setSettings(t);
  await rate(1500);
});
afterAll(() => t.close());

/** Settings announce the shop's rate (IQD per USD). */
function rate(exchangeRate: number, userExchangeRates: Record<string, number> = {}) {
  return t.bus.publish(
    envelope('dukan.settings.settings.changed.v1', {
      exchangeRate,
      userExchangeRates,
      storeName: 'Dukan',
      defaultLanguage: 'en',
      timeZone: 'Asia/Baghdad',
      iqdCashRounding: 250,
      taxRateBasisPoints: 0,
      branches: [],
      changed: ['exchangeRate'],
    }),
  );
}

const account = async (id: string, token = t.tokens.admin) => (await t.get(`/api/customers/${id}/account`, { token })).body.data;
const setLimit = (id: string, currency: 'USD' | 'IQD', amountMinor: number, token = t.tokens.manager) =>
  t.put(`/api/customers/${id}/credit-limit`, { currency, amountMinor }, { token });

/** Sales asks loyalty to hold a sale's account tender, as it does with its points reserve. */
function holdSale(
  customerId: string,
  charge: { usdCents?: number; iqd?: number },
  over: { override?: boolean; saleId?: string; attempt?: string; locale?: string } = {},
) {
  const saleId = over.saleId ?? randomUUID();
  return t
    .post(
      `/internal/loyalty/sales/${saleId}/reserve`,
      {
        customerId,
        pointsToRedeem: 0,
        totalBeforeLoyaltyUsdCents: charge.usdCents ?? 0,
        attempt: over.attempt ?? randomUUID(),
        account: {
          usdCents: charge.usdCents ?? 0,
          iqd: charge.iqd ?? 0,
          exchangeRate: 1500,
          override: over.override ?? false,
          branchId: 'main',
        },
      },
      { headers: { 'x-dukan-internal': t.internalToken, ...(over.locale ? { 'accept-language': over.locale } : {}) } },
    )
    .then((res) => ({ res, saleId }));
}

/** The sale made: its event with the account tender. */
function saleOnAccount(customerId: string, saleId: string, tenders: SaleEventData['tenders'], over: Partial<SaleEventData> = {}) {
  return saleData({ saleId, customerId, totalCents: 0, tenders, paymentMethod: 'mixed', ...over });
}

function repay(id: string, body: Record<string, unknown>, key = randomUUID(), token = t.tokens.cashier) {
  return t.post(`/api/customers/${id}/repayments`, body, { token, headers: { 'idempotency-key': key } });
}

describe('credit limit', () => {
  it('is 0 for a new customer, so a sale on account is refused with a clear message in English and Kurdish', async () => {
    const c = await createCustomer(t);
    expect(c.creditLimit).toEqual({ currency: 'USD', amountMinor: 0 });
    const { res } = await holdSale(c._id, { usdCents: 1000 });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('CREDIT_LIMIT');
    expect(res.body.message).toMatch(/no credit/);
    const ku = (await holdSale(c._id, { usdCents: 1000 }, { locale: 'ku' })).res;
    expect(ku.body.message).toMatch(/قەرز/);
  });

  it('is set by a manager (customers → credit), not by a cashier, and audited', async () => {
    const c = await createCustomer(t);
    expect((await setLimit(c._id, 'USD', 10_000, t.tokens.cashier)).status).toBe(403);
    const res = await setLimit(c._id, 'USD', 10_000);
    expect(res.status).toBe(200);
    expect(res.body.data.creditLimit).toEqual({ currency: 'USD', amountMinor: 10_000 });
    const [a] = await t.dataSource().query(`SELECT action FROM audit_log WHERE target_id = $1`, [c._id]);
    expect(a.action).toBe('customer.credit-limit-changed');
  });
});

describe('sale on account', () => {
  it('within the limit is held, then owed once from the sale event (a re-sent event changes nothing)', async () => {
    const c = await createCustomer(t);
    await setLimit(c._id, 'USD', 10_000);
    const { res, saleId } = await holdSale(c._id, { usdCents: 6_000 });
    expect(res.status).toBe(200);
    expect((await account(c._id)).held).toEqual({ USD: 6_000, IQD: 0 });
    // A second sale that would take the total (owed + held) over $100 is refused.
    const over = (await holdSale(c._id, { iqd: 75_000 })).res; // $50 at 1,500
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(
      'This sale would take the customer to $110.00 owed, above their credit limit of $100.00. A manager can allow it.',
    );

    const sale = saleOnAccount(c._id, saleId, [
      { method: 'cash', currency: 'USD', amountMinor: 4_000 },
      { method: 'account', currency: 'USD', amountMinor: 6_000 },
    ]);
    const event = completed(sale);
    await t.bus.publish(event);
    await t.bus.publish(event);
    await t.bus.publish(completed(sale)); // sent again under another event id
    const a = await account(c._id);
    expect(a.balance).toEqual({ USD: 6_000, IQD: 0 });
    expect(a.held).toEqual({ USD: 0, IQD: 0 });
    expect(a.statement.data).toHaveLength(1);
    expect(a.statement.data[0]).toMatchObject({
      kind: 'sale',
      currency: 'USD',
      amountMinor: 6_000,
      refId: saleId,
      balanceAfter: { USD: 6_000, IQD: 0 },
    });
  });

  it('over the limit passes with the override of a user holding customers → credit', async () => {
    const c = await createCustomer(t);
    const { res, saleId } = await holdSale(c._id, { iqd: 30_000 }, { override: true });
    expect(res.status).toBe(200);
    await t.bus.publish(
      completed(saleOnAccount(c._id, saleId, [{ method: 'account', currency: 'IQD', amountMinor: 30_000 }], { currency: 'IQD' })),
    );
    expect((await account(c._id)).balance).toEqual({ USD: 0, IQD: 30_000 });
  });

  it("a failed sale's hold is released at once and no longer counts against the limit", async () => {
    const c = await createCustomer(t);
    await setLimit(c._id, 'IQD', 100_000);
    const attempt = randomUUID();
    const { res, saleId } = await holdSale(c._id, { iqd: 90_000 }, { attempt });
    expect(res.status).toBe(200);
    expect((await holdSale(c._id, { iqd: 20_000 })).res.status).toBe(422);
    const released = await t.post(
      `/internal/loyalty/sales/${saleId}/release`,
      { customerId: c._id, attempt },
      { headers: { 'x-dukan-internal': t.internalToken } },
    );
    expect(released.body.released).toBe(true);
    expect((await holdSale(c._id, { iqd: 20_000 })).res.status).toBe(200);
  });

  it('a refund to the account tender and a void give it back, each once', async () => {
    const c = await createCustomer(t);
    const { saleId } = await holdSale(c._id, { iqd: 50_000 }, { override: true });
    const sale = saleOnAccount(c._id, saleId, [{ method: 'account', currency: 'IQD', amountMinor: 50_000 }], {
      currency: 'IQD',
      totalCents: 3_333,
    });
    // The refund arriving before the sale waits for it (the bus tries again); here the sale comes first.
    await t.bus.publish(completed(sale));
    const refund = refunded(sale, 1_000, false, { tenders: [{ method: 'account', currency: 'IQD', amountMinor: 15_000 }] });
    await t.bus.publish(refund);
    await t.bus.publish(refunded(sale, 1_000, false, { ...refund.data }));
    expect((await account(c._id)).balance).toEqual({ USD: 0, IQD: 35_000 });
    await t.bus.publish(voided(sale));
    const a = await account(c._id);
    expect(a.balance).toEqual({ USD: 0, IQD: 0 });
    expect(a.statement.data.map((e: { kind: string; amountMinor: number }) => [e.kind, e.amountMinor])).toEqual([
      ['sale', 50_000],
      ['return', -15_000],
      ['void', -35_000],
    ]);
  });
});

describe('repayments', () => {
  async function owing(charge: { usdCents?: number; iqd?: number }) {
    const c = await createCustomer(t);
    const { saleId } = await holdSale(c._id, charge, { override: true });
    const tenders: SaleEventData['tenders'] = [];
    if (charge.usdCents) tenders.push({ method: 'account', currency: 'USD', amountMinor: charge.usdCents });
    if (charge.iqd) tenders.push({ method: 'account', currency: 'IQD', amountMinor: charge.iqd });
    await t.bus.publish(completed(saleOnAccount(c._id, saleId, tenders)));
    return c;
  }

  it('in dollars, partly then wholly, each recorded once per key, with its event for the drawer', async () => {
    const c = await owing({ usdCents: 5_000 });
    const key = randomUUID();
    const first = await repay(c._id, { method: 'cash', currency: 'USD', amountMinor: 2_000, register: 'main' }, key);
    expect(first.status).toBe(201);
    expect(first.body.data.balance).toEqual({ USD: 3_000, IQD: 0 });
    const again = await repay(c._id, { method: 'cash', currency: 'USD', amountMinor: 2_000, register: 'main' }, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.repaymentId).toBe(first.body.data.repaymentId);
    expect((await account(c._id)).balance).toEqual({ USD: 3_000, IQD: 0 });
    const [event] = await t
      .dataSource()
      .query(`SELECT data FROM outbox WHERE type = 'dukan.loyalty.account.repaid.v1' AND data->>'repaymentId' = $1`, [
        first.body.data.repaymentId,
      ]);
    expect(event.data).toMatchObject({ method: 'cash', currency: 'USD', amountMinor: 2_000, registerId: 'main', branchId: 'main' });
    expect((await repay(c._id, { method: 'card', currency: 'USD', amountMinor: 3_000 })).body.data.balance).toEqual({ USD: 0, IQD: 0 });
    const nothing = await repay(c._id, { method: 'cash', currency: 'USD', amountMinor: 1 });
    expect(nothing.status).toBe(422);
    expect(nothing.body.message).toBe('The customer owes nothing');
  });

  it('in dinars against a dollar debt: converted at the rate of that moment, recorded on the entry; more than owed is refused', async () => {
    const c = await owing({ usdCents: 2_000 });
    await rate(1_480);
    try {
      const tooMuch = await repay(c._id, { method: 'cash', currency: 'IQD', amountMinor: 30_000 });
      expect(tooMuch.status).toBe(422);
      expect(tooMuch.body.message).toMatch(/^The customer owes at most IQD\s29,600 when paying in this currency$/);
      const res = await repay(c._id, { method: 'cash', currency: 'IQD', amountMinor: 14_800 });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ exchangeRate: 1480, balance: { USD: 1_000, IQD: 0 } });
      const last = (await account(c._id)).statement.data.at(-1);
      expect(last).toMatchObject({
        kind: 'repayment',
        currency: 'USD',
        amountMinor: -1_000,
        exchangeRate: 1480,
        paid: { method: 'cash', currency: 'IQD', amountMinor: 14_800 },
      });
    } finally {
      await rate(1500);
    }
  });

  it('in dinars against dinars and dollars: dinars first, the rest into dollars', async () => {
    const c = await owing({ usdCents: 1_000, iqd: 5_000 });
    const res = await repay(c._id, { method: 'transfer', currency: 'IQD', amountMinor: 20_000 });
    expect(res.body.data.balance).toEqual({ USD: 0, IQD: 0 });
  });

  it('is never taken "on account", needs a key, and a wrong customer is not found', async () => {
    const c = await owing({ usdCents: 1_000 });
    const onAccount = await repay(c._id, { method: 'account', currency: 'USD', amountMinor: 100 });
    expect(onAccount.status).toBe(400);
    expect(onAccount.body.message ?? onAccount.body.error).toBeTruthy();
    const noKey = await t.post(
      `/api/customers/${c._id}/repayments`,
      { method: 'cash', currency: 'USD', amountMinor: 100 },
      { token: t.tokens.cashier },
    );
    expect(noKey.status).toBe(400);
    expect((await repay(randomUUID(), { method: 'cash', currency: 'USD', amountMinor: 100 })).status).toBe(404);
  });

  it('of nothing, a fraction of a cent or an absurd sum is refused in the words the repayment form uses; the balance stays', async () => {
    const c = await owing({ usdCents: 1_000 });
    for (const amountMinor of [0, -5, 12.5, 10_000_000_001]) {
      const res = await repay(c._id, { method: 'cash', currency: 'USD', amountMinor });
      expect(res.status).toBe(400);
      expect(res.body.errorKeys).toEqual({ amountMinor: 'validation.invalidAmount' });
      expect(res.body.errors.amountMinor.message).toBe('Enter a valid amount above zero');
    }
    expect((await account(c._id)).balance).toEqual({ USD: 1_000, IQD: 0 });
  });
});

describe('adjustments', () => {
  it('only an admin adjusts a balance, with a reason, audited', async () => {
    const c = await createCustomer(t);
    const body = { currency: 'IQD', amountMinor: 2_500, reason: 'Paper book carried over' };
    expect((await t.post(`/api/customers/${c._id}/adjustments`, body, { token: t.tokens.manager })).status).toBe(403);
    const res = await t.post(`/api/customers/${c._id}/adjustments`, body, { token: t.tokens.admin });
    expect(res.status).toBe(201);
    expect(res.body.data.balance).toEqual({ USD: 0, IQD: 2_500 });
    const [a] = await t
      .dataSource()
      .query(`SELECT details FROM audit_log WHERE action = 'customer.account-adjusted' AND target_id = $1`, [c._id]);
    expect(a.details).toMatchObject({ before: { USD: 0, IQD: 0 }, after: { USD: 0, IQD: 2_500 }, reason: 'Paper book carried over' });
  });
});

describe('receivables', () => {
  it('lists who owes what since when by age (repayments paying the oldest first), with totals per branch, and as CSV', async () => {
    const c = await createCustomer(t, { firstName: 'Aged', lastName: 'Debtor' });
    const day = 24 * 3600 * 1000;
    const charge = async (iqd: number, daysAgo: number, branchId: string) => {
      const { saleId } = await holdSale(c._id, { iqd }, { override: true });
      const at = new Date(Date.now() - daysAgo * day).toISOString();
      await t.bus.publish(
        completed(saleOnAccount(c._id, saleId, [{ method: 'account', currency: 'IQD', amountMinor: iqd }], { completedAt: at, branchId })),
      );
    };
    await charge(10_000, 100, 'main');
    await charge(20_000, 45, 'erbil');
    await charge(30_000, 5, 'main');
    // 15,000 pays the 100-day charge and half of the 45-day one.
    expect((await repay(c._id, { method: 'cash', currency: 'IQD', amountMinor: 15_000 })).status).toBe(201);

    const all = [];
    for (let page = 1; ; page++) {
      const res = await t.get(`/api/receivables?page=${page}&limit=100`, { token: t.tokens.admin });
      expect(res.status).toBe(200);
      all.push(...res.body.data.rows);
      if (page >= res.body.data.pagination.pages) break;
    }
    const mine = all.find((r: { customerId: string }) => r.customerId === c._id);
    expect(mine).toMatchObject({
      name: 'Aged Debtor',
      currency: 'IQD',
      owedMinor: 45_000,
      aged: { d0_30: 30_000, d31_60: 15_000, d61_90: 0, d90_plus: 0 },
    });
    expect(new Date(mine.since).getTime()).toBeLessThan(Date.now() - 44 * day);
    const report = (await t.get('/api/receivables', { token: t.tokens.admin })).body.data;
    const erbil = report.totals.find((r: { branchId: string; currency: string }) => r.branchId === 'erbil' && r.currency === 'IQD');
    expect(erbil.owedMinor).toBeGreaterThanOrEqual(15_000);
    expect(erbil.aged.d31_60).toBeGreaterThanOrEqual(15_000);
    expect((await t.get('/api/receivables', { token: t.tokens.cashier })).status).toBe(403);

    const csv = await t.get('/api/receivables/export/csv', { token: t.tokens.admin, headers: { 'accept-language': 'ku' } });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('قەرزەکانی کڕیاران');
    expect(csv.text).toMatch(/Aged Debtor,'?\+964\d+,IQD,45000,\d{4}-\d\d-\d\d,30000,15000,0,0/);

    // As Excel: the same customer's row with money as numbers in dinars' format, the sheets right to left in Kurdish.
    const xlsx = await fetch(`${t.url}/api/receivables/export/xlsx`, {
      headers: { ...t.gatewayHeaders, authorization: `Bearer ${t.tokens.admin}`, 'accept-language': 'ku' },
    });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    expect(book.worksheets.map((w) => w.name)).toEqual(['کۆی گشتی بەپێی لق', 'کڕیاران']);
    expect(book.worksheets[1]!.views[0]).toMatchObject({ rightToLeft: true });
    const rows: unknown[][] = [];
    book.worksheets[1]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    const row = rows.find((r) => r[0] === 'Aged Debtor')!;
    expect(row.slice(2, 4)).toEqual(['IQD', 45_000]);
    expect(row.slice(5)).toEqual([30_000, 15_000, 0, 0]);
    expect(book.worksheets[1]!.getRow(rows.indexOf(row) + 1).getCell(4).numFmt).toBe('#,##0" IQD";-#,##0" IQD"');

    // As PDF, and the page it prints in Kurdish.
    const pdf = await t.get('/api/receivables/export/pdf', { token: t.tokens.admin });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.text.startsWith('%PDF')).toBe(true);
    const { ReceivablesController } = await import('@dukan/loyalty');
    const html: string = await t.app.get(ReceivablesController).html('ku');
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('کۆی گشتی بەپێی لق');
    expect(html).toMatch(/<td>Aged Debtor<\/td>/);
    expect((await t.get('/api/receivables/export/xlsx', { token: t.tokens.cashier })).status).toBe(403);
  });

  it("reads the branch asked for, and a user limited to a branch reads only that branch's debt and is refused another's", async () => {
    const c = await createCustomer(t, { firstName: 'Two', lastName: 'Branches' });
    const day = 24 * 3600 * 1000;
    const charge = async (iqd: number, daysAgo: number, branchId: string) => {
      const { saleId } = await holdSale(c._id, { iqd }, { override: true });
      await t.bus.publish(
        completed(
          saleOnAccount(c._id, saleId, [{ method: 'account', currency: 'IQD', amountMinor: iqd }], {
            completedAt: new Date(Date.now() - daysAgo * day).toISOString(),
            branchId,
          }),
        ),
      );
    };
    await charge(7_000, 70, 'dohuk');
    await charge(4_000, 3, 'zakho');
    await charge(2_000, 1, 'dohuk');
    type Row = { customerId: string; owedMinor: number; since: string; aged: Record<string, number> };
    type Total = { branchId: string; currency: string; owedMinor: number };
    const read = async (token: string, branch?: string) => {
      const res = await t.get(`/api/receivables?limit=100${branch ? `&branch=${branch}` : ''}`, { token });
      expect(res.status).toBe(200);
      return res.body.data as { totals: Total[]; rows: Row[] };
    };
    const mine = (r: { rows: Row[] }) => r.rows.find((x) => x.customerId === c._id);

    // The whole chain: one row of what the customer owes, every branch in the totals.
    const chain = await read(t.tokens.admin);
    expect(mine(chain)?.owedMinor).toBe(13_000);
    expect(chain.totals.map((x) => x.branchId)).toEqual(expect.arrayContaining(['dohuk', 'zakho']));

    // One branch: only what its sales left owing, since its own oldest charge; only its totals.
    const dohuk = await read(t.tokens.admin, 'dohuk');
    expect(mine(dohuk)).toMatchObject({ owedMinor: 9_000, aged: { d0_30: 2_000, d31_60: 0, d61_90: 7_000, d90_plus: 0 } });
    expect(new Date(mine(dohuk)!.since).getTime()).toBeLessThan(Date.now() - 69 * day);
    expect(dohuk.totals).toEqual([expect.objectContaining({ branchId: 'dohuk', currency: 'IQD', owedMinor: 9_000 })]);
    const zakho = await read(t.tokens.admin, 'zakho');
    expect(mine(zakho)).toMatchObject({ owedMinor: 4_000, aged: { d0_30: 4_000, d31_60: 0, d61_90: 0, d90_plus: 0 } });
    expect(zakho.totals.map((x) => x.branchId)).toEqual(['zakho']);

    // A manager of Zakho alone sees Zakho's debt whether or not they name it, and is refused Dohuk's, in both languages.
    const managerOfZakho = t.tokenFor({ role: 'manager', homeBranch: 'zakho', branches: ['zakho'] });
    for (const r of [await read(managerOfZakho), await read(managerOfZakho, 'zakho'), await read(managerOfZakho, 'all')]) {
      expect(mine(r)?.owedMinor).toBe(4_000);
      expect(r.totals.map((x) => x.branchId)).toEqual(['zakho']);
    }
    const refused = await t.get('/api/receivables?branch=dohuk', { token: managerOfZakho });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: 'You may not work in this branch' });
    const ku = await t.get('/api/receivables/export/csv?branch=dohuk', { token: managerOfZakho, headers: { 'accept-language': 'ku' } });
    expect(ku.status).toBe(403);
    expect(ku.body.message).toBe('ڕێگەت پێنەدراوە لەم لقەدا کار بکەیت');

    // The exports read the same branch: Zakho's CSV holds the customer at Zakho's 4,000 and no Dohuk total.
    const csv = await t.get('/api/receivables/export/csv', { token: managerOfZakho });
    expect(csv.status).toBe(200);
    expect(csv.text).toMatch(/Two Branches,'?\+964\d+,IQD,4000,/);
    expect(csv.text).not.toContain('dohuk');
  });
});

describe('statement as PDF', () => {
  it('prints on A4 and on a 58 mm roll, in English and Kurdish', async () => {
    const c = await createCustomer(t, { firstName: 'Printed', lastName: 'Statement' });
    const { saleId } = await holdSale(c._id, { iqd: 12_000 }, { override: true });
    await t.bus.publish(completed(saleOnAccount(c._id, saleId, [{ method: 'account', currency: 'IQD', amountMinor: 12_000 }])));
    const a4 = await t.get(`/api/customers/${c._id}/statement/pdf`, { token: t.tokens.cashier });
    expect(a4.status).toBe(200);
    expect(a4.headers.get('content-type')).toBe('application/pdf');
    expect(a4.text.startsWith('%PDF')).toBe(true);
    const roll = await t.get(`/api/customers/${c._id}/statement/pdf?paper=58`, {
      token: t.tokens.cashier,
      headers: { 'accept-language': 'ku' },
    });
    expect(roll.status).toBe(200);
    expect(roll.text.startsWith('%PDF')).toBe(true);
    expect((await t.get(`/api/customers/${c._id}/statement/pdf?paper=80`, { token: t.tokens.cashier })).status).toBe(400);
  });

  it('is written in the language asked for, each entry with both running balances', async () => {
    const c = await createCustomer(t, { firstName: 'Html', lastName: 'Check' });
    const { saleId } = await holdSale(c._id, { usdCents: 2_500 }, { override: true });
    await t.bus.publish(completed(saleOnAccount(c._id, saleId, [{ method: 'account', currency: 'USD', amountMinor: 2_500 }])));
    const { StatementPdf } = await import('@dukan/loyalty');
    const html: string = await t.app.get(StatementPdf).html(c._id, 'ku', '58');
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('کەشفی حساب');
    expect(html).toContain('فرۆشتن لەسەر حساب');
    expect(html).toMatch(/٢٥٫٠٠\sUS\$/); // dollars, in the digits Kurdish is read in
  });
});
