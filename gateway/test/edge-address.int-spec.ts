import { createAllInOneApp } from '@dukan/gateway';
import { startApp, type StartedApp } from '@dukan/testing';

// Who the client is, at the edge: the socket's peer, unless TRUST_PROXY names the proxy in front.

async function lockOut(t: StartedApp, username: string, claimed: string) {
  for (let i = 0; i < 5; i++) {
    const res = await t.post('/api/auth/login', { username, password: 'wrong-pw' }, { headers: { 'x-forwarded-for': claimed } });
    expect(res.status).toBe(401);
  }
}

async function cashier(t: StartedApp, username: string) {
  const res = await t.post(
    '/api/auth/register',
    { username, firstName: 'E', lastName: 'A', email: `${username}@shop.iq`, password: 'secret1' },
    { token: t.adminToken },
  );
  expect(res.status).toBe(201);
}

describe('without TRUST_PROXY', () => {
  let t: StartedApp;
  beforeAll(async () => {
    t = await startApp(createAllInOneApp);
  }, 60_000);
  afterAll(() => t.close());

  it("believes no client's X-Forwarded-For: claiming another address does not get round a lock", async () => {
    await cashier(t, 'edge1');
    await lockOut(t, 'edge1', '203.0.113.1');
    const res = await t.post(
      '/api/auth/login',
      { username: 'edge1', password: 'secret1' },
      { headers: { 'x-forwarded-for': '203.0.113.2' } },
    );
    expect(res.status).toBe(429);
  });
});

describe('with TRUST_PROXY naming the proxy in front', () => {
  let t: StartedApp;
  beforeAll(async () => {
    t = await startApp(createAllInOneApp, { TRUST_PROXY: 'loopback' });
  }, 60_000);
  afterAll(() => t.close());

  it("takes the client's address from that proxy's X-Forwarded-For", async () => {
    await cashier(t, 'edge2');
    await lockOut(t, 'edge2', '203.0.113.1');
    expect(
      (await t.post('/api/auth/login', { username: 'edge2', password: 'secret1' }, { headers: { 'x-forwarded-for': '203.0.113.1' } }))
        .status,
    ).toBe(429);
    expect(
      (await t.post('/api/auth/login', { username: 'edge2', password: 'secret1' }, { headers: { 'x-forwarded-for': '203.0.113.2' } }))
        .status,
    ).toBe(200);
  });
});
