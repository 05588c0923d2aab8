// What a backup says about itself, its file name, the "good" mark written beside it once verified, the list of a
// folder's backups, and which of them retention keeps.
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { EXTENSION } from './format.js';

export interface TableInfo {
  schema: string;
  table: string;
  columns: string[];
}

export interface BackupHead {
  format: 1;
  /** The snapshot's moment. */
  takenAt: string;
  shop: string;
  branch: string;
  version: string | null;
  /** Every schema's applied migrations, in order. */
  migrations: Record<string, string[]>;
  tables: TableInfo[];
}

export interface BackupTrailer {
  /** "schema.table" → rows in the snapshot. */
  rows: Record<string, number>;
  sequences: { schema: string; name: string; value: string | null }[];
}

/** The mark beside a verified backup: `<file>.good.json`. */
export interface GoodMark {
  file: string;
  takenAt: string;
  verifiedAt: string;
  shop: string;
  branch: string;
  encrypted: boolean;
  bytes: number;
  rows: Record<string, number>;
}

export const GOOD_SUFFIX = '.good.json';

const slug = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'x';

/** `dukan-<shop>-<branch>-<YYYYMMDD>T<HHMMSS>Z` (UTC, so names sort by time). */
export function backupName(shop: string, branch: string, at: Date): string {
  const t = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `dukan-${slug(shop)}-${slug(branch)}-${t}`;
}

/** The moment in a backup's file name. */
export function nameTime(file: string): Date | null {
  const m = /(\d{8})T(\d{6})Z\.dukanbak$/.exec(basename(file));
  if (!m) return null;
  const [d, t] = [m[1] as string, m[2] as string];
  return new Date(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4)}Z`);
}

export async function writeGoodMark(mark: GoodMark): Promise<void> {
  const target = mark.file + GOOD_SUFFIX;
  await writeFile(`${target}.tmp`, JSON.stringify(mark, null, 2));
  await rename(`${target}.tmp`, target);
}

export async function readGoodMark(file: string): Promise<GoodMark | null> {
  try {
    return JSON.parse(await readFile(file + GOOD_SUFFIX, 'utf8')) as GoodMark;
  } catch {
    return null;
  }
}

export interface ListedBackup {
  file: string;
  takenAt: Date;
  bytes: number;
  good: GoodMark | null;
}

/** Every backup file in the folder, newest first (half-written `.partial` files are not backups). */
export async function listBackups(folder: string): Promise<ListedBackup[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const out: ListedBackup[] = [];
  for (const n of names) {
    if (!n.endsWith(EXTENSION)) continue;
    const file = join(folder, n);
    const takenAt = nameTime(file);
    if (!takenAt) continue;
    const s = await stat(file).catch(() => null);
    if (!s) continue;
    out.push({ file, takenAt, bytes: s.size, good: await readGoodMark(file) });
  }
  return out.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

const dayKey = (d: Date) => d.toISOString().slice(0, 10);
const monthKey = (d: Date) => d.toISOString().slice(0, 7);
function weekKey(d: Date): string {
  // ISO week: the Thursday of the week decides its year.
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1);
  return `${t.getUTCFullYear()}-W${Math.ceil(((t.getTime() - yearStart) / 86_400_000 + 1) / 7)}`;
}

export const RETENTION = { daily: 7, weekly: 4, monthly: 12 } as const;

/**
 * The backups retention keeps, from the good ones: the newest of each of the last 7 days that have one, of each
 * of the last 4 weeks, and of each of the last 12 months.
 */
export function keptByRetention<T extends { takenAt: Date }>(good: readonly T[], policy = RETENTION): Set<T> {
  const newestFirst = [...good].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  const keep = new Set<T>();
  for (const [key, count] of [
    [dayKey, policy.daily],
    [weekKey, policy.weekly],
    [monthKey, policy.monthly],
  ] as const) {
    const seen = new Set<string>();
    for (const b of newestFirst) {
      const k = key(b.takenAt);
      if (seen.has(k)) continue;
      if (seen.size >= count) break;
      seen.add(k);
      keep.add(b);
    }
  }
  return keep;
}

/**
 * Deletes the good backups retention does not keep, and leftovers of failed backups (unverified files and
 * `.partial` files) more than a day old. Returns the files deleted.
 */
export async function pruneBackups(folder: string, now = new Date()): Promise<string[]> {
  const all = await listBackups(folder);
  const good = all.filter((b) => b.good);
  const keep = keptByRetention(good);
  const gone: string[] = [];
  for (const b of all) {
    const stale = now.getTime() - b.takenAt.getTime() > 86_400_000;
    if (b.good ? keep.has(b) : !stale) continue;
    await rm(b.file + GOOD_SUFFIX, { force: true });
    await rm(b.file, { force: true });
    gone.push(b.file);
  }
  for (const n of await readdir(folder).catch(() => [] as string[])) {
    if (!n.endsWith(`${EXTENSION}.partial`)) continue;
    const s = await stat(join(folder, n)).catch(() => null);
    if (s && now.getTime() - s.mtimeMs > 86_400_000) {
      await rm(join(folder, n), { force: true });
      gone.push(join(folder, n));
    }
  }
  return gone;
}
