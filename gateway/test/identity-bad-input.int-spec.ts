import pg from 'pg';
import { createAllInOneApp } from '@dukan/gateway';
import { startApp, type StartedApp } from '@dukan/testing';

let t: StartedApp;
let db: pg.Client;
let userId = '';
const huge = 'x'.repeat(10_000);

beforeAll(async () => {
  t = await startApp(createAllInOneApp);
  db = new pg.Client({ connectionString: t.db.url });
  await db.connect();
  const res = await t.post(
    '/api/auth/register',
    { username: 'target', firstName: 'T', lastName: 'U', email: 'target@shop.iq', password: 'secret1' },
    { token: t.adminToken },
  );
  userId = res.body.data._id;
}, 60_000);
afterAll(async () => {
  await db.end();
  await t.close();
});

async function snapshot(): Promise<string> {
  const { rows } = await db.query(
    `SELECT id, username, first_name, email, phone, role, active, permissions, token_version, password_hash FROM identity.users ORDER BY id`,
  );
  return JSON.stringify(rows);
}

const valid = { username: 'newbie', firstName: 'Nawroz', lastName: 'Karim', email: 'newbie@shop.iq', password: 'secret1' };

type Case = [label: string, method: 'POST' | 'PUT', path: () => string, body: unknown, field: string | null];
const cases: Case[] = [
  ['login without password', 'POST', () => '/api/auth/login', { username: 'admin' }, 'password'],
  ['login with a number as username', 'POST', () => '/api/auth/login', { username: 42, password: 'x' }, 'username'],
  ['login with an unknown field', 'POST', () => '/api/auth/login', { username: 'admin', password: 'x', isAdmin: true }, 'isAdmin'],
  ['login with a huge username', 'POST', () => '/api/auth/login', { username: huge, password: 'x' }, 'username'],
  ['login with an array body', 'POST', () => '/api/auth/login', [1, 2], null],
  ['register without email', 'POST', () => '/api/auth/register', { ...valid, email: undefined }, 'email'],
  ['register with a bad email', 'POST', () => '/api/auth/register', { ...valid, email: 'not-an-email' }, 'email'],
  [
    'register with an address the staff form refuses too (a@b.c)',
    'POST',
    () => '/api/auth/register',
    { ...valid, email: 'a@b.c' },
    'email',
  ],
  ['register with a space in the username', 'POST', () => '/api/auth/register', { ...valid, username: 'new bie' }, 'username'],
  ['register with a 51-character username', 'POST', () => '/api/auth/register', { ...valid, username: 'u'.repeat(51) }, 'username'],
  ['register with a short password', 'POST', () => '/api/auth/register', { ...valid, password: '12345' }, 'password'],
  ['register with a bad phone', 'POST', () => '/api/auth/register', { ...valid, phone: '12ab' }, 'phone'],
  ['register with an unknown role', 'POST', () => '/api/auth/register', { ...valid, role: 'owner' }, 'role'],
  ['register with a huge first name', 'POST', () => '/api/auth/register', { ...valid, firstName: huge }, 'firstName'],
  ['register with a boolean last name', 'POST', () => '/api/auth/register', { ...valid, lastName: true }, 'lastName'],
  ['register smuggling a token version', 'POST', () => '/api/auth/register', { ...valid, tokenVersion: 0 }, 'tokenVersion'],
  ['update with an address the staff form refuses too (a@b.c)', 'PUT', () => `/api/auth/users/${userId}`, { email: 'a@b.c' }, 'email'],
  ['update with a short password', 'PUT', () => `/api/auth/users/${userId}`, { password: '123' }, 'password'],
  ['update with a string for active', 'PUT', () => `/api/auth/users/${userId}`, { active: 'yes' }, 'active'],
  ['update smuggling a token version', 'PUT', () => `/api/auth/users/${userId}`, { tokenVersion: 0 }, 'tokenVersion'],
  ['update with an empty first name', 'PUT', () => `/api/auth/users/${userId}`, { firstName: '' }, 'firstName'],
  ['reset without a password', 'PUT', () => `/api/auth/users/${userId}/reset-password`, {}, 'newPassword'],
  ['reset with 5 characters', 'PUT', () => `/api/auth/users/${userId}/reset-password`, { newPassword: '12345' }, 'newPassword'],
  ['reset with a huge password', 'PUT', () => `/api/auth/users/${userId}/reset-password`, { newPassword: huge }, 'newPassword'],
  ['permissions as a string', 'PUT', () => `/api/auth/users/${userId}/permissions`, { permissions: 'all' }, 'permissions'],
  ['apply an admin role', 'POST', () => '/api/auth/permissions/apply-role', { role: 'admin', userIds: [userId] }, 'role'],
  [
    'apply a role to a non-id',
    'POST',
    () => '/api/auth/permissions/apply-role',
    { role: 'manager', userIds: ['1; DROP TABLE users'] },
    'userIds',
  ],
  ['preferences with an unknown language', 'PUT', () => '/api/auth/me/preferences', { languagePreference: 'fr' }, 'languagePreference'],
];

