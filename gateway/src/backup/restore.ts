// Restoring a backup into a database whose schemas this build has migrated as far as the backup's version went (and
// that holds nothing the shop needs: every backed-up table is emptied first). It all happens in one transaction: a
// damaged file, a wrong passphrase or a schema other than the backup's changes nothing. Triggers and foreign-key
// checks are off while the rows go in (`session_replication_role = replica`: the rows were consistent when copied),
// keys and indexes are dropped and made again after the rows (each one sort; foreign keys checked once then),
// sequences are set to the backup's values, and every table's row count is compared with the manifest before the
// commit.
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline, type Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { startInvoiceSeries, type NewSeries } from '@dukan/sales';
import { BackupFormatError, decompressor, frameReader, opener, parseHeader, type Frame, type SealHeader } from './format.js';
import type { BackupHead, BackupTrailer } from './manifest.js';

export class BackupMismatchError extends Error {}

export interface Restored {
  head: BackupHead;
  trailer: BackupTrailer;
  /** "schema.table" → rows now in the database. */
  counted: Record<string, number>;
  /** Each register's new invoice series (none when only verifying). */
  series: NewSeries[];
}

export interface RestoreOptions {
  /**
   * A restore the shop will sell from again moves every register to a new invoice series (no number given since the
   * backup's moment can be given again); verification, which only counts, leaves the numbers as they were.
   */
  verifying?: boolean;
  /**
   * Whether the new series are started in the restore's transaction (by default when not verifying). A backup from an
   * older version is brought up to date first, and its series started after that (`startNewSeries`).
   */
  newSeries?: boolean;
}

/** Moves every register of a restored database to a new invoice series (see RestoreOptions), in one transaction. */
export async function startNewSeries(databaseUrl: string, head: BackupHead): Promise<NewSeries[]> {
  if (!('sales' in head.migrations)) return [];
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'dukan-restore' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('BEGIN');
    const series = await startInvoiceSeries(client, 'sales', new Date(head.takenAt));
    await client.query('COMMIT');
    return series;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function readSeal(file: string): Promise<{ seal: SealHeader; length: number }> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(4200);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return parseHeader(buf.subarray(0, bytesRead));
  } finally {
    await fh.close();
  }
}

/** The backup's frames, opened (decrypted, authenticated) and decompressed as they are read. */
export async function backupFrames(file: string, passphrase?: string): Promise<AsyncIterable<Frame>> {
  const { seal, length } = await readSeal(file);
  const unseal = await opener(seal, passphrase);
  const reader = frameReader();
  pipeline(createReadStream(file, { start: length }), unseal, decompressor(seal), reader, () => undefined);
  // A zlib or zstd failure says "incorrect header check" or the like: the owner is told the file is damaged.
  return (async function* () {
    try {
      yield* reader as AsyncIterable<Frame>;
    } catch (e) {
      if (e instanceof BackupFormatError) throw e;
      throw new BackupFormatError(`the backup file is damaged (${(e as Error).message})`, { cause: e });
    }
  })();
}

const json = <T>(f: Frame) => JSON.parse(f.payload.toString()) as T;

/** The backup's manifest head (opening it needs the passphrase of an encrypted one). */
export async function readHead(file: string, passphrase?: string): Promise<BackupHead> {
  for await (const f of await backupFrames(file, passphrase)) {
    if (f.type === 'H') return json<BackupHead>(f);
    break;
  }
  throw new BackupFormatError('the backup file is damaged: it does not start with its manifest');
}

/** Reads the whole file (opened, decompressed, every frame) without restoring it: a damaged one throws. */
export async function readWhole(file: string, passphrase?: string): Promise<{ head: BackupHead; trailer: BackupTrailer }> {
  let head: BackupHead | null = null;
  let trailer: BackupTrailer | null = null;
  for await (const f of await backupFrames(file, passphrase)) {
    if (f.type === 'H') head = json<BackupHead>(f);
    else if (f.type === 'Z') trailer = json<BackupTrailer>(f);
  }
  if (!head || !trailer) throw new BackupFormatError('the backup file is cut short: it has no end');
  return { head, trailer };
}

async function schemaMigrations(client: pg.Client, schemas: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const s of schemas) {
    const r = await client
      .query<{ name: string }>(`SELECT name FROM ${client.escapeIdentifier(s)}.migrations ORDER BY id`)
      .catch(() => ({ rows: [] as { name: string }[] }));
    out[s] = r.rows.map((x) => x.name);
  }
  return out;
}

