// Runs the project's commands on a Node.js that every dependency supports (package.json's `engines`). On an older
// Node (a machine with Node 20, say) it fetches Node 24 from the npm registry once, into `.node/` (the official
// build, published as `node-<platform>-<arch>`), and runs the same command again on it, with that Node first on
// PATH so that npm and every child process use it too. Plain Node: no dependency may be assumed here.
//   import './supported-node.mjs'            first import of an entry script: re-runs it on a supported Node
//   node scripts/supported-node.mjs CMD …    runs CMD (e.g. `npm ci`) with a supported Node first on PATH
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The Node fetched when the running one is too old: the current long-term-support line. */
export const FETCHED_NODE_VERSION = '24.21.0';

/** Whether `version` (e.g. "20.20.0") satisfies a range made of `^a.b.c` and `>=a.b.c` alternatives joined by `||`. */
export function satisfies(version, range) {
  const parse = (v) =>
    v
      .replace(/^v/, '')
      .split('.')
      .map((n) => Number.parseInt(n, 10) || 0);
  const cmp = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
  const v = parse(version);
  return range.split('||').some((alternative) => {
    const m = /^\s*(\^|>=)\s*v?(\d+(?:\.\d+){0,2})\s*$/.exec(alternative);
    if (!m) throw new Error(`engines.node: cannot read "${alternative.trim()}" (use ^x.y.z or >=x.y.z)`);
    const min = parse(m[2]);
    return cmp(v, min) >= 0 && (m[1] === '>=' || v[0] === min[0]);
  });
}

export function declaredRange() {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
}

/** The bin folder of a supported Node: the running one's when it is supported, else the fetched one's. */
export function supportedNodeBin() {
  if (satisfies(process.versions.node, declaredRange())) return dirname(process.execPath);
  const pkg = `node-${process.platform}-${process.arch}`;
  const prefix = join(root, '.node');
  const bin = join(prefix, 'node_modules', pkg, 'bin');
  if (!existsSync(join(bin, 'node'))) {
    console.log(
      `Node ${process.versions.node} is older than this project supports (${declaredRange()}); fetching Node ${FETCHED_NODE_VERSION} into .node/ …`,
    );
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `${pkg}@${FETCHED_NODE_VERSION}`,
      ],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
  }
  return bin;
}

/** The environment with `bin` first on PATH. */
function withBin(bin) {
  return { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` };
}

const cli = process.argv[1] === fileURLToPath(import.meta.url);
if (cli) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) throw new Error('usage: node scripts/supported-node.mjs COMMAND [ARGS…]');
  const r = spawnSync(command, args, { cwd: process.cwd(), env: withBin(supportedNodeBin()), stdio: 'inherit' });
  process.exit(r.status ?? 1);
} else if (!satisfies(process.versions.node, declaredRange())) {
  // Imported by an entry script on an old Node: run that script again, whole, on the supported one, passing on the
  // signals that stop it (so that stopping `npm start` stops the server, not only this process).
  const bin = supportedNodeBin();
  const child = spawn(join(bin, 'node'), [...process.execArgv, ...process.argv.slice(1)], { env: withBin(bin), stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))));
  process.exit(code);
}
