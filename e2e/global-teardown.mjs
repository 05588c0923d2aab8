export default async function globalTeardown() {
  await Promise.all((globalThis.__DUKAN_E2E_BROWSERS__ ?? []).map((browser) => browser.close()));
  await Promise.all((globalThis.__DUKAN_E2E__ ?? []).map((app) => app.dispose()));
}
