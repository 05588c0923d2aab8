import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAllInOneApp } from '@dukan/gateway';
import { startApp, type StartedApp } from '@dukan/testing';

// The installed app's manifest: the built one, named after the shop as settings keeps its name.

const built = {
  name: 'Dukan',
  short_name: 'Dukan',
  start_url: '/',
  display: 'standalone',
  icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }],
};

let t: StartedApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dukan-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Dukan</title>');
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify(built));
  t = await startApp(createAllInOneApp, { FRONTEND_DIST: dist });
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

it('names the installed app after the shop, keeping the built icons, and is asked for again on every load', async () => {
  const saved = await t.put('/api/settings/general', { storeName: 'دوکانی ئارام' }, { token: t.adminToken });
  expect(saved.status).toBe(200);
  const res = await fetch(`${t.url}/manifest.webmanifest`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  expect(res.headers.get('cache-control')).toBe('no-cache');
  expect(await res.json()).toEqual({ ...built, name: 'دوکانی ئارام', short_name: 'دوکانی ئارام' });
});
