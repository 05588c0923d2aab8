import { Controller, Get, type Type } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { listBackups } from './manifest.js';

/** Two days without a good backup: the dashboard warns admins. */
export const OVERDUE_MS = 2 * 86_400_000;

export interface BackupStatus {
  /** The cluster's backups are the managed PostgreSQL's (this server keeps none). */
  managed: boolean;
  folder: string | null;
  /** The daily backup's time (HH:MM on the shop PC's clock). */
  time: string | null;
  lastGood: { takenAt: string; file: string; verifiedAt: string; encrypted: boolean } | null;
  overdue: boolean;
}

/** What the settings page and the dashboard show: the last good backup of the all-in-one's data folder. */
export async function backupStatus(dataDir: string, now = new Date()): Promise<BackupStatus> {
  let saved: { folder?: unknown; time?: unknown } = {};
  try {
    saved = JSON.parse(await readFile(join(dataDir, 'backup.json'), 'utf8')) as typeof saved;
  } catch {
    /* none chosen: the defaults */
  }
  const folder = resolve(typeof saved.folder === 'string' && saved.folder ? saved.folder : join(dataDir, 'backups'));
  const good = (await listBackups(folder)).find((b) => b.good);
  const lastGood = good?.good
    ? { takenAt: good.good.takenAt, file: good.file, verifiedAt: good.good.verifiedAt, encrypted: good.good.encrypted }
    : null;
  return {
    managed: false,
    folder,
    time: typeof saved.time === 'string' ? saved.time : '21:00',
    lastGood,
    overdue: !lastGood || now.getTime() - new Date(lastGood.takenAt).getTime() > OVERDUE_MS,
  };
}

/** GET /api/backups/status; `dataDir` null: the cluster shape, whose backups are managed elsewhere. */
export function backupStatusController(dataDir: string | null): Type {
  @Controller('api/backups')
  class BackupStatusController {
    @Get('status')
    async status() {
      const data: BackupStatus = dataDir
        ? await backupStatus(dataDir)
        : { managed: true, folder: null, time: null, lastGood: null, overdue: false };
      return { success: true, data };
    }
  }
  return BackupStatusController;
}
