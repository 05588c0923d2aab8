// GET /api/settings/exchange-rate, GET/PUT /api/settings/general, GET /api/settings/branches.
import { translate } from '@dukan/contracts';
import { authorizationMatrix, matrixFailures, roleCallers, startServiceApp, type ServiceTestApp } from '@dukan/testing';
import { loadSettingsConfig, SettingsModule } from '@dukan/settings';
import { CashRoundingDefault1797100000700 } from '../src/migrations/1797100000700-cash-rounding-default.js';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startServiceApp({ service: 'settings', module: (env) => SettingsModule.register(loadSettingsConfig(env)) });
});
afterAll(() => t.close());

const ADMIN = '00000000-0000-4000-8000-000000000001';
const MANAGER = '00000000-0000-4000-8000-000000000002';
const CASHIER = '00000000-0000-4000-8000-000000000003';

const rate = async (token: string) => (await t.get('/api/settings/exchange-rate', { token })).body;
const events = async () =>
  (await t.dataSource().query(`SELECT data FROM outbox WHERE type = 'dukan.settings.settings.changed.v1' ORDER BY seq`)).map(
    (r: { data: any }) => r.data,
  );

describe('exchange rate', () => {
  it('is 1450 on a fresh install, for everyone', async () => {
    expect(await rate(t.tokens.cashier)).toEqual({
      success: true,
      data: { exchangeRate: 1450, isUserSpecific: false, iqdCashRounding: 250, changeCurrency: 'IQD' },
    });
    expect((await rate(t.tokens.admin)).data).toEqual({
      exchangeRate: 1450,
      isUserSpecific: false,
      iqdCashRounding: 250,
      changeCurrency: 'IQD',
    });
  });

  it('lets a cashier set their own rate, seen by nobody else', async () => {
    const res = await t.put('/api/settings/general', { exchangeRate: 1480 }, { token: t.tokens.cashier });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      exchangeRate: 1450,
      effectiveExchangeRate: 1480,
      isUserSpecific: true,
      userExchangeRates: { [CASHIER]: 1480 },
    });
    expect((await rate(t.tokens.cashier)).data).toEqual({
      exchangeRate: 1480,
      isUserSpecific: true,
      iqdCashRounding: 250,
      changeCurrency: 'IQD',
    });
    expect((await rate(t.tokens.manager)).data).toEqual({
      exchangeRate: 1450,
      isUserSpecific: false,
      iqdCashRounding: 250,
      changeCurrency: 'IQD',
    });
  });

  it('tells sales, over the internal route with the internal token only, the rate that applies to a user now', async () => {
    const internal = (userId: string, token = t.internalToken) =>
      t.get(`/internal/settings/exchange-rate/${userId}`, { headers: { 'x-dukan-internal': token } });
    expect((await internal(CASHIER)).body).toEqual({ exchangeRate: 1480, isUserSpecific: true }); // set by the test above
    expect((await internal(MANAGER)).body).toEqual({ exchangeRate: 1450, isUserSpecific: false });
    expect((await internal(CASHIER, 'a-guess-that-is-long-enough')).status).toBe(403);
    expect(
      (await t.get(`/internal/settings/exchange-rate/${CASHIER}`, { token: t.tokens.admin, headers: { 'x-dukan-internal': '' } })).status,
    ).toBe(403);
  });

  it('turns values below 1 into 1', async () => {
    await t.put('/api/settings/general', { exchangeRate: 0.2 }, { token: t.tokens.manager });
    expect((await rate(t.tokens.manager)).data).toEqual({
      exchangeRate: 1,
      isUserSpecific: true,
      iqdCashRounding: 250,
      changeCurrency: 'IQD',
    });
    await t.put('/api/settings/general', { exchangeRate: -5 }, { token: t.tokens.manager });
    expect((await rate(t.tokens.manager)).data.exchangeRate).toBe(1);
  });

  it("lets an admin set the global rate without touching others' own rates", async () => {
    await t.put('/api/settings/general', { exchangeRate: 1475 }, { token: t.tokens.manager });
    const res = await t.put('/api/settings/general', { exchangeRate: 1500 }, { token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ exchangeRate: 1500, userExchangeRates: { [CASHIER]: 1480, [MANAGER]: 1475 } });
    expect((await rate(t.tokens.admin)).data).toEqual({
      exchangeRate: 1500,
      isUserSpecific: false,
      iqdCashRounding: 250,
      changeCurrency: 'IQD',
    });
    expect((await rate(t.tokens.cashier)).data).toEqual({
      exchangeRate: 1480,
      isUserSpecific: true,
      iqdCashRounding: 250,
      changeCurrency: 'IQD',
    });
    // Someone who never set a rate follows the global one.
    expect((await rate(t.tokenFor({ role: 'cashier', id: '00000000-0000-4000-8000-0000000000ff' }))).data).toEqual({
      exchangeRate: 1500,
      isUserSpecific: false,
      iqdCashRounding: 250,
      changeCurrency: 'IQD',
    });
  });

  it("with applyToAllUsers overrides every user's own rate, and announces it", async () => {
    const res = await t.put('/api/settings/general', { exchangeRate: 1520, applyToAllUsers: true }, { token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data.userExchangeRates).toEqual({});
    for (const token of [t.tokens.cashier, t.tokens.manager, t.tokens.admin]) {
      expect((await rate(token)).data).toEqual({ exchangeRate: 1520, isUserSpecific: false, iqdCashRounding: 250, changeCurrency: 'IQD' });
    }
    const last = (await events()).at(-1);
    expect(last).toMatchObject({ exchangeRate: 1520, userExchangeRates: {} });
    expect(last.changed).toEqual(expect.arrayContaining(['exchangeRate', 'userExchangeRates']));
  });

  it('shows a non-admin only their own entry of userExchangeRates', async () => {
    await t.put('/api/settings/general', { exchangeRate: 1490 }, { token: t.tokens.cashier });
    await t.put('/api/settings/general', { exchangeRate: 1491 }, { token: t.tokens.manager });
    const asCashier = await t.get('/api/settings/general', { token: t.tokens.cashier });
    expect(asCashier.body.data.userExchangeRates).toEqual({ [CASHIER]: 1490 });
    const asAdmin = await t.get('/api/settings/general', { token: t.tokens.admin });
    expect(asAdmin.body.data.userExchangeRates).toEqual({ [CASHIER]: 1490, [MANAGER]: 1491 });
  });
});

