// A backup is good only once it has been restored: into a scratch database of the same PostgreSQL, migrated by this
// build, with every table's row count compared with the manifest (the counts at the snapshot's moment). Only then is
// the mark written beside it; the scratch database is dropped either way.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { writeGoodMark, type GoodMark } from './manifest.js';
import { readSeal, restoreInto, type Restored } from './restore.js';

/** Makes an empty database named `name`, migrated by this build, on the server `adminUrl` points at. */
export type PrepareDatabase = (adminUrl: string, name: string) => Promise<void>;

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

/** The built `migrate` command, run on a database. */
export async function migrateDatabase(url: string): Promise<void> {
  await promisify(execFile)(process.execPath, [join(gatewayDir, 'dist', 'migrate.js')], {
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn', DUKAN_MODE: 'all-in-one' },
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** A new database, migrated by the built `migrate` command. */
export const migratedDatabase: PrepareDatabase = async (adminUrl, name) => {
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}`));
  await migrateDatabase(databaseUrlFor(adminUrl, name));
};

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
    await prepare(adminUrl, scratch);
    const restored = await restoreInto(file, databaseUrlFor(adminUrl, scratch), passphrase);
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
