import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// DUKAN_SKIP_BUILD=1 runs what is built as it is, for `npm start` and `npm run start:cluster` alike. The build is
// seen through a preload every Node process started here inherits: nx, when run, leaves a mark and stops at once.

const root = join(import.meta.dirname, '..', '..');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dukan-skip-build-'));
  writeFileSync(
    join(dir, 'mark-nx.cjs'),
    `if (/[\\\\/]nx[\\\\/]/.test(process.argv[1] ?? '')) { require('node:fs').writeFileSync(process.env.NX_MARK, 'built'); process.exit(3); }\n`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(script: string, skip: boolean) {
  const mark = join(dir, `${script}-${skip}.mark`);
  // --replicas nonsense stops start-cluster right after its build step; start.mjs is stopped by a gateway that cannot start.
  const res = spawnSync(process.execPath, [join(root, 'scripts', script), '--replicas', 'nonsense=1'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      ...process.env,
      NODE_OPTIONS: `--require ${join(dir, 'mark-nx.cjs')}`,
      NX_MARK: mark,
      DUKAN_SKIP_BUILD: skip ? '1' : '',
      DUKAN_DATA_DIR: join(dir, 'data'),
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      PORT: '1',
    },
  });
  return { built: existsSync(mark), status: res.status };
}

it.each(['start-cluster.mjs', 'start.mjs'])('%s builds first, and does not with DUKAN_SKIP_BUILD=1', (script) => {
  expect(run(script, true)).toMatchObject({ built: false });
  expect(run(script, false)).toMatchObject({ built: true });
});
