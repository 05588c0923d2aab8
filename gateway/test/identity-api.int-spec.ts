import pg from 'pg';
import { createAllInOneApp } from '@dukan/gateway';
import { startApp, type StartedApp } from '@dukan/testing';

let t: StartedApp;
beforeAll(async () => {
  t = await startApp(createAllInOneApp);
}, 60_000);
afterAll(() => t.close());

const auth = (token: string) => ({ token });
let seq = 0;
async function createUser(over: Record<string, unknown> = {}) {
  seq += 1;
  const body = {
    username: `user${seq}`,
    firstName: 'Shwan',
    lastName: `Aziz${seq}`,
    email: `user${seq}@shop.iq`,
    password: 'secret1',
    role: 'cashier',
    ...over,
  };
  const res = await t.post('/api/auth/register', body, auth(t.adminToken));
  expect(res.status).toBe(201);
  return { ...res.body.data, password: body.password } as { _id: string; username: string; password: string };
}

describe('sign-in', () => {
  it('answers {success, token, data} for admin with DUKAN_ADMIN_PASSWORD, and records lastLogin', async () => {
    const res = await t.post('/api/auth/login', { username: 'admin', password: t.adminPassword });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { username: 'admin', role: 'admin' } });
    expect(res.body.token.split('.')).toHaveLength(3);
    expect(Date.now() - Date.parse(res.body.data.lastLogin)).toBeLessThan(60_000);
  });

  it('refuses a wrong password with the spec text, in English or Kurdish', async () => {
    const en = await t.post(
      '/api/auth/login',
      { username: 'admin', password: 'nope-nope' },
      { headers: { 'x-forwarded-for': '10.9.0.1' } },
    );
    expect(en.status).toBe(401);
    expect(en.body).toMatchObject({
      success: false,
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid username or password',
      error: 'Invalid username or password',
    });
    const ku = await t.post('/api/auth/login', { username: 'nobody', password: 'nope-nope' }, { headers: { 'accept-language': 'ku' } });
    expect(ku.status).toBe(401);
    expect(ku.body.message).not.toBe('Invalid username or password');
    expect(ku.body.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('GET /api/auth/me returns the user with effective permissions', async () => {
    const res = await t.get('/api/auth/me', auth(t.adminToken));
    expect(res.status).toBe(200);
    expect(res.body.data.username).toBe('admin');
    expect(res.body.data.effectivePermissions.staff).toEqual(['view', 'create', 'edit', 'delete']);
    expect(res.body.data.effectivePermissions.expenses).toContain('approve');
  });

  it('throttles an account after repeated failures with a 429 that says how long to wait', async () => {
    const u = await createUser();
    for (let i = 0; i < 5; i++) {
      expect((await t.post('/api/auth/login', { username: u.username, password: 'wrong-pw' })).status).toBe(401);
    }
    const locked = await t.post('/api/auth/login', { username: u.username, password: u.password });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('RATE_LIMITED');
    expect(locked.body.retryAfterSeconds).toBeGreaterThan(800);
    expect(Number(locked.headers.get('retry-after'))).toBe(locked.body.retryAfterSeconds);
    expect(locked.body.message).toMatch(/\d+/);
  });
});

describe('a cashier created by the admin', () => {
  it('signs in, sees cashier rights, and gets 403 on the user list', async () => {
    const u = await createUser({ role: 'cashier' });
    const token = await t.login(u.username, u.password);
    const me = await t.get('/api/auth/me', auth(token));
    expect(me.body.data.effectivePermissions.staff).toEqual([]);
    expect(me.body.data.effectivePermissions.pos).toEqual(['use']);
    const list = await t.get('/api/auth/users', auth(token));
    expect(list.status).toBe(403);
    expect(list.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });
});

describe('user administration', () => {
  it('lists 10 per page by default, with search, role and status filters', async () => {
    for (let i = 0; i < 11; i++) await createUser({ role: i % 2 ? 'manager' : 'cashier', firstName: i === 3 ? 'Hêro' : 'Dara' });
    const page1 = await t.get('/api/auth/users', auth(t.adminToken));
    expect(page1.status).toBe(200);
    expect(page1.body.data).toHaveLength(10);
    expect(page1.body.pagination).toMatchObject({ page: 1, limit: 10 });
    expect(page1.body.pagination.pages).toBe(Math.ceil(page1.body.pagination.total / 10));
    const found = await t.get('/api/auth/users?search=h%C3%AAro', auth(t.adminToken));
    expect(found.body.data.map((u: { firstName: string }) => u.firstName)).toEqual(['Hêro']);
    const managers = await t.get('/api/auth/users?role=manager&limit=100', auth(t.adminToken));
    expect(managers.body.data.length).toBeGreaterThan(0);
    expect(managers.body.data.every((u: { role: string }) => u.role === 'manager')).toBe(true);
    // The same page limits as every other list: up to 1000 a page, a larger one refused with the field named.
    const everyone = await t.get('/api/auth/users?limit=1000', auth(t.adminToken));
    expect(everyone.body.data).toHaveLength(everyone.body.pagination.total);
    const tooMany = await t.get('/api/auth/users?limit=1001', auth(t.adminToken));
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.body.errors)).toEqual(['limit']);
  });

  it('refuses a duplicate username or email with a field error', async () => {
    const u = await createUser();
    const dup = await t.post(
      '/api/auth/register',
      { username: u.username.toUpperCase(), firstName: 'A', lastName: 'B', email: 'fresh@shop.iq', password: 'secret1' },
      auth(t.adminToken),
    );
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'DUPLICATE_USERNAME', errors: { username: { message: 'This username is already taken' } } });
  });

  it('an edit without a password keeps the old one; a reset ends old sessions at once', async () => {
    const u = await createUser();
    const token = await t.login(u.username, u.password);
    const edit = await t.put(`/api/auth/users/${u._id}`, { firstName: 'Renamed' }, auth(t.adminToken));
    expect(edit.status).toBe(200);
    expect(edit.body.data.firstName).toBe('Renamed');
    expect((await t.get('/api/auth/me', auth(token))).status).toBe(200); // a name change does not sign anyone out
    await t.login(u.username, u.password);

    const reset = await t.put(`/api/auth/users/${u._id}/reset-password`, { newPassword: 'brand-new' }, auth(t.adminToken));
    expect(reset.status).toBe(200);
    const stale = await t.get('/api/auth/me', auth(token));
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('TOKEN_REVOKED');
    expect((await t.post('/api/auth/login', { username: u.username, password: u.password })).status).toBe(401);
    await t.login(u.username, 'brand-new');
  });

  it('deactivation ends sessions and refuses sign-in', async () => {
    const u = await createUser();
    const token = await t.login(u.username, u.password);
    expect((await t.put(`/api/auth/users/${u._id}`, { active: false }, auth(t.adminToken))).status).toBe(200);
    expect((await t.get('/api/auth/me', auth(token))).status).toBe(401);
    const login = await t.post('/api/auth/login', { username: u.username, password: u.password });
    expect(login.status).toBe(401);
    expect(login.body.code).toBe('ACCOUNT_INACTIVE');
  });

  it('deletes a user (gone from lists, token dead) but never oneself', async () => {
    const u = await createUser();
    const token = await t.login(u.username, u.password);
    expect((await t.delete(`/api/auth/users/${u._id}`, auth(t.adminToken))).status).toBe(200);
    expect((await t.get(`/api/auth/users/${u._id}`, auth(t.adminToken))).status).toBe(404);
    expect((await t.get('/api/auth/me', auth(token))).status).toBe(401);
    const me = await t.get('/api/auth/me', auth(t.adminToken));
    const self = await t.delete(`/api/auth/users/${me.body.data._id}`, auth(t.adminToken));
    expect(self.status).toBe(422);
  });

  it('a manager (staff view only) cannot create users', async () => {
    const m = await createUser({ role: 'manager' });
    const token = await t.login(m.username, m.password);
    expect((await t.get('/api/auth/users', auth(token))).status).toBe(200);
    const res = await t.post(
      '/api/auth/register',
      { username: 'x1', firstName: 'A', lastName: 'B', email: 'x1@shop.iq', password: 'secret1' },
      auth(token),
    );
    expect(res.status).toBe(403);
  });
});

