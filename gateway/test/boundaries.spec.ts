import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint, Linter } from 'eslint';
import dukan from '../../scripts/eslint-feature-exports.mjs';

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

  it('the rule really fails when a shared component reaches into a feature instead of using what it exports', () => {
    const dir = join(root, 'frontend', 'src', 'components', '__boundary_probe__');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'probe.ts'),
      "import { useMeQuery } from '../../features/auth/api/auth-api.js';\nimport { useCurrentUser } from '../../features/auth/index.js';\nexport const probe = [useMeQuery, useCurrentUser];\n",
    );
    try {
      const r = cruise(join('frontend', 'src', 'components', '__boundary_probe__'));
      expect(r.ok).toBe(false);
      expect(r.output).toContain('frontend-shared-uses-feature-exports');
      expect(r.output).toContain('auth/api/auth-api.ts');
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

// The same boundary as ESLint sees it while a file is typed: what the rule reports, and that the config turns it on.
describe("ESLint's dukan/feature-exports", () => {
  const config = [{ files: ['**/*.ts', '**/*.tsx'], plugins: { dukan }, rules: { 'dukan/feature-exports': 'error' as const } }];
  const lint = (file: string, code: string) =>
    new Linter({ cwd: root }).verify(code, config, join(root, file)).map((m) => `${m.line}: ${m.message}`);

  it("reports a feature's insides imported from another feature or from a shared component, not its index or its own files", () => {
    const code = [
      "import { useCan } from '../../auth/use-permissions.js';",
      "import { useCurrentUser } from '../../auth/index.js';",
      "import { money } from '../lib/money.js';",
      "export { saveFile } from '../../inventory/api/inventory-api.js';",
      "export const page = () => import('../../pos/routes/pos-page.js');",
      'export const probe = [useCan, useCurrentUser, money];',
    ].join('\n');
    expect(lint('frontend/src/features/customers/components/probe.ts', code)).toEqual([
      "1: '../../auth/use-permissions.js' is inside the auth feature: import it from '../../auth/index.js' (export it there if it is meant for use outside)",
      "4: '../../inventory/api/inventory-api.js' is inside the inventory feature: import it from '../../inventory/index.js' (export it there if it is meant for use outside)",
      "5: '../../pos/routes/pos-page.js' is inside the pos feature: import it from '../../pos/index.js' (export it there if it is meant for use outside)",
    ]);
    expect(
      lint(
        'frontend/src/components/layout/probe.tsx',
        "import { signedOut } from '../../features/auth/auth-slice.js';\nimport { useCan } from '../../features/auth/index.js';\nexport const p = [signedOut, useCan];",
      ),
    ).toEqual([
      "1: '../../features/auth/auth-slice.js' is inside the auth feature: import it from '../../features/auth/index.js' (export it there if it is meant for use outside)",
    ]);
  });

  it("is on in the workspace's config for the features and the shared components, and only there", async () => {
    const eslint = new ESLint({ cwd: root });
    const severity = async (file: string) =>
      ((await eslint.calculateConfigForFile(join(root, file))) as { rules?: Record<string, unknown[]> }).rules?.[
        'dukan/feature-exports'
      ]?.[0];
    expect(await severity('frontend/src/features/customers/index.ts')).toBe(2);
    expect(await severity('frontend/src/components/layout/sidebar.tsx')).toBe(2);
    expect(await severity('frontend/src/app/router.tsx')).toBeUndefined();
  }, 60_000);
});
