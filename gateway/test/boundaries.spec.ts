import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'node_modules', 'dependency-cruiser', 'package.json'), 'utf8')) as {
  bin: Record<string, string>;
};
const depcruise = join(root, 'node_modules', 'dependency-cruiser', pkg.bin.depcruise ?? '');

function cruise(...paths: string[]): { ok: boolean; output: string } {
  try {
    const output = execFileSync(process.execPath, [depcruise, '--config', '.dependency-cruiser.cjs', '--output-type', 'err', ...paths], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { ok: true, output };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return { ok: false, output: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}

// `npm test` cruises the whole tree once (its checks); these show that the rules really catch what they are for.
describe('module boundaries', () => {
  it('the rule really fails when a service reaches into another one', () => {
    const dir = join(root, 'services', 'catalog', 'src', '__boundary_probe__');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'probe.ts'),
      "import { IdentityModule } from '../../../identity/src/identity.module.js';\nexport const probe = IdentityModule;\n",
    );
    try {
      const r = cruise(join('services', 'catalog', 'src', '__boundary_probe__'));
      expect(r.ok).toBe(false);
      expect(r.output).toContain('no-catalog-to-other-service');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('the rule really fails when a frontend feature reaches into another feature instead of using what it exports', () => {
    const dir = join(root, 'frontend', 'src', 'features', 'customers', '__boundary_probe__');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'probe.ts'),
      "import { useCan } from '../../auth/use-permissions.js';\nimport { useCurrentUser } from '../../auth/index.js';\nexport const probe = [useCan, useCurrentUser];\n",
    );
    try {
      const r = cruise(join('frontend', 'src', 'features', 'customers', '__boundary_probe__'));
      expect(r.ok).toBe(false);
      expect(r.output).toContain('frontend-feature-public-api');
      expect(r.output).toContain('auth/use-permissions.ts');
      expect(r.output).not.toContain('auth/index.ts');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('the rules really fail on a cycle, and on the frontend reaching into a service', () => {
    const dir = join(root, 'frontend', 'src', '__boundary_probe__');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
    writeFileSync(
      join(dir, 'b.ts'),
      "import { a } from './a.js';\nimport { SalesModule } from '../../../services/sales/src/sales.module.js';\nexport const b = () => [a, SalesModule];\n",
    );
    try {
      const r = cruise(join('frontend', 'src', '__boundary_probe__'));
      expect(r.ok).toBe(false);
      expect(r.output).toContain('no-circular');
      expect(r.output).toContain('frontend-only-contracts');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