describe('shop settings', () => {
  it('has the defaults: store name, English, Asia/Baghdad, no tax, dinar cash to 250, change in dinars, one branch', async () => {
    const res = await t.get('/api/settings/general', { token: t.tokens.cashier });
    expect(res.body.data).toMatchObject({
      storeName: 'Dukan',
      defaultLanguage: 'en',
      timeZone: 'Asia/Baghdad',
      taxRate: 0,
      iqdCashRounding: 250,
      changeCurrency: 'IQD',
    });
    expect((await t.get('/api/settings/branches', { token: t.tokens.cashier })).body.data).toEqual([
      { _id: 'main', name: 'Main', registers: ['main'], active: true },
    ]);
  });

  it('lets an admin change them, writes the audit log and tells sales the tax rate', async () => {
    const res = await t.put(
      '/api/settings/general',
      {
        storeName: 'Dukani Hawler',
        defaultLanguage: 'ku',
        timeZone: 'Asia/Baghdad',
        taxRate: 7.5,
        branches: [{ _id: 'main', name: 'Main', registers: ['main', 'till-2'] }],
      },
      { token: t.tokens.admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Settings saved successfully');
    expect(res.body.data).toMatchObject({
      storeName: 'Dukani Hawler',
      defaultLanguage: 'ku',
      taxRate: 7.5,
      branches: [{ _id: 'main', registers: ['main', 'till-2'] }],
    });
    const last = (await events()).at(-1);
    expect(last).toMatchObject({ storeName: 'Dukani Hawler', taxRateBasisPoints: 750, defaultLanguage: 'ku' });
    expect(last.changed.sort()).toEqual(['branches', 'defaultLanguage', 'storeName', 'taxRateBasisPoints']);
    const audit = await t
      .dataSource()
      .query(`SELECT action, actor_id FROM audit_log WHERE action = 'settings.changed' ORDER BY id DESC LIMIT 1`);
    expect(audit).toEqual([{ action: 'settings.changed', actor_id: ADMIN }]);
  });

  it('announces nothing when nothing changed', async () => {
    const before = (await events()).length;
    expect((await t.put('/api/settings/general', { storeName: 'Dukani Hawler' }, { token: t.tokens.admin })).status).toBe(200);
    expect((await events()).length).toBe(before);
  });

  it('refuses global fields from managers and cashiers, changing nothing', async () => {
    const before = (await t.get('/api/settings/general', { token: t.tokens.admin })).body.data;
    for (const token of [t.tokens.manager, t.tokens.cashier]) {
      const res = await t.put('/api/settings/general', { storeName: 'Mine', taxRate: 0, changeCurrency: 'USD' }, { token });
      expect(res.status).toBe(403);
      expect(res.body.errors).toEqual({
        storeName: { message: 'Only an administrator can change this setting' },
        taxRate: { message: 'Only an administrator can change this setting' },
        changeCurrency: { message: 'Only an administrator can change this setting' },
      });
      const all = await t.put('/api/settings/general', { exchangeRate: 1000, applyToAllUsers: true }, { token });
      expect(all.status).toBe(403);
    }
    expect((await t.get('/api/settings/general', { token: t.tokens.admin })).body.data).toEqual(before);
  });

  it('refuses bad input with 400', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ exchangeRate: 'abc' }, 'exchangeRate'],
      [{ exchangeRate: 1e9 }, 'exchangeRate'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ taxRate: 101 }, 'taxRate'],
      [{ taxRate: 1.234 }, 'taxRate'],
      [{ defaultLanguage: 'fr' }, 'defaultLanguage'],
      [{ changeCurrency: 'EUR' }, 'changeCurrency'],
      [{ iqdCashRounding: 0 }, 'iqdCashRounding'],
      [{ storeName: '   ' }, 'storeName'],
      [{ branches: [{ _id: 'main', name: 'Main', registers: [] }] }, 'branches.0.registers'],
      [{ role: 'admin' }, 'role'],
    ];
    for (const [body, field] of bad) {
      const res = await t.put('/api/settings/general', body, { token: t.tokens.admin });
      expect({ field, status: res.status }).toEqual({ field, status: 400 });
      expect(Object.keys(res.body.errors)).toContain(field);
    }
  });
});

