import { inputRuleText, isValidEmail } from '@dukan/contracts';
import { startServiceApp, type ServiceTestApp } from '@dukan/testing';
import { IdentityModule, loadIdentityConfig } from '@dukan/identity';
import { CanonicalUserPhones1797300000100 } from '../src/migrations/1797300000100-canonical-user-phones.js';

// Staff cannot raise their own or others' rights (issue 11), and PUT /api/auth/users/:id takes permissions
// from an admin only (issue 12 point 5). Every refusal leaves the stored user exactly as it was.

let t: ServiceTestApp;
let admin = '';
let adminId = '';
let seq = 0;

interface Made {
  _id: string;
  username: string;
  token: string;
}

async function make(role: 'admin' | 'manager' | 'cashier', permissions?: object): Promise<Made> {
  seq += 1;
  const username = `${role}${seq}`;
  const body = {
    username,
    firstName: 'Staff',
    lastName: `N${seq}`,
    email: `${username}@shop.iq`,
    password: 'secret1',
    role,
    ...(permissions && { permissions }),
  };
  const res = await t.post('/api/auth/register', body, { token: admin });
  expect(res.status).toBe(201);
  const login = await t.post('/api/auth/login', { username, password: 'secret1' });
  return { _id: res.body.data._id, username, token: login.body.token };
}

/** The stored row, to show a refusal changed nothing. */
async function row(id: string) {
  const [r] = await t
    .dataSource()
    .query(`SELECT username, role, active, permissions, token_version, password_hash FROM users WHERE id = $1`, [id]);
  return r as Record<string, unknown> | undefined;
}

const ALL_STAFF = { staff: ['view', 'create', 'edit', 'delete'] };

beforeAll(async () => {
  t = await startServiceApp({
    service: 'identity',
    module: (env) => IdentityModule.register(loadIdentityConfig({ ...env, DUKAN_ADMIN_PASSWORD: 'first-admin' })),
  });
  admin = (await t.post('/api/auth/login', { username: 'admin', password: 'first-admin' })).body.token;
  adminId = (await t.get('/api/auth/me', { token: admin })).body.data._id;
}, 60_000);
afterAll(() => t.close());

