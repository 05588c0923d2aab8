/**
 * The desktop shell's preload bridge, when the app runs inside it (spec part 2 §4 and §7). Absent in a browser.
 * The shell is expected to expose `window.dukanDesktop` with at least `version`; `restartServer` is used after
 * repeated connection failures.
 */
export interface DesktopBridge {
  version?: string;
  restartServer?: () => Promise<unknown>;
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
