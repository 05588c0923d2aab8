import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// swc strips types when it builds and tests; this is the one place the type checker reads everything.
const root = join(import.meta.dirname, '..', '..');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function typecheck(project: string): string {
  try {
    execFileSync(process.execPath, [tsc, '-p', project, '--noEmit', '--pretty', 'false'], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
    return '';
  } catch (e) {
    return (e as { stdout?: string }).stdout ?? String(e);
  }
}

it('the server-side workspace type-checks under strict TypeScript', () => {
  expect(typecheck('tsconfig.json')).toBe('');
}, 300_000);

it('the frontend type-checks', () => {
  expect(typecheck('frontend/tsconfig.json')).toBe('');
}, 300_000);
