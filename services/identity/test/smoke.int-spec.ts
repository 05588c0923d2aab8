import { startServiceApp, type ServiceTestApp } from '@dukan/testing';
import { IdentityModule, loadIdentityConfig } from '@dukan/identity';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startServiceApp({
    service: 'identity',
    module: (env) => IdentityModule.register(loadIdentityConfig({ ...env, DUKAN_ADMIN_PASSWORD: 'first-admin-pw' })),
  });
});
afterAll(() => t.close());

it('creates the first admin from DUKAN_ADMIN_PASSWORD and signs them in', async () => {
  const res = await t.post('/api/auth/login', { username: 'admin', password: 'first-admin-pw' });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, data: { username: 'admin', role: 'admin' } });
  expect(typeof res.body.token).toBe('string');
});