describe('permissions travel with a user only from an admin', () => {
  it('a manager with every staff right cannot create a user with permissions: 403, nobody created', async () => {
    const manager = await make('manager', ALL_STAFF);
    const res = await t.post(
      '/api/auth/register',
      {
        username: 'sneaky',
        firstName: 'S',
        lastName: 'N',
        email: 'sneaky@shop.iq',
        password: 'secret1',
        permissions: { settings: ['view', 'edit'] },
      },
      { token: manager.token },
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only an administrator can set permissions');
    const [{ n }] = await t.dataSource().query(`SELECT count(*)::int AS n FROM users WHERE username = 'sneaky'`);
    expect(n).toBe(0);
  });

  it('a manager with every staff right cannot send permissions with an edit, for a cashier or themselves: 403, nothing stored', async () => {
    const manager = await make('manager', ALL_STAFF);
    const cashier = await make('cashier');
    for (const id of [cashier._id, manager._id]) {
      const before = await row(id);
      const res = await t.put(
        `/api/auth/users/${id}`,
        { firstName: 'Changed', permissions: { staff: ['view', 'create', 'edit', 'delete'], settings: ['edit'] } },
        { token: manager.token },
      );
      expect(res.status).toBe(403);
      expect(await row(id)).toEqual(before);
    }
  });

  it('an admin saves permissions through PUT /api/auth/users/:id as through the dedicated route; the session has them at once', async () => {
    const cashier = await make('cashier');
    const res = await t.put(`/api/auth/users/${cashier._id}`, { permissions: { staff: ['view'], customers: [] } }, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.effectivePermissions.staff).toEqual(['view']);
    expect(res.body.data.effectivePermissions.customers).toEqual([]);
    expect(res.body.data.effectivePermissions.pos).toEqual(['use']);
    const me = await t.get('/api/auth/me', { token: cashier.token });
    expect(me.body.data.effectivePermissions.staff).toEqual(['view']);
    expect((await t.get('/api/auth/users', { token: cashier.token })).status).toBe(200);
    const [audit] = await t.dataSource().query(`SELECT action FROM audit_log WHERE target_id = $1 ORDER BY id DESC LIMIT 1`, [cashier._id]);
    expect(audit.action).toBe('user.permissions-changed');
    const reset = await t.put(`/api/auth/users/${cashier._id}`, { permissions: null }, { token: admin });
    expect(reset.body.data.effectivePermissions.staff).toEqual([]);
  });

  it('refuses permissions for an admin, as the dedicated route does', async () => {
    const other = await make('admin');
    const before = await row(other._id);
    const res = await t.put(`/api/auth/users/${other._id}`, { permissions: { staff: [] } }, { token: admin });
    expect(res.status).toBe(422);
    expect(await row(other._id)).toEqual(before);
  });
});

describe('a non-admin with staff rights manages only users of a lower role', () => {
  it('a manager creates, edits, resets and deletes a cashier', async () => {
    const manager = await make('manager', ALL_STAFF);
    const created = await t.post(
      '/api/auth/register',
      { username: 'till9', firstName: 'T', lastName: 'N', email: 'till9@shop.iq', password: 'secret1' },
      { token: manager.token },
    );
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    expect(
      (await t.put(`/api/auth/users/${id}`, { lastName: 'Nine', role: 'cashier', active: true }, { token: manager.token })).status,
    ).toBe(200);
    expect((await t.put(`/api/auth/users/${id}/reset-password`, { newPassword: 'another1' }, { token: manager.token })).status).toBe(200);
    expect((await t.delete(`/api/auth/users/${id}`, { token: manager.token })).status).toBe(200);
  });

  it('but never a manager or an admin, nor makes one: 403, nothing stored', async () => {
    const manager = await make('manager', ALL_STAFF);
    const peer = await make('manager');
    const cashier = await make('cashier');
    const make1 = await t.post(
      '/api/auth/register',
      { username: 'boss', firstName: 'B', lastName: 'N', email: 'boss@shop.iq', password: 'secret1', role: 'manager' },
      { token: manager.token },
    );
    expect(make1.status).toBe(403);
    expect(make1.body.message).toBe('You can only manage users whose role is below yours');
    for (const target of [peer._id, adminId]) {
      const before = await row(target);
      const answers = [
        await t.put(`/api/auth/users/${target}`, { firstName: 'Changed' }, { token: manager.token }),
        await t.put(`/api/auth/users/${target}`, { active: false }, { token: manager.token }),
        await t.put(`/api/auth/users/${target}/reset-password`, { newPassword: 'taken-over' }, { token: manager.token }),
        await t.delete(`/api/auth/users/${target}`, { token: manager.token }),
      ];
      expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403]);
      expect(await row(target)).toEqual(before);
    }
    const before = await row(cashier._id);
    expect((await t.put(`/api/auth/users/${cashier._id}`, { role: 'manager' }, { token: manager.token })).status).toBe(403);
    expect((await t.put(`/api/auth/users/${manager._id}`, { role: 'admin' }, { token: manager.token })).status).toBe(403);
    expect(await row(cashier._id)).toEqual(before);
  });

  it('a cashier given staff rights manages nobody', async () => {
    const cashier = await make('cashier', ALL_STAFF);
    const other = await make('cashier');
    expect((await t.put(`/api/auth/users/${other._id}`, { firstName: 'X' }, { token: cashier.token })).status).toBe(403);
    expect(
      (
        await t.post(
          '/api/auth/register',
          { username: 'x7', firstName: 'X', lastName: 'Y', email: 'x7@shop.iq', password: 'secret1' },
          { token: cashier.token },
        )
      ).status,
    ).toBe(403);
  });
});

describe('nobody changes their own role or deactivates themselves', () => {
  it('an admin (with another admin about, so the last-admin rule is not what stops them)', async () => {
    await make('admin');
    const before = await row(adminId);
    const demote = await t.put(`/api/auth/users/${adminId}`, { role: 'cashier' }, { token: admin });
    expect(demote.status).toBe(422);
    expect(demote.body.message).toBe('You cannot change your own role');
    const off = await t.put(`/api/auth/users/${adminId}`, { active: false }, { token: admin });
    expect(off.status).toBe(422);
    expect(off.body.message).toBe('You cannot deactivate your own account');
    expect(await row(adminId)).toEqual(before);
    // The form sends the unchanged role and status with every save: that is no change.
    expect((await t.put(`/api/auth/users/${adminId}`, { firstName: 'Shop', role: 'admin', active: true }, { token: admin })).status).toBe(
      200,
    );
  });
});

