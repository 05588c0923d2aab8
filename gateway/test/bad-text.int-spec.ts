import { ROUTES, type RouteDef } from '@dukan/contracts';
import { createAllInOneApp } from '@dukan/gateway';
import { startApp, type HttpClient, type HttpResponse } from '@dukan/testing';
import { startClusterShape } from './cluster-shape.js';

// Text no field of the shop may hold (NUL, a lone surrogate half, an impossible date, an invisible-only name, a
// name with direction controls) is 400 in the caller's language on every route, signed in or not, before a
// handler or PostgreSQL sees it: walked over the whole route table, in both shapes.

interface Shape extends HttpClient {
  adminToken: string;
  close(): Promise<void>;
}

const SHAPES: [string, () => Promise<Shape>][] = [
  ['all-in-one', () => startApp(createAllInOneApp)],
  ['cluster gateway', () => startClusterShape()],
];

const ID = '0b6c5f3e-8d8a-4c1e-9a53-3f4f0b7d9e21';
const KU = { 'accept-language': 'ku' };
/** The validation answer in Kurdish: the field named, its message from the catalogue. */
const FORBIDDEN_KU = 'ئەم بەهایە نووسەی تێدایە کە ڕێگەپێدراو نین';
const BAD_DATE_KU = 'تکایە بەروارێکی دروست بنووسە';

const served = ROUTES.filter((r) => r.owner !== 'gateway');
const withBody = served.filter((r) => r.method !== 'GET' && r.method !== 'DELETE' && r.path !== '/api/products/import');
const withParams = served.filter((r) => r.path.includes('/:'));
const label = (r: RouteDef) => `${r.method} ${r.path}`;
/** The route's path with every parameter a valid-looking id, and `bad` (already encoded) in place of the first. */
const pathOf = (r: RouteDef, bad?: string) => {
  let first = true;
  return r.path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = first && bad !== undefined ? bad : name === 'type' ? 'sales' : ID;
    first = false;
    return value;
  });
};

function expectRefused(res: HttpResponse, field: string, message: string) {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
  expect(res.body.errors?.[field]?.message ?? JSON.stringify(res.body)).toBe(message);
}

describe.each(SHAPES)('%s', (_shape, start) => {
  let s: Shape;
  beforeAll(async () => {
    s = await start();
  }, 180_000);
  afterAll(() => s?.close());

  it.each(served.map((r) => [label(r), r] as const))('%s: NUL and an impossible date in the query are 400', async (_l, r) => {
    const nul = await s.request(r.method, `${pathOf(r)}?search=a%00b`, { token: s.adminToken, headers: KU });
    expectRefused(nul, 'search', FORBIDDEN_KU);
    const date = await s.request(r.method, `${pathOf(r)}?from=2026-02-30`, { token: s.adminToken, headers: KU });
    expectRefused(date, 'from', BAD_DATE_KU);
  });

  it.each(withParams.map((r) => [label(r), r] as const))('%s: NUL in the path is refused, never 500', async (_l, r) => {
    const res = await s.request(r.method, pathOf(r, 'a%00b'), { token: s.adminToken, headers: KU });
    expect([400, 404]).toContain(res.status);
    if (res.status === 400) expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it.each(withBody.map((r) => [label(r), r] as const))(
    '%s: NUL, a lone surrogate and an impossible date in the body are 400',
    async (_l, r) => {
      const nul = await s.request(r.method, pathOf(r), { token: s.adminToken, headers: KU, body: { name: 'tea\u0000', note: 'x' } });
      expectRefused(nul, 'name', FORBIDDEN_KU);
      const surrogate = await s.request(r.method, pathOf(r), { token: s.adminToken, headers: KU, body: '{"name":{"en":"tea \\ud800"}}' });
      expectRefused(surrogate, 'name.en', FORBIDDEN_KU);
      const date = await s.request(r.method, pathOf(r), { token: s.adminToken, headers: KU, body: { date: '2026-02-30' } });
      expectRefused(date, 'date', BAD_DATE_KU);
    },
  );

  it('a NUL in the login username is 400, signed in or not', async () => {
    const res = await s.post('/api/auth/login', { username: 'admin\u0000', password: 'x' });
    expectRefused(res, 'username', 'This value contains characters that are not allowed');
  });

  it('names that are invisible only or carry direction controls are refused; Kurdish with its joiners is not', async () => {
    const invisible = await s.post('/api/categories', { name: { en: '\u200b\u200c', ku: 'چا' } }, { token: s.adminToken });
    expectRefused(invisible, 'name.en', 'This value cannot be made only of invisible characters');
    const override = await s.post('/api/categories', { name: { en: 'Tea\u202egnp.exe', ku: 'چا' } }, { token: s.adminToken });
    expectRefused(override, 'name.en', 'This value cannot contain text-direction control characters');
    const isolate = await s.post('/api/customers', { name: 'Ali \u2066x\u2069', phone: '07501234567' }, { token: s.adminToken });
    expectRefused(isolate, 'name', 'This value cannot contain text-direction control characters');
    const fine = await s.post('/api/categories', { name: { en: 'Tea', ku: 'چا\u200cی سەوز' } }, { token: s.adminToken });
    expect(fine.status).toBe(201);
  });

  it('real dates pass: the 29th of February of a leap year, a time of day', async () => {
    expect((await s.get('/api/expenses/summary?startDate=2028-02-29&endDate=2028-03-01', { token: s.adminToken })).status).toBe(200);
    expect((await s.get('/api/expenses/summary?startDate=2029-02-29', { token: s.adminToken })).status).toBe(400);
    const sales = await s.get(`/api/transactions?from=${encodeURIComponent('2028-02-29T00:00:00.000+03:00')}&to=2028-03-01T23:59:59Z`, {
      token: s.adminToken,
    });
    expect(sales.status).toBe(200);
  });
});
