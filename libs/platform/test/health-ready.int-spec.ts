import { Module } from '@nestjs/common';
import { HealthRegistry, ServicePlatformModule } from '@dukan/platform';
import { startServiceApp, type ServiceTestApp } from '@dukan/testing';

// A service's readiness as a cluster's probe and an operator read it: 200 with its checks while they answer;
// 503 with the shop's error body (in the caller's language, with Retry-After) and the checks when one does not.

@Module({ imports: [ServicePlatformModule.forService({ service: 'settings', entities: [], migrations: [] })] })
class BareService {}

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startServiceApp({ service: 'settings', module: () => ({ module: BareService }) });
}, 60_000);
afterAll(() => t?.close());

it('answers 200 with its checks while they answer', async () => {
  const res = await t.outsider.get('/health/ready');
  expect(res.status).toBe(200);
  expect(res.body.status).toBe('up');
  expect(res.body.checks['db:settings']).toBe('up');
});

it('answers 503 SERVICE_UNAVAILABLE when a check is down, names it, and says so in Kurdish too', async () => {
  t.app.get(HealthRegistry).register('printer', () => Promise.reject(new Error('paper jam')));
  const res = await t.outsider.get('/health/ready');
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('2');
  expect(res.body).toMatchObject({
    success: false,
    code: 'SERVICE_UNAVAILABLE',
    message: 'This service is temporarily unavailable. Please try again shortly.',
    status: 'down',
    checks: { 'db:settings': 'up', printer: 'down' },
  });

  const ku = await t.outsider.get('/health/ready', { headers: { 'Accept-Language': 'ku' } });
  expect(ku.status).toBe(503);
  expect(ku.body.message).toBe('ئەم خزمەتگوزارییە بۆ ماوەیەکی کاتی بەردەست نییە. تکایە کەمێکی تر هەوڵ بدەرەوە.');
  expect(ku.body.checks).toMatchObject({ printer: 'down' });
});
