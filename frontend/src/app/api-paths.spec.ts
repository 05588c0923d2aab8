// Every API path the app calls is one the route table knows: a path renamed on the server, or mistyped here, fails
// this test instead of reaching a user as a 404. The app's source is read as TypeScript (not run): each RTK Query
// `url` (with its `method`), each `query` that returns a path, and every other string that starts with `/api/`
// (a fetch of a PDF, an image's src). A value only known at run time (`${id}`) stands for any one segment.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { HTTP_METHODS, ROUTES, type HttpMethod } from '@dukan/contracts';

// Run from the frontend (its own vitest) or from the repository's root (npm test).
const SRC = existsSync(join(process.cwd(), 'src/app')) ? join(process.cwd(), 'src') : join(process.cwd(), 'frontend/src');
/** Stands for a part of a string known only at run time. */
const ANY = '\u0000';
/** A path built from more choices than this is not enumerated (a bound on the scan, far above what the app has). */
const MAX_CHOICES = 32;

interface ApiCall {
  /** Null when the method is not written beside the path (the path must exist for some method). */
  methods: HttpMethod[] | null;
  /** As read, with ANY where a run-time value goes, always starting with /api. */
  path: string;
  where: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(spec|test)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

type Assumptions = ReadonlyMap<string, boolean>;

/** The strings an expression can be, under the given choice for each condition named in `assume`. */
function values(node: ts.Expression, file: ts.SourceFile, assume: Assumptions): string[] {
  const bounded = (xs: string[]) => xs.slice(0, MAX_CHOICES);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return values(node.expression, file, assume);
  if (ts.isConditionalExpression(node)) {
    const condition = node.condition.getText(file);
    const chosen = assume.get(condition);
    if (chosen === true) return values(node.whenTrue, file, assume);
    if (chosen === false) return values(node.whenFalse, file, assume);
    return bounded([...values(node.whenTrue, file, assume), ...values(node.whenFalse, file, assume)]);
  }
  const concat = (parts: string[][]) => bounded(parts.reduce((acc, xs) => acc.flatMap((a) => xs.map((x) => a + x)), ['']));
  if (ts.isTemplateExpression(node))
    return concat([[node.head.text], ...node.templateSpans.flatMap((s) => [values(s.expression, file, assume), [s.literal.text]])]);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return concat([values(node.left, file, assume), values(node.right, file, assume)]);
  const text = node.getText(file);
  if (text === 'API_BASE') return ['/api'];
  if (text === 'window.location.origin') return [''];
  return [ANY];
}

/** The conditions (by their text) an expression chooses between. */
function conditions(node: ts.Node, file: ts.SourceFile, into = new Set<string>()): Set<string> {
  if (ts.isConditionalExpression(node)) into.add(node.condition.getText(file));
  node.forEachChild((child) => void conditions(child, file, into));
  return into;
}

/** Each way of deciding the named conditions (shared by a url and its method, so `id ? PUT : POST` stays paired). */
function everyChoice(names: string[]): Assumptions[] {
  return names
    .slice(0, 5)
    .reduce<Map<string, boolean>[]>(
      (acc, name) => acc.flatMap((a) => [new Map(a).set(name, true), new Map(a).set(name, false)]),
      [new Map()],
    );
}

function propertyOf(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of object.properties)
    if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name) return p.initializer;
  return undefined;
}

/** An RTK Query path is relative to API_BASE (/api); one written in full already starts with /api. */
function underApi(path: string): string {
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/api?') ? path : `/api${path}`;
}

function methodsOf(values: string[]): HttpMethod[] | null {
  const methods = values.map((v) => v.toUpperCase());
  return methods.every((m): m is HttpMethod => (HTTP_METHODS as readonly string[]).includes(m)) ? methods : null;
}

