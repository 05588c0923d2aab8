// Run before each browser test file: the file drives its jest worker's own app (see global-setup.mjs).
const apps = JSON.parse(process.env.DUKAN_E2E_APPS ?? '[]');
const app = apps[(Number(process.env.JEST_WORKER_ID ?? '1') - 1) % Math.max(1, apps.length)];
if (app)
  Object.assign(process.env, {
    DUKAN_URL: app.url,
    DUKAN_ADMIN_PASSWORD: app.password,
    DUKAN_DATA_DIR: app.dataDir,
    DUKAN_BROWSER_WS: app.browser,
  });
