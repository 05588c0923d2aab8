// Ending processes the shell is responsible for: the server's process tree, and a PostgreSQL left behind by a
// server that died without stopping it (its postmaster.pid names it).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isAlive } from './instance-lock.mjs';

/** @param {number} pid @param {number} timeoutMs */
export async function waitForExit(pid, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > until) return false;
    await sleep(50);
  }
  return true;
}

/** @param {number} pid @returns {string | null} the command line, where the system shows it (Linux) */
export function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return null;
  }
}

/**
 * Signals a process, or on POSIX its whole group; Windows ends the tree with taskkill.
 * @param {number} pid @param {NodeJS.Signals} signal @param {{ group?: boolean }} [options]
 */
export function signal(pid, signal, { group = false } = {}) {
  if (process.platform === 'win32') {
    execFile('taskkill', ['/PID', String(pid), '/T', '/F'], () => undefined);
    return;
  }
  try {
    process.kill(group ? -pid : pid, signal);
  } catch {
    /* already gone */
  }
}

/** @param {string} databaseDir @returns {number | null} the postmaster's pid from its lock file */
export function postmasterPid(databaseDir) {
  try {
    const pid = Number(readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Stops the PostgreSQL running on databaseDir, if one is: fast shutdown first (SIGINT: sessions end, data is
 * safe), then immediate (SIGQUIT), then SIGKILL. Returns its pid if one was running.
 * @param {string} databaseDir @param {{ timeoutMs?: number }} [options]
 */
export async function stopPostgres(databaseDir, { timeoutMs = 10_000 } = {}) {
  const pid = postmasterPid(databaseDir);
  if (pid === null || !isAlive(pid)) return null;
  const cmd = commandLine(pid);
  // The file can outlive its server and the pid be reused: only a postgres on this folder is ours to stop.
  if (cmd !== null && !(cmd.includes('postgres') && cmd.includes(resolve(databaseDir)))) return null;
  signal(pid, 'SIGINT');
  if (await waitForExit(pid, timeoutMs)) return pid;
  signal(pid, 'SIGQUIT');
  if (await waitForExit(pid, 3_000)) return pid;
  signal(pid, 'SIGKILL');
  await waitForExit(pid, 3_000);
  return pid;
}

/**
 * Ends a server and database left by a shell that did not stop cleanly (power cut, killed): the process named in
 * `pidFile` if it still runs `entry`, and PostgreSQL on `databaseDir`. `say` tells the log what was stopped.
 * @param {string} pidFile @param {string | undefined} entry @param {string} databaseDir @param {(text: string) => void} say
 */
export async function endLeftovers(pidFile, entry, databaseDir, say) {
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : NaN;
  if (Number.isInteger(pid) && isAlive(pid) && entry && commandLine(pid)?.includes(entry)) {
    say(`stopping a server left running by an earlier start (process ${pid})`);
    signal(pid, 'SIGKILL', { group: true });
  }
  const pg = await stopPostgres(databaseDir);
  if (pg) say(`stopped a database left running by an earlier start (process ${pg})`);
}
