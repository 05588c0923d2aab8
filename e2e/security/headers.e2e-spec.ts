/// <reference lib="dom" />
import { describe, expect, it, jest } from '@jest/globals';
import { BASE_URL, browserSession } from '../support.js';
import { registerUser } from '../staff/support-staff.js';

jest.setTimeout(180_000);

// The built frontend under the server's content security policy: every screen loads, in English and
// Kurdish, without one violation; the API documentation page too.

const SCREENS = [
  '/',
  '/pos',
  '/inventory/products',
  '/inventory/products/add',
  '/inventory/categories/add',
  '/customers',
  '/staff',
  '/transactions',
  '/settings',
  '/settings/general',
  '/settings/loyalty',
  '/settings/users',
  '/no-such-page',
];

describe('content security policy (browser)', () => {
  const session = browserSession();

  it('sends the headers browsers expect with the app and with the API', async () => {
    for (const path of ['/', '/api/health']) {
      const res = await fetch(`${BASE_URL}${path}`, { headers: { accept: path === '/' ? 'text/html' : 'application/json' } });
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      const scripts = /script-src ([^;]*)/.exec(csp)?.[1];
      expect(scripts).toBe("'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it.each(['en', 'ku'] as const)('loads every screen (%s) and the API documentation without a policy violation', async (language) => {
    const user = await registerUser(session.adminToken, { role: 'admin', language });
    const context = await session.browser.newContext();
    // Recorded in the page before any of its own scripts run.
    await context.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __csp: string[] }).__csp = []);
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const page = await context.newPage();
    // Every request of a screen answered, for half a second: the till's push stream stays open by design (it would
    // keep 'networkidle' from ever coming), so it is not counted.
    const inFlight = new Set<unknown>();
    page.on('request', (r) => void (new URL(r.url()).pathname === '/api/stream' || inFlight.add(r)));
    page.on('requestfinished', (r) => void inFlight.delete(r));
    page.on('requestfailed', (r) => void inFlight.delete(r));
    const settled = async (where: string) => {
      const deadline = Date.now() + 30_000;
      for (let quietSince = Date.now(); Date.now() - quietSince < 500;) {
        if (Date.now() > deadline) throw new Error(`${where}: ${inFlight.size} requests still unanswered after 30 s`);
        await page.waitForTimeout(100);
        if (inFlight.size > 0) quietSince = Date.now();
      }
    };
    const reported: string[] = [];
    page.on('console', (m) => {
      if (/Content.Security.Policy|Refused to/i.test(m.text())) reported.push(m.text());
    });
    const found: string[] = [];
    const collect = async (where: string) => {
      found.push(...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).map((v) => `${where}: ${v}`));
    };

    await page.goto(`${BASE_URL}/login`);
    await page.fill('input[name=username]', user.username);
    await page.fill('input[name=password]', user.password);
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=user-badge]');
    expect(await page.getAttribute('html', 'lang')).toBe(language === 'ku' ? 'ckb' : 'en');
    await collect('/login');
    for (const screen of SCREENS) {
      await page.goto(`${BASE_URL}${screen}`);
      await page.waitForSelector('main');
      await settled(screen);
      await collect(screen);
    }
    await page.goto(`${BASE_URL}/api/docs`);
    await page.waitForSelector('.swagger-ui .info');
    await collect('/api/docs');

    expect(found).toEqual([]);
    expect(reported).toEqual([]);
    await context.close();
  });
});