describe('renaming a user ends their tokens; a new role applies to the session at once', () => {
  it("a new role: the token goes on, with the new role's rights on its next call", async () => {
    const u = await make('cashier');
    const version = (await row(u._id))!.token_version as number;
    expect((await t.get('/api/auth/users', { token: u.token })).status).toBe(403);
    const res = await t.put(`/api/auth/users/${u._id}`, { role: 'manager' }, { token: admin });
    expect(res.status).toBe(200);
    expect((await row(u._id))!.token_version).toBe(version);
    expect((await t.get('/api/auth/me', { token: u.token })).body.data).toMatchObject({ role: 'manager' });
    expect((await t.get('/api/auth/users', { token: u.token })).status).toBe(200);
  });

  it.each([['a new username', (u: Made) => ({ username: `${u.username}x` })]])(
    '%s: the old token is refused, and the app swaps it for one with the change',
    async (_label, change) => {
      const u = await make('cashier');
      const version = (await row(u._id))!.token_version as number;
      const res = await t.put(`/api/auth/users/${u._id}`, change(u), { token: admin });
      expect(res.status).toBe(200);
      expect((await row(u._id))!.token_version).toBe(version + 1);
      expect((await t.get('/api/auth/me', { token: u.token })).body.code).toBe('TOKEN_REVOKED');
      const refreshed = await t.post('/api/auth/refresh', undefined, { token: u.token });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.data).toMatchObject(change(u));
    },
  );

  it('a new first name changes nothing in the token, so the session goes on', async () => {
    const u = await make('cashier');
    expect((await t.put(`/api/auth/users/${u._id}`, { firstName: 'Hêro', username: u.username }, { token: admin })).status).toBe(200);
    expect((await t.get('/api/auth/me', { token: u.token })).status).toBe(200);
  });
});

describe('staff rights follow branches (issue 25)', () => {
  const inBranches = (branches: string[]) => ({ homeBranch: branches[0], branches });
  async function placed(role: 'manager' | 'cashier', branches: string[], permissions?: object): Promise<Made> {
    const made = await make(role, permissions);
    expect((await t.put(`/api/auth/users/${made._id}`, inBranches(branches), { token: admin })).status).toBe(200);
    const login = await t.post('/api/auth/login', { username: made.username, password: 'secret1' });
    return { ...made, token: login.body.token };
  }

  it('a manager of main with every staff right cannot reset, edit, deactivate or delete a cashier of B, in both languages; nothing changes', async () => {
    const manager = await placed('manager', ['main'], ALL_STAFF);
    for (const branches of [['b'], ['main', 'b']]) {
      const cashier = await placed('cashier', branches);
      const before = await row(cashier._id);
      const calls = [
        () => t.put(`/api/auth/users/${cashier._id}/reset-password`, { newPassword: 'taken-over1' }, { token: manager.token }),
        () => t.put(`/api/auth/users/${cashier._id}`, { firstName: 'Changed' }, { token: manager.token }),
        () => t.put(`/api/auth/users/${cashier._id}`, { active: false }, { token: manager.token }),
        () => t.delete(`/api/auth/users/${cashier._id}`, { token: manager.token }),
      ];
      for (const call of calls) {
        const res = await call();
        expect([res.status, res.body.message]).toEqual([403, 'You can only manage users who work only in your branches']);
      }
      const ku = await t.put(
        `/api/auth/users/${cashier._id}/reset-password`,
        { newPassword: 'taken-over1' },
        { token: manager.token, headers: { 'accept-language': 'ku' } },
      );
      expect(ku.body.message).toBe('تەنها دەتوانیت ئەو بەکارهێنەرانە بەڕێوەببەیت کە تەنها لە لقەکانی تۆدا کار دەکەن');
      expect(await row(cashier._id)).toEqual(before);
      expect((await t.post('/api/auth/login', { username: cashier.username, password: 'taken-over1' })).status).toBe(401);
      expect((await t.post('/api/auth/login', { username: cashier.username, password: 'secret1' })).status).toBe(200);
    }
  });

  it('the same manager still manages a cashier of main; a manager of main and B, a cashier of B; an admin, anyone', async () => {
    const manager = await placed('manager', ['main'], ALL_STAFF);
    const ofMain = await placed('cashier', ['main']);
    expect(
      (await t.put(`/api/auth/users/${ofMain._id}/reset-password`, { newPassword: 'new-secret1' }, { token: manager.token })).status,
    ).toBe(200);
    const chainManager = await placed('manager', ['main', 'b'], ALL_STAFF);
    const ofB = await placed('cashier', ['b']);
    expect((await t.put(`/api/auth/users/${ofB._id}`, { firstName: 'Renamed' }, { token: chainManager.token })).status).toBe(200);
    expect((await t.put(`/api/auth/users/${ofB._id}/reset-password`, { newPassword: 'admin-set1' }, { token: admin })).status).toBe(200);
  });
});

