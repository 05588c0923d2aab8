// The test run's template database: every service's migrations applied once (by the built `migrate` command), so
// that each test file's database is a copy of it (`CREATE DATABASE … TEMPLATE`) instead of migrating again. It is
// named after a hash of the migrations, so a change to any of them makes a new one; older ones are dropped a day on.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import pg from 'pg';

const PREFIX = 'dukan_template_';
const KEEP_OTHERS_MS = 24 * 3600_000;

/** Every file that decides the migrated schema: migrations, and the modules and data source that list them. */
function schemaFiles(root) {
  const out = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'dist' && e.name !== 'test') walk(p);
      } else if (/[\\/]migrations[\\/]|\.migration\.ts$|\.module\.ts$|[\\/]data-source\.ts$/.test(p)) {
        out.push(p);
      }
    }
  };
  walk(join(root, 'libs', 'platform', 'src'));
  walk(join(root, 'services'));
  // search_norm() in every schema is built from the shared folding.
  out.push(join(root, 'libs', 'platform', 'src', 'database', 'search-norm.ts'), join(root, 'libs', 'contracts', 'src', 'search-text.ts'));
  return out.sort();
}

function schemaHash(root) {
  const h = createHash('sha256');
  for (const f of schemaFiles(root)) h.update(relative(root, f)).update('\0').update(readFileSync(f)).update('\0');
  return h.digest('hex').slice(0, 16);
}

/** The template's name, made first when it does not exist yet. `adminUrl` may create databases. */
export async function migratedTemplate(root, adminUrl) {
  const name = `${PREFIX}${schemaHash(root)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Two runs at once (two checkouts) build one at a time.
    await admin.query(`SELECT pg_advisory_lock(hashtext('dukan-test-template'))`);
    const exists = async (db) => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [db])).rowCount > 0;
    if (!(await exists(name))) {
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${building}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      execFileSync(process.execPath, [join(root, 'gateway', 'dist', 'migrate.js')], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      await admin.query(`COMMENT ON DATABASE "${name}" IS '${new Date().toISOString()}'`);
    }
    const { rows } = await admin.query(
      `SELECT d.datname, shobj_description(d.oid, 'pg_database') AS made FROM pg_database d WHERE d.datname LIKE $1 AND d.datname <> $2`,
      [`${PREFIX}%`, name],
    );
    for (const old of rows) {
      if (Date.now() - (Date.parse(old.made ?? '') || 0) > KEEP_OTHERS_MS)
        await admin.query(`DROP DATABASE IF EXISTS "${old.datname}" WITH (FORCE)`);
    }
    return name;
  } finally {
    await admin.query(`SELECT pg_advisory_unlock(hashtext('dukan-test-template'))`).catch(() => undefined);
    await admin.end();
  }
}