async function checkSchema(client: pg.Client, head: BackupHead): Promise<void> {
  const here = await schemaMigrations(client, Object.keys(head.migrations));
  for (const [schema, names] of Object.entries(head.migrations)) {
    const mine = here[schema] ?? [];
    if (mine.join('\n') !== names.join('\n')) {
      const missing = names.filter((n) => !mine.includes(n));
      throw new BackupMismatchError(
        missing.length
          ? `this backup comes from a newer Dukan (${schema} has changes this version does not know: ${missing.slice(0, 3).join(', ')}): restore it with ${head.version ?? 'a newer version'}`
          : `this backup comes from an older Dukan (${head.version ?? 'unknown version'}; ${schema} has changed since): restore it into a database migrated as far as the backup's version went (npm run backup -- restore does), then migrate it`,
      );
    }
  }
}

export async function countRows(client: pg.Client, head: BackupHead): Promise<Record<string, number>> {
  const counted: Record<string, number> = {};
  for (const t of head.tables) {
    const r = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${client.escapeIdentifier(t.schema)}.${client.escapeIdentifier(t.table)}`,
    );
    counted[`${t.schema}.${t.table}`] = Number(r.rows[0]?.n ?? 0);
  }
  return counted;
}

async function write(stream: Writable, chunk: Buffer): Promise<void> {
  // events.once rejects on 'error' and leaves no listener behind.
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/**
 * The schemas' indexes no constraint stands on: dropped before the rows go in and made again after (one sort each
 * instead of three million inserts into every index, as pg_restore does).
 */
async function secondaryIndexes(client: pg.Client, schemas: string[]): Promise<{ name: string; def: string }[]> {
  return (
    await client.query<{ name: string; def: string }>(
      `SELECT format('%I.%I', n.nspname, ic.relname) AS name, pg_get_indexdef(i.indexrelid) AS def
         FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_namespace n ON n.oid = ic.relnamespace
        WHERE n.nspname = ANY($1) AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
        ORDER BY 1`,
      [schemas],
    )
  ).rows;
}

/**
 * The schemas' keys (primary, unique, exclusion) and foreign keys: dropped before the rows go in and added again
 * after, so each key's index is built by one sort instead of millions of random inserts. Foreign keys come first
 * (they stand on the keys): dropped first, added last, and checked then.
 */
async function keyConstraints(client: pg.Client, schemas: string[]): Promise<{ table: string; name: string; def: string; kind: string }[]> {
  return (
    await client.query<{ table: string; name: string; def: string; kind: string }>(
      `SELECT conrelid::regclass::text AS table, quote_ident(conname) AS name, pg_get_constraintdef(oid) AS def, contype AS kind
         FROM pg_constraint
        WHERE connamespace = ANY(SELECT oid FROM pg_namespace WHERE nspname = ANY($1)) AND contype IN ('f', 'p', 'u', 'x')
          AND conrelid <> 0
        ORDER BY contype = 'f' DESC, 1, 2`,
      [schemas],
    )
  ).rows;
}

/**
 * For a database only restored to be counted (verification): every constraint and index dropped, so the rows go in
 * as fast as PostgreSQL takes them; each value is still parsed into its column's type.
 */
export async function stripForCounting(databaseUrl: string, schemas: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const constraints = await client.query<{ t: string; c: string }>(
      `SELECT conrelid::regclass::text AS t, quote_ident(conname) AS c FROM pg_constraint
        WHERE connamespace = ANY(SELECT oid FROM pg_namespace WHERE nspname = ANY($1)) AND contype IN ('f', 'p', 'u', 'x')
        ORDER BY contype = 'f' DESC`,
      [schemas],
    );
    for (const { t, c } of constraints.rows) await client.query(`ALTER TABLE ${t} DROP CONSTRAINT IF EXISTS ${c} CASCADE`);
    for (const { name } of await secondaryIndexes(client, schemas)) await client.query(`DROP INDEX IF EXISTS ${name}`);
    // Nothing in it outlives the count: its rows need no write-ahead log (half the disk writes of a restore).
    const tables = await client.query<{ t: string }>(
      `SELECT c.oid::regclass::text AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ANY($1) AND c.relkind = 'r' AND c.relpersistence = 'p'`,
      [schemas],
    );
    for (const { t } of tables.rows) await client.query(`ALTER TABLE ${t} SET UNLOGGED`);
  } finally {
    await client.end();
  }
}

/** Restores the file into `databaseUrl` (migrated by this build); throws, changing nothing, when anything is off. */
export async function restoreInto(
  file: string,
  databaseUrl: string,
  passphrase?: string,
  { verifying = false, newSeries = !verifying }: RestoreOptions = {},
): Promise<Restored> {
  const frames = await backupFrames(file, passphrase);
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'dukan-restore' });
  // A connection the server ends fails the query in progress; the event itself is not a crash.
  client.on('error', () => undefined);
  await client.connect();
  let head: BackupHead | null = null;
  let trailer: BackupTrailer | null = null;
  let copy: (Writable & { rowCount?: number }) | null = null;
  let current = '';
  let indexes: { name: string; def: string }[] = [];
  let keys: { table: string; name: string; def: string; kind: string }[] = [];
  try {
    for await (const f of frames) {
      if (f.type === 'H') {
        head = json<BackupHead>(f);
        if (head.format !== 1) throw new BackupFormatError(`this backup's format (${head.format}) is newer than this Dukan knows`);
        await checkSchema(client, head);
        await client.query('BEGIN');
        await client.query(`SET LOCAL session_replication_role = replica`);
        // The indexes are made again after the rows: each one sort, in memory when it fits.
        await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
        const names = head.tables.map((t) => `${client.escapeIdentifier(t.schema)}.${client.escapeIdentifier(t.table)}`);
        if (names.length) await client.query(`TRUNCATE ${names.join(', ')}`);
        keys = await keyConstraints(client, Object.keys(head.migrations));
        for (const k of keys) await client.query(`ALTER TABLE ${k.table} DROP CONSTRAINT ${k.name}`);
        indexes = await secondaryIndexes(client, Object.keys(head.migrations));
        for (const { name } of indexes) await client.query(`DROP INDEX ${name}`);
      } else if (!head) {
        throw new BackupFormatError('the backup file is damaged: it does not start with its manifest');
      } else if (f.type === 'T') {
        const { schema, table } = json<{ schema: string; table: string }>(f);
        const info = head.tables.find((t) => t.schema === schema && t.table === table);
        if (!info) throw new BackupFormatError(`the backup file is damaged: ${schema}.${table} is not in its manifest`);
        current = `${schema}.${table}`;
        const cols = info.columns.map((c) => client.escapeIdentifier(c)).join(', ');
        copy = client.query(copyFrom(`COPY ${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)} (${cols}) FROM STDIN`));
      } else if (f.type === 'D') {
        if (!copy) throw new BackupFormatError('the backup file is damaged');
        await write(copy, f.payload);
      } else if (f.type === 'E') {
        if (!copy) throw new BackupFormatError('the backup file is damaged');
        copy.end();
        await finished(copy);
        const { rows } = json<{ rows: number }>(f);
        if (copy.rowCount !== undefined && copy.rowCount !== rows)
          throw new BackupFormatError(`the backup file is damaged: ${current} restored ${copy.rowCount} rows of ${rows}`);
        copy = null;
      } else if (f.type === 'Z') {
        trailer = json<BackupTrailer>(f);
      }
    }
    if (!head || !trailer) throw new BackupFormatError('the backup file is cut short: it has no end');
    for (const s of trailer.sequences) {
      const seq = `${client.escapeIdentifier(s.schema)}.${client.escapeIdentifier(s.name)}`;
      if (s.value === null) await client.query(`ALTER SEQUENCE ${seq} RESTART`);
      else await client.query(`SELECT setval($1::regclass, $2::bigint, true)`, [seq, s.value]);
    }
    const add = (k: (typeof keys)[number]) => client.query(`ALTER TABLE ${k.table} ADD CONSTRAINT ${k.name} ${k.def}`);
    for (const k of keys.filter((k) => k.kind !== 'f')) await add(k);
    for (const { def } of indexes) await client.query(def);
    for (const k of keys.filter((k) => k.kind === 'f')) await add(k);
    const counted = await countRows(client, head);
    for (const [table, rows] of Object.entries(trailer.rows)) {
      if (counted[table] !== rows) throw new BackupFormatError(`the restore of ${table} has ${counted[table]} rows, the backup ${rows}`);
    }
    const series = newSeries && 'sales' in head.migrations ? await startInvoiceSeries(client, 'sales', new Date(head.takenAt)) : [];
    await client.query('COMMIT');
    return { head, trailer, counted, series };
  } catch (e) {
    (copy as Readable | Writable | null)?.destroy();
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    await client.end().catch(() => undefined);
  }
}