describe("the till's cash rules", () => {
  it('lets an admin set the dinar step and the change currency: the till reads them, sales is told, the log keeps both', async () => {
    const res = await t.put('/api/settings/general', { iqdCashRounding: 500, changeCurrency: 'USD' }, { token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ iqdCashRounding: 500, changeCurrency: 'USD' });
    expect((await rate(t.tokens.cashier)).data).toMatchObject({ iqdCashRounding: 500, changeCurrency: 'USD' });
    const last = (await events()).at(-1);
    expect(last).toMatchObject({ iqdCashRounding: 500, changeCurrency: 'USD' });
    expect(last.changed.sort()).toEqual(['changeCurrency', 'iqdCashRounding']);
    const [logged] = await t.dataSource().query(`SELECT details FROM audit_log WHERE action = 'settings.changed' ORDER BY id DESC LIMIT 1`);
    expect(logged.details).toMatchObject({
      before: { iqdCashRounding: 250, changeCurrency: 'IQD' },
      after: { iqdCashRounding: 500, changeCurrency: 'USD' },
    });
    await t.put('/api/settings/general', { iqdCashRounding: 250, changeCurrency: 'IQD' }, { token: t.tokens.admin });
    expect((await rate(t.tokens.cashier)).data).toMatchObject({ iqdCashRounding: 250, changeCurrency: 'IQD' });
  });

  it('refuses a currency it does not know, in English and Kurdish', async () => {
    const en = await t.put('/api/settings/general', { changeCurrency: 'EUR' }, { token: t.tokens.admin });
    const ku = await t.put(
      '/api/settings/general',
      { changeCurrency: 'EUR' },
      { token: t.tokens.admin, headers: { 'accept-language': 'ku' } },
    );
    expect([en.status, ku.status]).toEqual([400, 400]);
    expect(en.body.errors.changeCurrency.message).toMatch(/[A-Za-z]/);
    expect(ku.body.errors.changeCurrency.message).toMatch(/[\u0600-\u06FF]/);
    expect((await rate(t.tokens.cashier)).data.changeCurrency).toBe('IQD');
  });
});

