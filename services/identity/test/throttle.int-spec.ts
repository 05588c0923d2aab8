import { startServiceApp, type ServiceTestApp } from '@dukan/testing';
import { IdentityModule, loadIdentityConfig } from '@dukan/identity';

// Login throttling against identity as the gateway calls it: the client's address is the X-Forwarded-For
// the gateway sets (this test client speaks as the gateway, with the internal token).

let t: ServiceTestApp;
let admin = '';
let seq = 0;

const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
const login = (username: string, password: string, address: string) => t.post('/api/auth/login', { username, password }, from(address));

async function cashier(): Promise<string> {
  seq += 1;
  const username = `till${seq}`;
  const res = await t.post(
    '/api/auth/register',
    { username, firstName: 'T', lastName: 'N', email: `${username}@shop.iq`, password: 'secret1' },
    { token: admin },
  );
  expect(res.status).toBe(201);
  return username;
}

beforeAll(async () => {
  t = await startServiceApp({
    service: 'identity',
    module: (env) => IdentityModule.register(loadIdentityConfig({ ...env, DUKAN_ADMIN_PASSWORD: 'first-admin' })),
  });
  admin = (await login('admin', 'first-admin', '10.0.0.1')).body.token;
}, 60_000);
afterAll(() => t.close());

it('50 wrong passwords sent at once: 5 are evaluated, the other 45 refused with 429', async () => {
  const answers = await Promise.all(Array.from({ length: 50 }, () => login('admin', 'not-the-password', '203.0.113.9')));
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 401)).toHaveLength(5);
  expect(statuses.filter((s) => s === 429)).toHaveLength(45);
  // Locked from that address, even with the right password...
  const locked = await login('admin', 'first-admin', '203.0.113.9');
  expect(locked.status).toBe(429);
  expect(locked.body.retryAfterSeconds).toBeGreaterThan(800);
  // ...but the stranger has not locked the shop's admin out from anywhere else.
  expect((await login('admin', 'first-admin', '10.0.0.2')).status).toBe(200);
}, 60_000);

it('one address trying account after account is stopped after 20 attempts, for every account', async () => {
  const names = [] as string[];
  for (let i = 0; i < 5; i++) names.push(await cashier());
  const tries = names.flatMap((n) => Array.from({ length: 4 }, () => n));
  for (const name of tries) expect((await login(name, 'wrong-pw', '198.51.100.4')).status).toBe(401);
  const next = await login(names[0]!, 'secret1', '198.51.100.4');
  expect(next.status).toBe(429);
  expect((await login(names[0]!, 'secret1', '198.51.100.5')).status).toBe(200);
}, 60_000);

it('retrying a locked account does not lock the other accounts of the same till', async () => {
  const stuck = await cashier();
  const colleague = await cashier();
  for (let i = 0; i < 5; i++) await login(stuck, 'forgot-it', '192.0.2.10');
  for (let i = 0; i < 30; i++) expect((await login(stuck, 'forgot-it', '192.0.2.10')).status).toBe(429);
  expect((await login(colleague, 'secret1', '192.0.2.10')).status).toBe(200);
}, 60_000);

it('successful sign-ins give their attempt back: a busy till signing in all day is never locked', async () => {
  const name = await cashier();
  for (let i = 0; i < 25; i++) expect((await login(name, 'secret1', '192.0.2.20')).status).toBe(200);
  expect((await login(name, 'wrong-pw', '192.0.2.20')).status).toBe(401);
}, 60_000);

describe("the shop's own devices (issue 25)", () => {
  const withDevice = (username: string, password: string, address: string, deviceToken: string) =>
    t.post('/api/auth/login', { username, password, deviceToken }, from(address));

  it("a flood of wrong passwords from the shop's address does not stop admin signing in from the shop's device", async () => {
    const shop = '127.0.0.1'; // the desktop shape: every user signs in from here
    const signedIn = await login('admin', 'first-admin', shop);
    expect(signedIn.status).toBe(200);
    const device = signedIn.body.deviceToken as string;
    expect(typeof device).toBe('string');
    // Another process on the machine guesses admin's password and tries account after account.
    const names = ['admin', ...Array.from({ length: 30 }, (_, i) => `guess${i}`)];
    const flood = await Promise.all(names.flatMap((n) => Array.from({ length: 4 }, () => login(n, 'wrong-guess', shop))));
    expect(flood.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    // The guessing is stopped: admin without the device's token is refused from that address...
    expect((await login('admin', 'first-admin', shop)).status).toBe(429);
    // ...but admin at the shop's device signs in, again and again, and keeps the same device token.
    for (let i = 0; i < 3; i++) {
      const res = await withDevice('admin', 'first-admin', shop, device);
      expect(res.status).toBe(200);
      expect(res.body.token).toEqual(expect.any(String));
    }
  }, 60_000);

  it('a device token stands for one account on one device: not for another account, and guesses on it are throttled too', async () => {
    const shop = '127.0.0.2';
    const name = await cashier();
    const device = (await login(name, 'secret1', '10.9.9.9')).body.deviceToken as string;
    for (let i = 0; i < 25; i++) await login(`nobody${i}`, 'x', shop); // the address is locked
    expect((await withDevice('admin', 'first-admin', shop, device)).status).toBe(429); // another account's device
    expect((await withDevice(name, 'secret1', shop, 'not-a-token')).status).toBe(429);
    // Guessing with the device's token is limited on that device: 5 wrong, then refused even with the password.
    for (let i = 0; i < 5; i++) expect((await withDevice(name, 'wrong-pw', shop, device)).status).toBe(401);
    expect((await withDevice(name, 'secret1', shop, device)).status).toBe(429);
  }, 60_000);
});
