// Puts the built all-in-one server, its production packages and the built frontend in desktop/build/server,
// which electron-builder ships as resources/server (the Electron shell runs it with its own Node).
import { execSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const desktop = join(fileURLToPath(import.meta.url), '..', '..');
const root = join(desktop, '..');
export const stage = join(desktop, 'build', 'server');

/** The server's workspaces: libraries, services and the gateway (not the frontend's sources or this shell). */
function serverWorkspaces() {
  const under = (dir) =>
    readdirSync(join(root, dir))
      .filter((d) => existsSync(join(root, dir, d, 'package.json')))
      .map((d) => `${dir}/${d}`);
  return [...under('libs'), ...under('services'), 'gateway'];
}

export async function stageServer({ build = true } = {}) {
  if (build) (await import(join(root, 'scripts', 'build.mjs'))).build({ quiet: true });
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  const workspaces = serverWorkspaces();
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  writeFileSync(
    join(stage, 'package.json'),
    JSON.stringify(
      {
        name: pkg.name,
        version: pkg.version,
        private: true,
        type: 'module',
        workspaces,
        dependencies: pkg.dependencies,
        overrides: pkg.overrides,
      },
      null,
      2,
    ),
  );
  cpSync(join(root, 'package-lock.json'), join(stage, 'package-lock.json'));
  for (const ws of workspaces) {
    mkdirSync(join(stage, ws), { recursive: true });
    cpSync(join(root, ws, 'package.json'), join(stage, ws, 'package.json'));
    if (existsSync(join(root, ws, 'dist')))
      cpSync(join(root, ws, 'dist'), join(stage, ws, 'dist'), { recursive: true, filter: (f) => !f.endsWith('.map') });
  }
  cpSync(join(root, 'frontend', 'dist'), join(stage, 'frontend', 'dist'), { recursive: true });
  // The server stops a PostgreSQL its predecessor left running as the shell does, with the shell's own code.
  for (const file of ['processes.mjs', 'instance-lock.mjs'])
    cpSync(join(desktop, 'src', 'supervisor', file), join(stage, 'desktop', 'src', 'supervisor', file));
  // Production packages for this platform only (the embedded PostgreSQL binaries are per platform).
  execSync('npm install --omit=dev --no-audit --no-fund --ignore-scripts=false', { cwd: stage, stdio: 'inherit' });
  return stage;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await stageServer({ build: !process.argv.includes('--no-build') });
