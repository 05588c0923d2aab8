import { join } from 'node:path';
import { ESLint } from 'eslint';

// `npm test` runs ESLint over the whole tree once (its checks); this shows that the rules it relies on really fire.
const root = join(import.meta.dirname, '..', '..');

/**
 * Lints `code` as if it were at `filePath`, with the repository's configuration; the type-aware rules are left out,
 * since the file is not on disk (and a file on disk would meet the checks running beside this test).
 */
async function lintAs(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
        '@typescript-eslint/await-thenable': 'off',
      },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

it('an effect that leaves out what it reads fails the lint (react-hooks/exhaustive-deps)', async () => {
  const messages = await lintAs(
    'frontend/src/features/customers/components/probe.tsx',
    [
      "import { useEffect, useState } from 'react';",
      'export function Probe({ id }: { id: string }) {',
      "  const [seen, setSeen] = useState('');",
      '  useEffect(() => {',
      '    setSeen(id);',
      '  }, []);',
      '  return <p>{seen}</p>;',
      '}',
      '',
    ].join('\n'),
  );
  expect(messages.some((m) => m.startsWith('react-hooks/exhaustive-deps:') && m.includes("'id'"))).toBe(true);
}, 120_000);
