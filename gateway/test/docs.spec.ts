// The service guide quotes real files: a code block right after a line that names a file (in backticks) must
// stand in that file as written, so the guide cannot drift from the code it teaches.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** [file, quoted block] for every block the guide attributes to a file. */
function quotes(doc: string): [string, string][] {
  const out: [string, string][] = [];
  const re = /^`([\w./-]+\.(?:ts|tsx|mjs))`\n```\w*\n([\s\S]*?)\n```$/gm;
  for (const m of doc.matchAll(re)) out.push([m[1]!, m[2]!]);
  return out;
}

describe('docs/service-guide.md', () => {
  const doc = readFileSync(join(root, 'docs', 'service-guide.md'), 'utf8');
  const found = quotes(doc);

  it('quotes real files', () => {
    expect(found.length).toBeGreaterThanOrEqual(8);
  });

  it.each(found.map(([file, block], i) => [`${i + 1}: ${file}`, file, block] as const))(
    '%s: the quoted lines stand in the file',
    (_label, file, block) => {
      expect(readFileSync(join(root, file), 'utf8')).toContain(block);
    },
  );

  it('would notice a quote the code no longer has', () => {
    const [[file, block]] = quotes('`services/catalog/src/consumers.ts`\n```ts\nexport const NOT_THERE = 1;\n```');
    expect(readFileSync(join(root, file), 'utf8')).not.toContain(block);
  });
});
