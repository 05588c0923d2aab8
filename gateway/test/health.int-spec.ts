import { createAllInOneApp } from '@dukan/gateway';
import { HealthRegistry } from '@dukan/platform';
import { startApp, type StartedApp } from '@dukan/testing';

// /api/health as an operator (and a load balancer) reads it: 200 while every check answers, 503 with the
// shop's own error body and the list of checks when one does not.

let t: StartedApp;
beforeAll(async () => {
  t = await startApp(createAllInOneApp);
}, 120_000);
afterAll(() => t.close());

it('answers 200 and each check while everything is up', async () => {
  const res = await t.get('/api/health');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, status: 'up' });
  expect(Object.values(res.body.checks).every((s) => s === 'up')).toBe(true);
});

it("answers 503 SERVICE_UNAVAILABLE in the caller's language when a check is down, and names the check", async () => {
  t.app.get(HealthRegistry).register('printer', () => Promise.reject(new Error('paper jam')));
  const res = await t.get('/api/health');
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('2');
  expect(res.body).toMatchObject({
    success: false,
    code: 'SERVICE_UNAVAILABLE',
    message: 'This service is temporarily unavailable. Please try again shortly.',
    error: 'This service is temporarily unavailable. Please try again shortly.',
    status: 'down',
    checks: { printer: 'down' },
  });
  expect(
    Object.entries(res.body.checks)
      .filter(([, s]) => s !== 'up')
      .map(([name]) => name),
  ).toEqual(['printer']);

  const ku = await t.get('/api/health', { headers: { 'Accept-Language': 'ku' } });
  expect(ku.status).toBe(503);
  expect(ku.body.message).toBe('ئەم خزمەتگوزارییە بۆ ماوەیەکی کاتی بەردەست نییە. تکایە کەمێکی تر هەوڵ بدەرەوە.');
  expect(ku.body.checks.printer).toBe('down');
});
