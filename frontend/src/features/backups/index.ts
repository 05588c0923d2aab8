// The backup status: the settings hub's panel and the dashboard's warning to admins.
export { BackupOverdueWarning, BackupStatusPanel, useBackupStatusQuery, type BackupStatusDto } from './backup-status.js';
