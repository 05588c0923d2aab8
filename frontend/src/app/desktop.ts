/** The local server as the shell's supervisor sees it. */
export type ServerState = 'starting' | 'running' | 'restarting' | 'failed' | 'stopping' | 'stopped';

export interface ServerStatus {
  state: ServerState;
  port: number | null;
  pid: number | null;
  restarts: number;
  failures: number;
  /** Why it last stopped, in the log's words (e.g. "exit code 1"). */
  detail: string | null;
  since: string;
}

/** Update-check messages; the panel colours them by kind (error, latest, download). */
export interface UpdateMessage {
  kind: 'checking' | 'latest' | 'available' | 'downloading' | 'downloaded' | 'error' | 'disabled';
  version?: string;
  percent?: number;
  url?: string;
  detail?: string;
}

type Unsubscribe = () => void;

/** A backup file in the shell's chosen folder; `good` once its verification passed. */
export interface FolderBackup {
  file: string;
  name: string;
  takenAt: string;
  bytes: number;
  good: boolean;
  encrypted: boolean | null;
}

/** The shell's daily backup (desktop/src/supervisor/backups.mjs BackupStatus). */
export interface ShellBackupStatus {
  state: 'idle' | 'running' | 'failing' | 'restoring';
  folder: string;
  time: string;
  lastGood: { takenAt: string; file: string } | null;
  overdue: boolean;
  failures: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  encrypted: boolean;
  backups: FolderBackup[];
}

/** What a restore brought back: the backup's moment, its row counts, where the data as it was is kept. */
export interface RestoreSummary {
  takenAt: string;
  shop: string;
  branch: string;
  rows: Record<string, number>;
  keptAside: string | null;
  series: { branchId: string; register: string; next: string; retired: string }[];
}

/** A backup action's answer: done, or the code of what went wrong (the page's text) and the shell's detail. */
export type BackupAnswer<T> = ({ ok: true } & T) | { ok: false; code: string; message: string };
export interface BackupSettingsChoice {
  folder?: string;
  time?: string;
  /** Left out: unchanged; empty: the next backups are not sealed. */
  passphrase?: string;
}

/**
 * The desktop shell's bridge, when the app runs inside it (spec part 1 §7, part 2 §4 and §7). Absent in a browser.
 * The Electron shell's preload and the browser shell's script (desktop/src) both expose `window.dukanDesktop` with
 * exactly these members; `restartServer` is also used after repeated connection failures.
 */
export interface DesktopBridge {
  version?: string;
  platform?: string;
  shell?: 'electron' | 'browser';
  getServerStatus?: () => Promise<ServerStatus>;
  onServerStatus?: (listener: (status: ServerStatus) => void) => Unsubscribe;
  getServerPort?: () => Promise<number | null>;
  getServerLogs?: () => Promise<string[]>;
  onServerLog?: (listener: (line: string) => void) => Unsubscribe;
  restartServer?: () => Promise<unknown>;
  checkForUpdates?: () => Promise<unknown>;
  onUpdateMessage?: (listener: (message: UpdateMessage) => void) => Unsubscribe;
  /** The account the server made on its very first start, to be shown once on the sign-in screen. */
  getFirstRunAdmin?: () => Promise<{ username: string; password: string } | null>;
  /** This computer's receipt printer as the shell names it (a USB device file or a network address), or null. */
  getPrinter?: () => Promise<string | null>;
  /** ESC/POS bytes (the server's POST /api/print/escpos answer) to that printer; rejects when it does not take them. */
  printEscpos?: (bytes: Uint8Array) => Promise<{ printer: string; bytes: number }>;
  /** The daily backup's folder, time and state, this folder's backups, and what this run's last restore brought back. */
  getBackups?: () => Promise<BackupAnswer<{ status: ShellBackupStatus; lastRestore: RestoreSummary | null; canPickFolder?: boolean }>>;
  saveBackupSettings?: (choice: BackupSettingsChoice) => Promise<BackupAnswer<{ status: ShellBackupStatus }>>;
  backupNow?: () => Promise<BackupAnswer<{ status: ShellBackupStatus }>>;
  /** Stops the server, restores the file (the current data kept aside), starts the server again. */
  restoreBackup?: (file: string, passphrase?: string) => Promise<BackupAnswer<{ restored: RestoreSummary; status: ShellBackupStatus }>>;
  /** The system's folder picker (the Electron shell; `canPickFolder` says so): the folder chosen, null when cancelled. */
  chooseBackupFolder?: () => Promise<BackupAnswer<{ folder: string | null }>>;
}

export function desktopBridge(): DesktopBridge | null {
  if (typeof window === 'undefined') return null;
  const bridge = (window as unknown as { dukanDesktop?: DesktopBridge }).dukanDesktop;
  return bridge && typeof bridge === 'object' ? bridge : null;
}

export const FAILURES_BEFORE_RESTART = 3;
export const RESTART_WAIT_MS = 2000;

/**
 * Counts consecutive network failures and time-outs; on the third, asks the shell once to restart the local
 * server. Returns true when the caller should wait and try the request again.
 */
export class ConnectionWatch {
  private failures = 0;
  private restarted = false;

  constructor(private readonly restart: (() => Promise<unknown>) | undefined) {}

  succeeded(): void {
    this.failures = 0;
    this.restarted = false;
  }

  async failed(wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms))): Promise<boolean> {
    this.failures += 1;
    if (this.failures < FAILURES_BEFORE_RESTART || this.restarted || !this.restart) return false;
    this.restarted = true;
    try {
      await this.restart();
    } catch {
      return false;
    }
    await wait(RESTART_WAIT_MS);
    return true;
  }
}
