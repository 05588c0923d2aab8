import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { InstanceLock } from './instance-lock.mjs';
import { LogView, lineSplitter } from './log-view.mjs';
import { firstFreePort, isPortFree } from './ports.mjs';
import { endLeftovers, signal, stopPostgres } from './processes.mjs';
import { databasePassword, firstRunAccount } from './secrets.mjs';
import { AlreadyRunningError } from './server-status.mjs';

/** @typedef {import('./config.mjs').DesktopConfig} DesktopConfig */
/** @typedef {import('./server-status.mjs').ServerState} ServerState */
/** @typedef {import('./server-status.mjs').ServerStatus} ServerStatus */

/**
 * Runs the all-in-one server as a child process: a free port, data in the user's data folder, health before
 * "running", a restart with backoff when it dies (and "failed" after too many deaths in a row), the last log lines
 * with secrets hidden, a clean stop with no PostgreSQL left behind, and one supervisor per data folder.
 * Events: 'status' (ServerStatus), 'first-run' ({ username, password }).
 */
export class Supervisor extends EventEmitter {
  /**
   * @param {object} options
   * @param {DesktopConfig} options.config
   * @param {{ command: string, args: string[], env?: Record<string, string> }} options.server how to run the server
   * @param {LogView} [options.log]
   * @param {number} [options.healthTimeoutMs] how long a start may take (the first one runs initdb)
   * @param {number} [options.stopTimeoutMs]   how long a clean stop may take before the process is killed
   * @param {number} [options.stableMs]        running this long forgives earlier deaths
   */
  constructor({ config, server, log, healthTimeoutMs = 180_000, stopTimeoutMs = 15_000, stableMs = 60_000 }) {
    super();
    this.config = config;
    this.server = server;
    this.log = log ?? new LogView();
    this.log.redactor.add(config.adminPassword);
    this.healthTimeoutMs = healthTimeoutMs;
    this.stopTimeoutMs = stopTimeoutMs;
    this.stableMs = stableMs;
    this.lock = new InstanceLock(join(config.userDataDir, 'dukan.lock'));
    this.pidFile = join(config.userDataDir, 'server.pid');
    this.databaseDir = join(config.dataDir, 'pg');
    /** @type {ServerState} */
    this.state = 'stopped';
    /** @type {number | null} */ this.port = null;
    /** @type {number | null} */ this.dbPort = null;
    /** @type {import('node:child_process').ChildProcess | null} */ this.child = null;
    this.expectedExit = false;
    this.restarts = 0;
    this.failures = 0;
    /** @type {string | null} */ this.detail = null;
    this.since = new Date().toISOString();
    /** @type {NodeJS.Timeout | null} */ this.retryTimer = null;
    /** @type {NodeJS.Timeout | null} */ this.stableTimer = null;
    /** @type {Promise<ServerStatus> | null} */ this.bringing = null;
    /** @type {Promise<ServerStatus> | null} */ this.restarting = null;
    /** @type {{ username: string, password: string } | null} */ this.firstRun = null;
  }

  /** @returns {ServerStatus} */
  get status() {
    return {
      state: this.state,
      port: this.port,
      pid: this.child?.pid ?? null,
      restarts: this.restarts,
      failures: this.failures,
      detail: this.detail,
      since: this.since,
    };
  }

  /** @param {string} text */
  say(text) {
    this.log.push(`[shell] ${text}`);
  }

  /** @param {ServerState} state @param {string | null} [detail] */
  setState(state, detail = this.detail) {
    this.state = state;
    this.detail = detail;
    this.since = new Date().toISOString();
    this.emit('status', this.status);
  }

  /** Takes the data folder for this shell, or throws AlreadyRunningError naming the shell that has it. */
  claim() {
    if (this.lock.held) return;
    const taken = this.lock.acquire();
    if (!taken.ok) throw new AlreadyRunningError(taken.holder);
  }

