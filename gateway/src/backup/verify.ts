// A backup is good only once it has been restored: into a scratch database of the same PostgreSQL, migrated by this
// build as far as the backup's version went, with every table's row count compared with the manifest (the counts at
// the snapshot's moment). Only then is the mark written beside it; the scratch database is dropped either way.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { writeGoodMark, type GoodMark } from './manifest.js';
import { readHead, readSeal, restoreInto, stripForCounting, type Restored } from './restore.js';

/**
 * Makes an empty database named `name`, migrated by this build through the backup's `migrations` (every schema's
 * list), on the server `adminUrl` points at; a kept template may be named by them.
 */
export type PrepareDatabase = (adminUrl: string, name: string, migrations: Record<string, string[]>) => Promise<void>;

const gatewayDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function databaseUrlFor(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(adminUrl: string, use: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: databaseUrlFor(adminUrl, 'postgres'), application_name: 'dukan-backup' });
  await c.connect();
  try {
    return await use(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}

/**
 * The built `migrate` command, run on a database: every migration of this build, or with `through` (a backup's list
 * for each schema) only those, as the backup's version had them. Fails with the command's own reason.
 */
export async function migrateDatabase(url: string, through?: Record<string, string[]>): Promise<void> {
  const dir = through ? await mkdtemp(join(tmpdir(), 'dukan-migrate-')) : null;
  try {
    const args = [join(gatewayDir, 'dist', 'migrate.js')];
    if (dir) {
      await writeFile(join(dir, 'through.json'), JSON.stringify(through));
      args.push('--through', join(dir, 'through.json'));
    }
    await promisify(execFile)(process.execPath, args, {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn', DUKAN_MODE: 'all-in-one' },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((e: Error & { stderr?: string }) => {
      const reason = e.stderr?.trim().split('\n').at(-1);
      throw reason ? new Error(reason, { cause: e }) : e;
    });
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

const TEMPLATE_PREFIX = 'dukan_schema_';

/**
 * A new database, migrated by this build as far as the backup's version went. Migrating takes longer than the restore
 * of a small shop, so the first verification after an update keeps its migrated database as a template, named after
 * the migrations it holds, and later ones copy it (CREATE DATABASE … TEMPLATE): templates of other migrations are
 * dropped then.
 */
export const migratedDatabase: PrepareDatabase = async (adminUrl, name, migrations) => {
  const template = TEMPLATE_PREFIX + createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 16);
  await admin(adminUrl, async (c) => {
    await c.query(`SELECT pg_advisory_lock(hashtext('dukan-backup-template'))`);
    const exists = (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount;
    if (!exists) {
      const building = `${template}_building`;
      await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(building)} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${c.escapeIdentifier(building)}`);
      // As far as the backup's version went: a backup from an older version is checked in the schema it was taken from.
      await migrateDatabase(databaseUrlFor(adminUrl, building), migrations);
      const made = await readMigrations(databaseUrlFor(adminUrl, building), Object.keys(migrations));
      if (JSON.stringify(made) !== JSON.stringify(migrations)) {
        // This build's schema is not the backup's: the restore will say so; no template is kept for it.
        await c.query(`ALTER DATABASE ${c.escapeIdentifier(building)} RENAME TO ${c.escapeIdentifier(name)}`);
        return;
      }
      const old = await c.query<{ d: string }>(`SELECT datname AS d FROM pg_database WHERE starts_with(datname, $1) AND datname <> $2`, [
        TEMPLATE_PREFIX,
        building,
      ]);
      for (const { d } of old.rows) await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(d)} WITH (FORCE)`);
      await c.query(`ALTER DATABASE ${c.escapeIdentifier(building)} RENAME TO ${c.escapeIdentifier(template)}`);
    }
    await c.query(`CREATE DATABASE ${c.escapeIdentifier(name)} TEMPLATE ${c.escapeIdentifier(template)}`);
  });
};

/** Each schema's applied migrations, in order (none for a schema not made). */
export async function readMigrations(url: string, schemas: readonly string[]): Promise<Record<string, string[]>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const out: Record<string, string[]> = {};
    for (const s of schemas) {
      const r = await c
        .query<{ name: string }>(`SELECT name FROM ${c.escapeIdentifier(s)}.migrations ORDER BY id`)
        .catch(() => ({ rows: [] }));
      out[s] = r.rows.map((x) => x.name);
    }
    return out;
  } finally {
    await c.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`));
}

export interface VerifyOptions {
  file: string;
  /** Any database of the server to verify on, as a user who may create databases. */
  adminUrl: string;
  passphrase?: string;
  prepare?: PrepareDatabase;
}

/** Restores the backup into a scratch database; on success marks it good and returns the mark. Throws otherwise. */
export async function verifyBackup({
  file,
  adminUrl,
  passphrase,
  prepare = migratedDatabase,
}: VerifyOptions): Promise<GoodMark & { restored: Restored }> {
  const scratch = `dukan_verify_${randomBytes(6).toString('hex')}`;
  try {
    const head = await readHead(file, passphrase);
    await prepare(adminUrl, scratch, head.migrations);
    await stripForCounting(databaseUrlFor(adminUrl, scratch), Object.keys(head.migrations));
    const restored = await restoreInto(file, databaseUrlFor(adminUrl, scratch), passphrase, { verifying: true });
    const { seal } = await readSeal(file);
    const mark: GoodMark = {
      file,
      takenAt: restored.head.takenAt,
      verifiedAt: new Date().toISOString(),
      shop: restored.head.shop,
      branch: restored.head.branch,
      encrypted: seal.encrypted,
      bytes: (await stat(file)).size,
      rows: restored.trailer.rows,
    };
    await writeGoodMark(mark);
    return { ...mark, restored };
  } finally {
    await dropDatabase(adminUrl, scratch).catch(() => undefined);
  }
}
