// Types of processes.mjs for the TypeScript that reuses it (the all-in-one gateway's embedded PostgreSQL).
export function waitForExit(pid: number, timeoutMs: number): Promise<boolean>;
export function commandLine(pid: number): string | null;
export function signal(pid: number, signal: NodeJS.Signals, options?: { group?: boolean }): void;
export function postmasterPid(databaseDir: string): number | null;
export function stopPostgres(databaseDir: string, options?: { timeoutMs?: number }): Promise<number | null>;
export function endLeftovers(pidFile: string, entry: string | undefined, databaseDir: string, say: (text: string) => void): Promise<void>;