  /** Takes the data folder (or throws AlreadyRunningError) and brings the server up. */
  async start() {
    if (this.state !== 'stopped') throw new Error(`the supervisor is ${this.state}`);
    this.claim();
    this.setState('starting', null);
    await endLeftovers(this.pidFile, this.server.args.at(-1), this.databaseDir, (text) => this.say(text));
    return this.bringUp();
  }

  /** @param {Record<string, unknown>} info what a second start should be told (e.g. the shell's address) */
  announce(info) {
    this.lock.update(info);
  }

  /** @returns {Promise<ServerStatus>} */
  bringUp() {
    this.bringing ??= this.launch().finally(() => {
      this.bringing = null;
    });
    return this.bringing;
  }

  /** @returns {Promise<ServerStatus>} */
  async launch() {
    const pg = await stopPostgres(this.databaseDir);
    if (pg) this.say(`stopped the database the server left behind (process ${pg})`);
    if (this.state === 'stopping' || this.state === 'stopped') throw new Error('the shell is stopping');
    this.port = this.port !== null && (await isPortFree(this.port)) ? this.port : await firstFreePort(this.config.port);
    this.dbPort =
      this.dbPort !== null && (await isPortFree(this.dbPort))
        ? this.dbPort
        : await firstFreePort(this.config.dbPort, { taken: [this.port] });
    const pgPassword = databasePassword(this.config.dataDir);
    if (pgPassword) this.log.redactor.add(pgPassword);
    if (this.state === 'stopping' || this.state === 'stopped') throw new Error('the shell is stopping');
    const env = {
      ...this.config.env,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DUKAN_DATA_DIR: this.config.dataDir,
      DUKAN_DB_PORT: String(this.dbPort),
      LOG_LEVEL: this.config.logLevel,
      NODE_ENV: 'production',
      ...this.server.env,
    };
    this.say(`starting the server on port ${this.port} (data in ${this.config.dataDir})`);
    const child = spawn(this.server.command, this.server.args, {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a stop can end the server with everything it started.
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    this.child = child;
    this.expectedExit = false;
    if (child.pid) writeFileSync(this.pidFile, String(child.pid));
    for (const stream of [child.stdout, child.stderr]) {
      const lines = lineSplitter((line) => this.onServerLine(line));
      stream?.on('data', (chunk) => lines.write(chunk));
      stream?.on('end', () => lines.end());
    }
    child.once('error', (err) => this.say(`the server could not be started: ${err.message}`));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.once('exit', (code, sig) => this.onExit(child, code, sig));
    this.emit('status', this.status);
    await this.waitHealthy(child, exited);
    if (this.state === 'stopping' || this.state === 'stopped') throw new Error('the shell is stopping');
    this.say(`the server is ready on port ${this.port}`);
    this.setState('running', null);
    this.stableTimer = setTimeout(() => {
      this.failures = 0;
    }, this.stableMs);
    this.stableTimer.unref();
    return this.status;
  }

  /** @param {string} line */
  onServerLine(line) {
    const account = firstRunAccount(line);
    if (account) {
      // Shown once in the window; the log view and the log file get it hidden.
      this.log.redactor.add(account.password);
      this.firstRun = account;
      this.emit('first-run', account);
    }
    this.log.push(line);
  }

  /** @param {import('node:child_process').ChildProcess} child @param {Promise<unknown>} exited */
  async waitHealthy(child, exited) {
    const until = Date.now() + this.healthTimeoutMs;
    const url = `http://127.0.0.1:${this.port}/api/health`;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null || this.child !== child) {
        throw new Error(`the server stopped while starting (${child.signalCode ?? `exit code ${child.exitCode}`})`);
      }
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > until) {
        this.say(`the server did not answer within ${Math.round(this.healthTimeoutMs / 1000)} s`);
        await this.endChild();
        this.failed('no answer');
        throw new Error('the server did not become healthy in time');
      }
      await Promise.race([sleep(200), exited]);
    }
  }

  /**
   * @param {import('node:child_process').ChildProcess} child
   * @param {number | null} code @param {NodeJS.Signals | null} sig
   */
  onExit(child, code, sig) {
    if (child !== this.child) return;
    this.child = null;
    rmSync(this.pidFile, { force: true });
    if (this.expectedExit || this.state === 'stopping' || this.state === 'stopped') return;
    const how = sig ? `signal ${sig}` : `exit code ${code}`;
    this.say(`the server stopped unexpectedly (${how})`);
    this.failed(how);
  }

  /** A death or a start that never became healthy: try again after the next delay, or give up. @param {string} detail */
  failed(detail) {
    if (this.stableTimer) clearTimeout(this.stableTimer);
    this.failures += 1;
    const delays = this.config.restartDelaysMs;
    if (this.failures > delays.length) {
      this.say(`the server stopped ${this.failures} times in a row; it will not be started again until you restart it`);
      this.setState('failed', detail);
      void stopPostgres(this.databaseDir);
      return;
    }
    const delay = delays[this.failures - 1];
    this.say(`restarting the server in ${(delay / 1000).toFixed(1)} s`);
    this.setState('restarting', detail);
    this.retryTimer = setTimeout(async () => {
      this.retryTimer = null;
      await this.bringing?.catch(() => undefined); // the attempt that just failed winds up first
      if (this.state !== 'restarting' || this.bringing) return;
      this.restarts += 1;
      this.bringUp().catch(() => undefined);
    }, delay);
  }

  /**
   * A restart asked for by a person or by the page (after repeated connection failures). Resolves once the server
   * answers again; a start already under way is joined rather than begun twice.
   * @param {string} [cause]
   */
  restart(cause = 'asked') {
    if (this.state === 'stopping' || this.state === 'stopped') return Promise.reject(new Error(`the supervisor is ${this.state}`));
    this.say(`restart ${cause}`);
    this.restarting ??= (this.bringing ?? this.restartNow()).finally(() => {
      this.restarting = null;
    });
    return this.restarting;
  }

  /** @returns {Promise<ServerStatus>} */
  async restartNow() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.failures = 0;
    this.restarts += 1;
    this.setState('restarting', null);
    await this.endChild();
    return this.bringUp();
  }

  /** Ends the current server process: a clean stop first, the whole group killed if it hangs. */
  async endChild() {
    const child = this.child;
    if (!child || child.pid === undefined) return;
    this.expectedExit = true;
    const exited = new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve(undefined);
      else child.once('exit', () => resolve(undefined));
    });
    signal(child.pid, 'SIGTERM');
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const clean = await Promise.race([
      exited.then(() => true),
      new Promise((r) => (timer = setTimeout(() => r(false), this.stopTimeoutMs))),
    ]);
    clearTimeout(timer);
    if (!clean) {
      this.say(`the server did not stop within ${Math.round(this.stopTimeoutMs / 1000)} s; ending it`);
      signal(child.pid, 'SIGKILL', { group: true });
      await exited;
    }
    if (this.child === child) this.child = null;
    rmSync(this.pidFile, { force: true });
  }

  /**
   * Quit: the server and its database stop, the data folder is free for the next start. With `keepFolder` (a
   * restore, which starts the server again after) the folder stays this shell's, so no second start takes it meanwhile.
   * @param {{ keepFolder?: boolean }} [options]
   */
  async stop({ keepFolder = false } = {}) {
    if (this.state === 'stopped') return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.stableTimer) clearTimeout(this.stableTimer);
    this.setState('stopping');
    this.say('stopping the server');
    await this.endChild();
    await this.bringing?.catch(() => undefined);
    await this.endChild(); // one a start under way may have begun meanwhile
    const pg = await stopPostgres(this.databaseDir);
    if (pg) this.say(`stopped the database the server left behind (process ${pg})`);
    if (!keepFolder) this.lock.release();
    this.setState('stopped');
  }
}