describe('sales tax', () => {
  const ku = { 'accept-language': 'ku' };

  it('is included in prices by default, and the till is told so', async () => {
    expect((await t.get('/api/settings/general', { token: t.tokens.cashier })).body.data.taxMode).toBe('included');
    expect((await t.get('/api/settings/till', { token: t.tokens.cashier })).body.data.tax).toMatchObject({ mode: 'included' });
  });

  it('lets an admin set one rate added to prices: saved, audited, announced, and followed by the till', async () => {
    const till = await t.get('/api/settings/till', { token: t.tokens.cashier });
    const res = await t.put('/api/settings/general', { taxRate: 5.25, taxMode: 'added' }, { token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ taxRate: 5.25, taxMode: 'added' });
    expect((await t.get('/api/settings/general', { token: t.tokens.manager })).body.data).toMatchObject({
      taxRate: 5.25,
      taxMode: 'added',
    });

    const last = (await events()).at(-1);
    expect(last).toMatchObject({ taxRateBasisPoints: 525, taxMode: 'added' });
    expect(last.changed.sort()).toEqual(['taxMode', 'taxRateBasisPoints']);
    const [audit] = await t
      .dataSource()
      .query(`SELECT actor_id, details FROM audit_log WHERE action = 'settings.changed' ORDER BY id DESC LIMIT 1`);
    expect(audit).toEqual({
      actor_id: ADMIN,
      details: {
        changed: ['taxRateBasisPoints', 'taxMode'],
        before: { taxRateBasisPoints: 750, taxMode: 'included' },
        after: { taxRateBasisPoints: 525, taxMode: 'added' },
      },
    });

    // The open till's poll: its old copy is stale, the new one carries the tax.
    const next = await t.get('/api/settings/till', { token: t.tokens.cashier, headers: { 'if-none-match': till.headers.get('etag')! } });
    expect(next.status).toBe(200);
    expect(next.body.data.tax).toEqual({ rate: 5.25, mode: 'added' });
  });

  it('changes only the mode when only the mode is sent, and announces only that', async () => {
    const res = await t.put('/api/settings/general', { taxMode: 'included' }, { token: t.tokens.admin });
    expect(res.body.data).toMatchObject({ taxRate: 5.25, taxMode: 'included' });
    const last = (await events()).at(-1);
    expect(last).toMatchObject({ taxRateBasisPoints: 525, taxMode: 'included', changed: ['taxMode'] });
  });

  it('refuses a bad rate or mode with a clear message in English and Kurdish, changing nothing', async () => {
    const before = (await t.get('/api/settings/general', { token: t.tokens.admin })).body.data;
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ taxRate: 100.01 }, 'taxRate', 'The tax rate must be a percent from 0 to 100, with at most 2 decimals', 'ڕێژەی باج'],
      [{ taxRate: -1 }, 'taxRate', 'The tax rate must be a percent from 0 to 100, with at most 2 decimals', 'ڕێژەی باج'],
      [{ taxRate: 7.125 }, 'taxRate', 'The tax rate must be a percent from 0 to 100, with at most 2 decimals', 'ڕێژەی باج'],
      [{ taxRate: '7' }, 'taxRate', 'The tax rate must be a percent from 0 to 100, with at most 2 decimals', 'ڕێژەی باج'],
      [{ taxMode: 'both' }, 'taxMode', 'Tax must be either included in prices or added to them', 'باج دەبێت'],
    ];
    for (const [body, field, en, kuStart] of cases) {
      const res = await t.put('/api/settings/general', body, { token: t.tokens.admin });
      expect({ body, status: res.status, message: res.body.errors?.[field]?.message }).toEqual({ body, status: 400, message: en });
      const inKu = await t.put('/api/settings/general', body, { token: t.tokens.admin, headers: ku });
      expect(inKu.body.errors[field].message.startsWith(kuStart)).toBe(true);
    }
    const cashier = await t.put('/api/settings/general', { taxMode: 'added' }, { token: t.tokens.cashier });
    expect(cashier.status).toBe(403);
    expect(cashier.body.errors).toEqual({ taxMode: { message: 'Only an administrator can change this setting' } });
    expect((await t.get('/api/settings/general', { token: t.tokens.admin })).body.data).toEqual(before);
  });

  afterAll(async () => {
    await t.put('/api/settings/general', { taxRate: 7.5, taxMode: 'included' }, { token: t.tokens.admin });
  });
});