it.each(cases)('%s → 400 with the error body, nothing stored', async (_label, method, path, body, field) => {
  const before = await snapshot();
  const res = await t.request(method, path(), { token: t.adminToken, body });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ success: false, code: expect.stringMatching(/^(VALIDATION_FAILED|BAD_REQUEST)$/) });
  expect(typeof res.body.message).toBe('string');
  expect(res.body.error).toBe(res.body.message);
  if (field) expect(Object.keys(res.body.errors ?? {})).toContain(field);
  expect(res.text).not.toMatch(/at \w+ \(|node_modules|stack/i);
  expect(await snapshot()).toBe(before);
});

it('a served read-only field sent back (lastLogin, createdAt, _id) is ignored: nothing of it is stored', async () => {
  const read = async () => (await db.query(`SELECT id, last_login, created_at FROM identity.users WHERE id = $1`, [userId])).rows[0];
  const before = await read();
  const res = await t.put(
    `/api/auth/users/${userId}`,
    {
      lastLogin: '2020-01-01',
      createdAt: '2020-01-01T00:00:00.000Z',
      _id: '00000000-0000-4000-8000-000000000000',
      name: 'Someone Else',
    },
    { token: t.adminToken },
  );
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ _id: userId, name: 'T U' });
  expect(await read()).toEqual(before);
});

it('refuses malformed JSON and an oversized body without a 500', async () => {
  const bad = await t.request('POST', '/api/auth/login', {
    body: '{"username": "admin",',
    headers: { 'content-type': 'application/json' },
  });
  expect(bad.status).toBe(400);
  expect(bad.body.code).toBe('BAD_REQUEST');
  const big = await t.post('/api/auth/register', { ...valid, notes: 'y'.repeat(2_000_000) }, { token: t.adminToken });
  expect(big.status).toBe(413);
  expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
});

it('a malformed id in the path is a 404, not a crash', async () => {
  const res = await t.get(`/api/auth/users/not-a-uuid`, { token: t.adminToken });
  expect(res.status).toBe(404);
  expect(res.body.message).toBe('User not found');
  const ku = await t.get(`/api/auth/users/00000000-0000-4000-8000-000000000999`, {
    token: t.adminToken,
    headers: { 'accept-language': 'ku' },
  });
  expect(ku.body.message).toMatch(/^بەکارهێنەر/);
});

it('gives field messages in Kurdish when asked', async () => {
  const res = await t.post(
    '/api/auth/register',
    { ...valid, email: 'nope' },
    { token: t.adminToken, headers: { 'accept-language': 'ku' } },
  );
  expect(res.status).toBe(400);
  expect(res.body.errors.email.message).toMatch(/[\u0600-\u06FF]/);
  expect(res.body.errorKeys.email).toBe('validation.invalidEmail');
});
