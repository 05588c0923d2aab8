import { startServiceApp, type ServiceTestApp } from '@dukan/testing';
import { IdentityModule, loadIdentityConfig } from '@dukan/identity';

// Each user's home branch and the branches they may work in: set by an admin, carried in the token.

let t: ServiceTestApp;
let admin = '';
let seq = 0;

interface Made {
  _id: string;
  username: string;
  token: string;
}

async function make(role: 'admin' | 'manager' | 'cashier', extra: object = {}): Promise<Made> {
  seq += 1;
  const username = `${role}b${seq}`;
  const body = { username, firstName: 'Staff', lastName: `N${seq}`, email: `${username}@shop.iq`, password: 'secret1', role, ...extra };
  const res = await t.post('/api/auth/register', body, { token: admin });
  expect(res.status).toBe(201);
  const login = await t.post('/api/auth/login', { username, password: 'secret1' });
  return { _id: res.body.data._id, username, token: login.body.token };
}

/** The claims of a token, as any service reads them after verifying it. */
const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

beforeAll(async () => {
  t = await startServiceApp({
    service: 'identity',
    module: (env) => IdentityModule.register(loadIdentityConfig({ ...env, DUKAN_ADMIN_PASSWORD: 'first-admin' })),
  });
  admin = (await t.post('/api/auth/login', { username: 'admin', password: 'first-admin' })).body.token;
}, 60_000);
afterAll(() => t.close());

describe("a user's branches", () => {
  it('are the default branch for a user nobody gave branches: no branch claims, as before', async () => {
    const cashier = await make('cashier');
    const me = (await t.get('/api/auth/me', { token: cashier.token })).body.data;
    expect(me).toMatchObject({ homeBranch: null, branches: null });
    expect(claims(cashier.token)).not.toHaveProperty('hb');
    expect(claims(cashier.token)).not.toHaveProperty('brs');
  });

  it('are set by an admin on creation and travel in the token', async () => {
    const cashier = await make('cashier', { homeBranch: 'b', branches: ['a', 'b'] });
    expect((await t.get('/api/auth/me', { token: cashier.token })).body.data).toMatchObject({ homeBranch: 'b', branches: ['a', 'b'] });
    expect(claims(cashier.token)).toMatchObject({ hb: 'b', brs: ['a', 'b'] });
  });

  it('changed by an admin end the old token, which the app exchanges for one with the new branches', async () => {
    const cashier = await make('cashier');
    const res = await t.put(`/api/auth/users/${cashier._id}`, { branches: ['b', 'c'] }, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ homeBranch: 'b', branches: ['b', 'c'] });
    expect((await t.get('/api/auth/me', { token: cashier.token })).body.code).toBe('TOKEN_REVOKED');
    const refreshed = await t.post('/api/auth/refresh', undefined, { token: cashier.token });
    expect(refreshed.status).toBe(200);
    expect(claims(refreshed.body.token)).toMatchObject({ hb: 'b', brs: ['b', 'c'] });
    const [audit] = await t
      .dataSource()
      .query(`SELECT action, details FROM audit_log WHERE target_id = $1 ORDER BY id DESC LIMIT 1`, [cashier._id]);
    expect(audit).toMatchObject({ action: 'user.branches-changed', details: { after: { homeBranch: 'b', branches: ['b', 'c'] } } });
  });

  it('leave the token alone when an edit does not change them', async () => {
    const cashier = await make('cashier', { branches: ['b'] });
    expect((await t.put(`/api/auth/users/${cashier._id}`, { firstName: 'Renamed', branches: ['b'] }, { token: admin })).status).toBe(200);
    expect((await t.get('/api/auth/me', { token: cashier.token })).status).toBe(200);
  });

  it('refuse a home branch outside the list, in both languages, changing nothing', async () => {
    const cashier = await make('cashier', { branches: ['a'] });
    const res = await t.put(`/api/auth/users/${cashier._id}`, { homeBranch: 'z' }, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.errors.homeBranch.message).toBe("The home branch must be one of the user's branches");
    const ku = await t.put(`/api/auth/users/${cashier._id}`, { homeBranch: 'z' }, { token: admin, headers: { 'accept-language': 'ku' } });
    expect(ku.body.errors.homeBranch.message).toBe('لقی سەرەکی دەبێت یەکێک بێت لە لقەکانی بەکارهێنەر');
    expect((await t.get(`/api/auth/users/${cashier._id}`, { token: admin })).body.data).toMatchObject({ homeBranch: 'a', branches: ['a'] });
  });

  it("are an admin's to set: a manager with every staff right is refused", async () => {
    const manager = await make('manager', { permissions: { staff: ['view', 'create', 'edit', 'delete'] } });
    const cashier = await make('cashier');
    const res = await t.put(`/api/auth/users/${cashier._id}`, { branches: ['a', 'b'] }, { token: manager.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only an administrator can set the branches of a user');
    expect((await t.get(`/api/auth/users/${cashier._id}`, { token: admin })).body.data.branches).toBeNull();
  });

  it('of an admin are every branch: a list sent for an admin is not kept, the home branch is', async () => {
    const other = await make('admin', { homeBranch: 'b', branches: ['b'] });
    expect((await t.get('/api/auth/me', { token: other.token })).body.data).toMatchObject({ homeBranch: 'b', branches: null });
  });
});