describe('branches and registers', () => {
  const branchEvents = async () =>
    (await t.dataSource().query(`SELECT data FROM outbox WHERE type = 'dukan.settings.branch.changed.v1' ORDER BY seq`)).map(
      (r: { data: any }) => r.data,
    );
  const list = async () => (await t.get('/api/settings/branches', { token: t.tokens.cashier })).body.data;

  it('lets an admin create a branch with its registers, seen by everyone and announced', async () => {
    const res = await t.post(
      '/api/settings/branches',
      { _id: 'erbil-2', name: 'Erbil 2', registers: ['r1', 'r2', 'r1'] },
      { token: t.tokens.admin },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ _id: 'erbil-2', name: 'Erbil 2', registers: ['r1', 'r2'], active: true });
    expect((await list()).map((b: { _id: string }) => b._id)).toEqual(['main', 'erbil-2']);
    expect((await branchEvents()).at(-1)).toEqual({
      branchId: 'erbil-2',
      name: 'Erbil 2',
      active: true,
      registers: ['r1', 'r2'],
      created: true,
    });
    const [row] = await t
      .dataSource()
      .query(`SELECT action FROM audit_log WHERE target_type = 'branch' AND target_id = 'erbil-2' ORDER BY id`);
    expect(row.action).toBe('branch.created');
  });

  it('gives a new branch one register "main" when none is named', async () => {
    const res = await t.post('/api/settings/branches', { _id: 'duhok', name: 'Duhok' }, { token: t.tokens.admin });
    expect(res.body.data.registers).toEqual(['main']);
  });

  it('refuses a second branch with the same code, in both languages', async () => {
    const en = await t.post('/api/settings/branches', { _id: 'duhok', name: 'Other' }, { token: t.tokens.admin });
    expect(en.status).toBe(409);
    expect(en.body.message).toBe('A branch with this code already exists');
    const ku = await t.post(
      '/api/settings/branches',
      { _id: 'duhok', name: 'Other' },
      { token: t.tokens.admin, headers: { 'accept-language': 'ku' } },
    );
    expect(ku.body.message).toBe('لقێک بەم کۆدە پێشتر هەیە');
    expect((await list()).find((b: { _id: string }) => b._id === 'duhok').name).toBe('Duhok');
  });

  it('renames, deactivates and reactivates a branch, announcing each change', async () => {
    expect((await t.put('/api/settings/branches/duhok', { name: 'Duhok Centre' }, { token: t.tokens.admin })).body.data.name).toBe(
      'Duhok Centre',
    );
    const off = await t.put('/api/settings/branches/duhok', { active: false }, { token: t.tokens.admin });
    expect(off.body.data).toMatchObject({ name: 'Duhok Centre', active: false });
    expect((await list()).find((b: { _id: string }) => b._id === 'duhok').active).toBe(false);
    expect((await branchEvents()).at(-1)).toMatchObject({ branchId: 'duhok', active: false, created: false });
    expect((await t.put('/api/settings/branches/duhok', { active: true }, { token: t.tokens.admin })).body.data.active).toBe(true);
  });

  it('replaces the registers of a branch', async () => {
    const res = await t.put('/api/settings/branches/erbil-2/registers', { registers: ['r2', 'r3'] }, { token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data.registers).toEqual(['r2', 'r3']);
    expect((await branchEvents()).at(-1)).toMatchObject({ branchId: 'erbil-2', registers: ['r2', 'r3'] });
    const empty = await t.put('/api/settings/branches/erbil-2/registers', { registers: [] }, { token: t.tokens.admin });
    expect(empty.status).toBe(400);
  });

  it('keeps at least one branch active', async () => {
    await t.put('/api/settings/branches/erbil-2', { active: false }, { token: t.tokens.admin });
    await t.put('/api/settings/branches/duhok', { active: false }, { token: t.tokens.admin });
    const res = await t.put('/api/settings/branches/main', { active: false }, { token: t.tokens.admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('At least one branch must stay active');
    expect((await list()).filter((b: { active: boolean }) => b.active).map((b: { _id: string }) => b._id)).toEqual(['main']);
  });

  it("answers 404 for a branch that does not exist, naming a branch in the caller's language", async () => {
    const missing = await t.put('/api/settings/branches/nowhere', { name: 'X' }, { token: t.tokens.admin });
    expect([missing.status, missing.body.message]).toEqual([
      404,
      translate('en', 'errors.notFound', { entity: translate('en', 'entities.branch') }),
    ]);
    const inKurdish = await t.put(
      '/api/settings/branches/nowhere',
      { name: 'X' },
      { token: t.tokens.admin, headers: { 'accept-language': 'ku' } },
    );
    expect(inKurdish.body.message).toBe(translate('ku', 'errors.notFound', { entity: translate('ku', 'entities.branch') }));
    expect((await t.put('/api/settings/branches/nowhere/registers', { registers: ['a'] }, { token: t.tokens.admin })).status).toBe(404);
  });

  it('deactivates, never deletes, a branch left out of the list sent with the general settings', async () => {
    await t.put('/api/settings/branches/erbil-2', { active: true }, { token: t.tokens.admin });
    const res = await t.put(
      '/api/settings/general',
      { branches: [{ _id: 'main', name: 'Main', registers: ['main'] }] },
      { token: t.tokens.admin },
    );
    expect(res.status).toBe(200);
    const erbil = (await list()).find((b: { _id: string }) => b._id === 'erbil-2');
    expect(erbil).toEqual({ _id: 'erbil-2', name: 'Erbil 2', registers: ['r2', 'r3'], active: false });
    expect(res.body.data.branches.map((b: { _id: string; active: boolean }) => [b._id, b.active])).toEqual([
      ['main', true],
      ['erbil-2', false],
      ['duhok', false],
    ]);
    expect((await events()).at(-1)).toMatchObject({ changed: ['branches'] });
  });

  it('refuses managers and cashiers', async () => {
    for (const token of [t.tokens.manager, t.tokens.cashier]) {
      expect((await t.post('/api/settings/branches', { _id: 'x', name: 'X' }, { token })).status).toBe(403);
      expect((await t.put('/api/settings/branches/main', { name: 'X' }, { token })).status).toBe(403);
    }
    expect((await list())[0].name).not.toBe('X');
  });
});

describe('authorization of every settings route', () => {
  it('answers every route as the route table says, never with a 5xx', async () => {
    const cases = authorizationMatrix(['settings'], roleCallers(t));
    // Rate, general, branches and registers (7); the receipt, its logo, payments and the till's settings (8); printing (2).
    expect(cases.length).toBe(17 * 5);
    expect(await matrixFailures(t, cases)).toEqual([]);
  });
});

describe('the 250 default reaches only shops nobody has set up', () => {
  const upgrade = async () => {
    const migration = new CashRoundingDefault1797100000700();
    const qr = t.dataSource().createQueryRunner();
    try {
      await migration.down(qr);
      await qr.query(`UPDATE general_settings SET iqd_cash_rounding = 1`);
      await migration.up(qr);
    } finally {
      await qr.release();
    }
    return (await t.dataSource().query(`SELECT iqd_cash_rounding FROM general_settings`))[0].iqd_cash_rounding;
  };

  it('keeps no rounding for a shop whose settings were saved, and gives 250 to one still as installed', async () => {
    expect(await upgrade()).toBe(1); // this shop's settings were saved by the tests above
    const [{ updated_at: saved }] = await t.dataSource().query(`SELECT updated_at FROM general_settings`);
    await t.dataSource().query(`UPDATE general_settings SET updated_at = NULL`);
    expect(await upgrade()).toBe(250);
    await t.dataSource().query(`UPDATE general_settings SET updated_at = $1`, [saved]);
  });
});
