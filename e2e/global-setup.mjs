// Browser tests run against the real, built all-in-one app (frontend included). Each jest worker gets an app of its
// own (database, data folder and port), so that browser files running side by side never share users, sessions
// or data; e2e/worker-app.mjs points each test file at its worker's app.
import { chromium } from 'playwright-core';
import { appProcess } from './app-process.mjs';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';

function browserServer() {
  return chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

export default async function globalSetup(globalConfig) {
  if (process.env.DUKAN_URL) return; // a running app was given
  const workers = Math.max(1, globalConfig.maxWorkers);
  const apps = await Promise.all(Array.from({ length: workers }, () => appProcess()));
  globalThis.__DUKAN_E2E__ = apps;
  // And one Chromium per worker: its files connect to it and each opens contexts of its own, instead of starting
  // a browser of their own (a Chromium start is a second or two of CPU, twenty-odd times a run).
  const browsers = await Promise.all(Array.from({ length: workers }, () => browserServer()));
  globalThis.__DUKAN_E2E_BROWSERS__ = browsers;
  await Promise.all(apps.map((app) => app.start()));
  process.env.DUKAN_E2E_APPS = JSON.stringify(
    apps.map((a, i) => ({ url: a.url, password: a.password, dataDir: a.dataDir, browser: browsers[i].wsEndpoint() })),
  );
}
