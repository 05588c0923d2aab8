import type { ChildProcess } from 'node:child_process';

/** The built all-in-one app as a process of a test's own (app-process.mjs). */
export interface AppProcess {
  readonly url: string;
  readonly password: string;
  readonly dataDir: string;
  readonly adminUrl: string;
  readonly name: string;
  readonly child: ChildProcess | null;
  start(): Promise<void>;
  stop(): Promise<void>;
  dispose(): Promise<void>;
}

export function appProcess(options?: { adminUrl?: string; stdio?: 'inherit' | 'ignore' }): Promise<AppProcess>;