/** The API calls one source file names. */
function callsIn(fileName: string, text: string): ApiCall[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const calls: ApiCall[] = [];
  const counted = new Set<ts.Node>();
  const where = (node: ts.Node) => `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;

  const add = (pathNode: ts.Expression, methodNode: ts.Expression | null, relativeToApi: boolean) => {
    counted.add(pathNode);
    const decided = conditions(pathNode, file);
    if (methodNode) conditions(methodNode, file, decided);
    for (const assume of everyChoice([...decided])) {
      const methods = methodNode ? methodsOf(values(methodNode, file, assume)) : ['GET' as const];
      for (const path of new Set(values(pathNode, file, assume)))
        calls.push({ methods, path: relativeToApi ? underApi(path) : path, where: where(pathNode) });
    }
  };

  const visit = (node: ts.Node): void => {
    // { url, method? } handed to RTK Query or its baseQuery.
    if (ts.isObjectLiteralExpression(node)) {
      const url = propertyOf(node, 'url');
      if (url) add(url, propertyOf(node, 'method') ?? null, true);
    }
    // query: (args) => '/path' — a GET.
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'query' && ts.isArrowFunction(node.initializer)) {
      const body = node.initializer.body;
      const inner = ts.isParenthesizedExpression(body) ? body.expression : body;
      if (!ts.isBlock(inner) && !ts.isObjectLiteralExpression(inner)) add(inner, null, true);
    }
    // Any other string that starts with /api/: a fetch, an image's src, a link. Read as a GET.
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) && !insideCounted(node)) {
      const parent = node.parent;
      const nested = ts.isTemplateSpan(parent) || ts.isConditionalExpression(parent) || ts.isBinaryExpression(parent);
      if (!nested) {
        const found = values(node, file, new Map()).filter((v) => v.startsWith('/api/'));
        if (found.length > 0) {
          counted.add(node);
          for (const path of new Set(found)) calls.push({ methods: ['GET'], path, where: where(node) });
        }
      }
    }
    node.forEachChild(visit);
  };
  const insideCounted = (node: ts.Node): boolean => {
    for (let n: ts.Node | undefined = node; n; n = n.parent) if (counted.has(n)) return true;
    return false;
  };
  visit(file);
  return calls;
}

/** The path's segments, query and fragment dropped; a segment holding a run-time value matches any segment. */
function segmentsOf(path: string): string[] {
  return path
    .split(/[?#]/, 1)[0]!
    .split('/')
    .filter((s) => s !== '');
}

/** The routes an API call can reach (empty: none, a path the server does not serve). */
function routesFor(call: ApiCall): string[] {
  const segments = segmentsOf(call.path);
  return ROUTES.filter((route) => {
    if (call.methods && !call.methods.includes(route.method)) return false;
    const pattern = route.path.split('/').filter((s) => s !== '');
    return (
      pattern.length === segments.length &&
      pattern.every((p, i) => {
        const s = segments[i]!;
        return s.includes(ANY) || p.startsWith(':') || p === s;
      })
    );
  }).map((route) => `${route.method} ${route.path}`);
}

const show = (call: ApiCall) => `${call.methods?.join('|') ?? 'ANY'} ${call.path.replaceAll(ANY, '${…}')}  (${call.where})`;

describe('the API paths the app calls', () => {
  const calls = sourceFiles(SRC).flatMap((file) => callsIn(relative(SRC, file), readFileSync(file, 'utf8')));

  it('are found in the source: the RTK Query endpoints, the fetches and the links', () => {
    const distinct = new Set(calls.map((c) => `${c.methods?.join('|')} ${segmentsOf(c.path).join('/')}`));
    expect(distinct.size).toBeGreaterThan(100);
    expect(calls.some((c) => c.path === '/api/transactions' && c.methods?.includes('POST'))).toBe(true);
    expect(calls.some((c) => c.path.startsWith(`/api/reports/shifts/${ANY}/pdf`))).toBe(true);
  });

  it('each reach a route of the route table with the method they use', () => {
    const unknown = calls.filter((c) => routesFor(c).length === 0).map(show);
    expect(unknown).toEqual([]);
  });

  it('a made-up path or a wrong method is caught', () => {
    const source = [
      'api.injectEndpoints({ endpoints: (build) => ({',
      '  a: build.query({ query: (id) => `/product/${encodeURIComponent(id)}` }),',
      "  b: build.mutation({ query: (id) => ({ url: `/products/${id}`, method: 'PATCH' }) }),",
      "  c: build.mutation({ query: ({ id, body }) => ({ url: id ? `/products/${id}` : '/products', method: id ? 'PUT' : 'POST', body }) }),",
      '}) });',
      'fetch(`${window.location.origin}/api/reprots/${type}/export/pdf`);',
    ].join('\n');
    const found = callsIn('made-up.ts', source);
    expect(found.filter((c) => routesFor(c).length === 0).map(show)).toEqual([
      'GET /api/product/${…}  (made-up.ts:2)',
      'PATCH /api/products/${…}  (made-up.ts:3)',
      'GET /api/reprots/${…}/export/pdf  (made-up.ts:6)',
    ]);
    // A url and its method chosen by the same condition stay paired: PUT /products/:id and POST /products only.
    expect(found.filter((c) => c.where === 'made-up.ts:4').map(show)).toEqual([
      'PUT /api/products/${…}  (made-up.ts:4)',
      'POST /api/products  (made-up.ts:4)',
    ]);
  });
});