describe('staff search', () => {
  it('finds Kurdish names typed on either keyboard, in the staff list and the permissions list', async () => {
    seq += 1;
    const username = `rebin${seq}`;
    const body = { username, firstName: 'ڕێبین', lastName: 'کەریم', email: `${username}@shop.iq`, password: 'secret1', role: 'cashier' };
    expect((await t.post('/api/auth/register', body, { token: admin })).status).toBe(201);
    const found = async (path: string, term: string) =>
      JSON.stringify((await t.get(`${path}?search=${encodeURIComponent(term)}`, { token: admin })).body).includes(username);
    for (const term of ['ريبين', 'رێبین كهريم', 'ڕێبین', 'REBIN']) {
      expect([term, await found('/api/auth/users', term)]).toEqual([term, true]);
      expect([term, await found('/api/auth/permissions', term)]).toEqual([term, true]);
    }
    expect(await found('/api/auth/users', 'ريبوار')).toBe(false);
  });
});

describe('staff phones', () => {
  it('are read as people write them and kept as one number (E.164); a blank phone on an edit removes it', async () => {
    seq += 1;
    const username = `phone${seq}`;
    const body = { username, firstName: 'Hana', lastName: 'Aziz', email: `${username}@shop.iq`, password: 'secret1', role: 'cashier' };
    const made = await t.post('/api/auth/register', { ...body, phone: '0750 123 4567' }, { token: admin });
    expect(made.status).toBe(201);
    expect(made.body.data.phone).toBe('+9647501234567');
    const id = made.body.data._id;
    for (const [typed, kept] of [
      ['+964 770-111-2233', '+9647701112233'],
      ['٠٧٥١ ٢٢٢ ٣٣٤٤', '+9647512223344'],
      ['', null],
    ] as const) {
      const edited = await t.put(`/api/auth/users/${id}`, { phone: typed }, { token: admin });
      expect(edited.status).toBe(200);
      expect(edited.body.data.phone).toBe(kept);
    }
    for (const typed of ['0750 123 456', '12345678901234', 'call me']) {
      const refused = await t.put(`/api/auth/users/${id}`, { phone: typed }, { token: admin, headers: { 'accept-language': 'ku' } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.phone.message).toBe('تکایە ژمارەی تەلەفۆنێکی دروست بنووسە');
    }
    expect((await t.dataSource().query(`SELECT phone FROM users WHERE id = $1`, [id]))[0].phone).toBeNull();
  });

  it('given before are rewritten as E.164 where they read as a number, the rest left as typed', async () => {
    const a = await make('cashier');
    const b = await make('cashier');
    await t
      .dataSource()
      .query(`UPDATE users SET phone = CASE id WHEN $1::uuid THEN '0770 999 8877' ELSE '12345678901234' END WHERE id IN ($1, $2)`, [
        a._id,
        b._id,
      ]);
    const runner = t.dataSource().createQueryRunner();
    try {
      await new CanonicalUserPhones1797300000100().up(runner);
    } finally {
      await runner.release();
    }
    const phones = await t.dataSource().query(`SELECT id, phone FROM users WHERE id IN ($1, $2)`, [a._id, b._id]);
    expect(Object.fromEntries(phones.map((r: { id: string; phone: string }) => [r.id, r.phone]))).toEqual({
      [a._id]: '+9647709998877',
      [b._id]: '12345678901234',
    });
  });
});

describe('staff email addresses', () => {
  it('are refused when their name is not ASCII, in the words the staff form shows for the same address', async () => {
    seq += 1;
    const username = `mail${seq}`;
    const body = { username, firstName: 'Aras', lastName: 'Omar', password: 'secret1', role: 'cashier' };
    for (const email of ['ئاراس@shop.iq', 'josé@shop.iq', 'a@b.c']) {
      const refused = await t.post('/api/auth/register', { ...body, email }, { token: admin, headers: { 'accept-language': 'ku' } });
      expect([email, refused.status]).toEqual([email, 400]);
      expect(refused.body.errors.email.message).toBe(inputRuleText('ku', 'email'));
      expect(isValidEmail(email)).toBe(false); // what the staff form checks
    }
    expect((await t.post('/api/auth/register', { ...body, email: `${username}@shop.iq` }, { token: admin })).status).toBe(201);
  });
});