describe('permission overrides', () => {
  it('an override takes effect on the session’s very next call, and the session goes on', async () => {
    const u = await createUser({ role: 'cashier' });
    const old = await t.login(u.username, u.password);
    const save = await t.put(
      `/api/auth/users/${u._id}/permissions`,
      { permissions: { staff: ['view'], customers: [] } },
      auth(t.adminToken),
    );
    expect(save.status).toBe(200);
    expect(save.body.message).toBe('Permissions updated successfully');
    expect(save.body.data.effectivePermissions.staff).toEqual(['view']);
    expect(save.body.data.effectivePermissions.customers).toEqual([]);
    expect(save.body.data.effectivePermissions.pos).toEqual(['use']); // untouched modules keep the role default
    expect((await t.get('/api/auth/users', auth(old))).status).toBe(200);
    expect((await t.post('/api/customers', {}, auth(old))).status).toBe(403);
    const fresh = await t.login(u.username, u.password);
    expect((await t.get('/api/auth/users', auth(fresh))).status).toBe(200);
  });

  it('a session whose permissions changed reads them at /api/auth/me, and may swap its token for one carrying them, expiring as before', async () => {
    const u = await createUser({ role: 'cashier' });
    const old = await t.login(u.username, u.password);
    expect((await t.get('/api/auth/users', auth(old))).status).toBe(403);
    await t.put(`/api/auth/users/${u._id}/permissions`, { permissions: { staff: ['view'] } }, auth(t.adminToken));
    const me = await t.get('/api/auth/me', auth(old));
    expect(me.status).toBe(200);
    expect(me.body.data.effectivePermissions.staff).toEqual(['view']);
    const refreshed = await t.post('/api/auth/refresh', undefined, auth(old));
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.effectivePermissions.staff).toEqual(['view']);
    const token: string = refreshed.body.token;
    expect((await t.get('/api/auth/users', auth(token))).status).toBe(200);
    const expiry = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).exp;
    expect(expiry(token)).toBe(expiry(old));
  });

  it('refuses to refresh after logout, password reset, deactivation or deletion, and a forged or missing token', async () => {
    const ended = async (end: (u: { _id: string; username: string; password: string }, token: string) => Promise<unknown>) => {
      const u = await createUser({ role: 'cashier' });
      const token = await t.login(u.username, u.password);
      await t.put(`/api/auth/users/${u._id}/permissions`, { permissions: { staff: ['view'] } }, auth(t.adminToken));
      await end(u, token);
      return t.post('/api/auth/refresh', undefined, auth(token));
    };
    const afterLogout = await ended(async (u) => t.post('/api/auth/logout', undefined, auth(await t.login(u.username, u.password))));
    expect(afterLogout.status).toBe(401);
    expect(afterLogout.body.code).toBe('TOKEN_REVOKED');
    const afterReset = await ended((u) =>
      t.put(`/api/auth/users/${u._id}/reset-password`, { newPassword: 'another1' }, auth(t.adminToken)),
    );
    expect(afterReset.status).toBe(401);
    const afterDeactivation = await ended((u) => t.put(`/api/auth/users/${u._id}`, { active: false }, auth(t.adminToken)));
    expect(afterDeactivation.status).toBe(401);
    const afterDelete = await ended((u) => t.delete(`/api/auth/users/${u._id}`, auth(t.adminToken)));
    expect(afterDelete.status).toBe(401);
    expect((await t.post('/api/auth/refresh', undefined, {})).status).toBe(401);
    const forged = `${t.adminToken.slice(0, -4)}AAAA`;
    expect((await t.post('/api/auth/refresh', undefined, auth(forged))).status).toBe(401);
  }, 30_000);

  it('lists non-admin users for the permissions page and applies a role to many', async () => {
    const a = await createUser({ role: 'cashier' });
    const b = await createUser({ role: 'cashier' });
    const list = await t.get('/api/auth/permissions', auth(t.adminToken));
    expect(list.status).toBe(200);
    expect(list.body.data.some((u: { role: string }) => u.role === 'admin')).toBe(false);
    const applied = await t.post('/api/auth/permissions/apply-role', { role: 'manager', userIds: [a._id, b._id] }, auth(t.adminToken));
    expect(applied.status).toBe(200);
    expect(applied.body.message).toBe('Applied manager permissions to 2 user(s)');
    const tokenA = await t.login(a.username, a.password);
    const me = await t.get('/api/auth/me', auth(tokenA));
    expect(me.body.data.role).toBe('cashier');
    expect(me.body.data.effectivePermissions.reports).toEqual(['view', 'export']);
  });
});

describe('logout and events', () => {
  it('logout makes the token fail at once', async () => {
    const u = await createUser();
    const token = await t.login(u.username, u.password);
    expect((await t.post('/api/auth/logout', undefined, auth(token))).status).toBe(200);
    const after = await t.get('/api/auth/me', auth(token));
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('TOKEN_REVOKED');
  });

  it('publishes user events through the outbox', async () => {
    const u = await createUser();
    await t.drainOutbox();
    const c = new pg.Client({ connectionString: t.db.url });
    await c.connect();
    try {
      const { rows } = await c.query(`SELECT type, published_at FROM identity.outbox WHERE data->>'userId' = $1 ORDER BY seq`, [u._id]);
      expect(rows.map((r) => r.type)).toEqual(['dukan.identity.user.created.v1']);
      expect(rows[0].published_at).not.toBeNull();
    } finally {
      await c.end();
    }
  });
});
