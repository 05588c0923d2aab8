import pg from 'pg';

export default async function globalTeardown() {
  const state = globalThis.__DUKAN_E2E__;
  if (!state) return;
  await new Promise((resolve) => {
    if (state.child.exitCode !== null) return resolve();
    state.child.once('exit', resolve);
    state.child.kill('SIGTERM');
  });
  const admin = new pg.Client({ connectionString: state.adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${state.name}" WITH (FORCE)`);
  await admin.end();
}
