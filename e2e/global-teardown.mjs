export default async function globalTeardown() {
  await globalThis.__DUKAN_E2E__?.dispose();
}
