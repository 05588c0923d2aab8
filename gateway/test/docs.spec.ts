// The docs stay true to the code and to each other: the service guide's quoted code stands in the files it names,
// every relative link in README.md, CONTRIBUTING.md and docs/ reaches a file (and a heading, where it names one),
// every "spec part N §M" and "ARCHITECTURE §M" the code cites names a section that docs/ has, and the README
// stays a front door.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

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

/** Markdown with its fenced blocks and inline code blanked, so a link or heading quoted as code is not read. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The anchor a heading gets where the docs are read (GitHub's rule: lower case, punctuation dropped, spaces to -). */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor of a markdown file, with -1, -2… for repeated headings. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** The relative links of a markdown file that do not resolve, as "target: why". */
function brokenLinks(file: string, markdown: string, read = (path: string) => readFileSync(path, 'utf8')): string[] {
  const out: string[] = [];
  for (const m of prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1]!;
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // http:, https:, mailto:
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const resolved = path ? join(dirname(file), decodeURIComponent(path)) : file;
    if (!existsSync(resolved)) {
      out.push(`${target}: no such file`);
      continue;
    }
    if (anchor === undefined) continue;
    if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) out.push(`${target}: an anchor into a non-markdown file`);
    else if (!anchors(read(resolved)).has(anchor)) out.push(`${target}: no such heading`);
  }
  return out;
}

function markdownFiles(): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(root, 'docs', f));
  return [join(root, 'README.md'), join(root, 'CONTRIBUTING.md'), ...docs];
}

describe('links in README.md, CONTRIBUTING.md and docs/', () => {
  const files = markdownFiles();

  it('finds the pages', () => {
    const names = files.map((f) => relative(root, f));
    expect(names).toEqual(
      expect.arrayContaining([
        'docs/first-day.md',
        'docs/features.md',
        'docs/features/till.md',
        'docs/features/branches.md',
        'docs/operating.md',
        'docs/testing.md',
        'docs/performance.md',
        'docs/architecture.md',
        'docs/spec/01-till-inventory.md',
        'docs/spec/02-backoffice.md',
      ]),
    );
  });

  it.each(files.map((f) => [relative(root, f), f] as const))('%s: every relative link resolves', (_name, file) => {
    expect(brokenLinks(file, readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('would notice a missing file, a missing heading, and not a link quoted as code', () => {
    const file = join(root, 'README.md');
    const doc = [
      '[gone](docs/no-such-page.md)',
      '[no heading](docs/testing.md#no-such-heading)',
      '[fine](docs/testing.md#running-one-test)',
      '[here](#a-heading-here)',
      '## A heading here',
      '`[quoted](nowhere.md)`',
      '```\n[in a block](nowhere.md)\n```',
    ].join('\n');
    expect(brokenLinks(file, doc, (p) => (p === file ? doc : readFileSync(p, 'utf8')))).toEqual([
      'docs/no-such-page.md: no such file',
      'docs/testing.md#no-such-heading: no such heading',
    ]);
  });
});

const SECTIONS = String.raw`((?:\s*(?:,|and|-|–)?\s*(?:§|section\s+)\s*\d+)+)`;

/** Each "spec part N §M" and "ARCHITECTURE §M" in a source text, as "part N §M" / "ARCHITECTURE §M". */
function citations(source: string): string[] {
  // A comment may wrap a citation over lines: join them, dropping the comment markers.
  const text = source.replace(/\s*\n\s*(?:\*(?!\/)|\/\/)?\s*/g, ' ');
  const out: string[] = [];
  for (const m of text.matchAll(new RegExp(String.raw`\bpart (\d+)` + SECTIONS, 'gi'))) {
    for (const n of m[2]!.match(/\d+/g)!) out.push(`part ${m[1]} §${n}`);
  }
  for (const m of text.matchAll(new RegExp(String.raw`\bARCHITECTURE` + SECTIONS, 'g'))) {
    for (const n of m[1]!.match(/\d+/g)!) out.push(`ARCHITECTURE §${n}`);
  }
  return out;
}

const SPEC_PARTS: Record<string, string> = { '1': 'docs/spec/01-till-inventory.md', '2': 'docs/spec/02-backoffice.md' };

/** The sections docs/ has: "part N §M" for each "## M." heading of a part, "ARCHITECTURE §M" for each "### §M". */
function sectionsInDocs(): Set<string> {
  const out = new Set<string>();
  for (const [part, file] of Object.entries(SPEC_PARTS)) {
    for (const m of readFileSync(join(root, file), 'utf8').matchAll(/^## (\d+)\. /gm)) out.add(`part ${part} §${m[1]}`);
  }
  for (const m of readFileSync(join(root, 'docs', 'architecture.md'), 'utf8').matchAll(/^### §(\d+) /gm)) {
    out.add(`ARCHITECTURE §${m[1]}`);
  }
  return out;
}

function sourceFiles(): string[] {
  const out: string[] = [];
  for (const dir of ['libs', 'services', 'gateway/src', 'frontend/src', 'desktop/src']) {
    for (const f of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (/(^|\/)(node_modules|dist|build)\//.test(f) || !/\.(ts|tsx|mts|mjs|cjs|js)$/.test(f)) continue;
      out.push(join(dir, f));
    }
  }
  return out;
}

describe('"spec part N §M" and "ARCHITECTURE §M" in the code', () => {
  const have = sectionsInDocs();
  const cited = sourceFiles().flatMap((f) => citations(readFileSync(join(root, f), 'utf8')).map((c) => [f, c] as const));

  it('are found (the code cites the specification often)', () => {
    expect(cited.length).toBeGreaterThanOrEqual(100);
    expect(have.size).toBe(9 + 9 + 8);
  });

  it('each name a section that docs/ has', () => {
    expect(cited.filter(([, c]) => !have.has(c)).map(([f, c]) => `${f}: ${c}`)).toEqual([]);
  });

  it('reads the ways a citation is written, and would notice a section docs/ lacks', () => {
    expect(
      citations(
        '// spec part 2 §2-§9, (spec part 1 §5 and §7, part 2 §4); spec part 1 section 7;\n// as spec part 2\n * §3 says; ARCHITECTURE §3, §6; ARCHITECTURE section 8',
      ),
    ).toEqual([
      'part 2 §2',
      'part 2 §9',
      'part 1 §5',
      'part 1 §7',
      'part 2 §4',
      'part 1 §7',
      'part 2 §3',
      'ARCHITECTURE §3',
      'ARCHITECTURE §6',
      'ARCHITECTURE §8',
    ]);
    expect(citations('spec part 3 §1 and ARCHITECTURE §12').filter((c) => !have.has(c))).toEqual(['part 3 §1', 'ARCHITECTURE §12']);
  });
});

describe('README.md', () => {
  it('is a front door: at most 120 lines', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(120);
  });
});
