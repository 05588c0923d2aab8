// An ESLint rule: code outside a frontend feature uses it only through what it exports (its index.ts), never a file
// inside it, so a feature's insides can change without another feature noticing. The same boundary as
// dependency-cruiser's `frontend-feature-public-api`, found while typing rather than in `npm test`.
import { dirname, relative, resolve, sep } from 'node:path';

const features = resolve(import.meta.dirname, '..', 'frontend', 'src', 'features');

/** @type {import('eslint').Rule.RuleModule} */
const featureExports = {
  meta: {
    type: 'problem',
    docs: { description: 'import another frontend feature only through its index (frontend/src/features/<name>/index.ts)' },
    schema: [],
    messages: {
      internal:
        "'{{source}}' is inside the {{feature}} feature: import it from '{{index}}' (export it there if it is meant for use outside)",
    },
  },
  create(context) {
    const file = context.filename;
    const inside = relative(features, file);
    const own = inside.startsWith('..') ? undefined : inside.split(sep)[0];
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = relative(features, resolve(dirname(file), source.value));
      if (target.startsWith('..')) return;
      const [feature, ...rest] = target.split(sep);
      if (feature === own || rest.length === 0 || (rest.length === 1 && /^index(\.[jt]sx?)?$/.test(rest[0]))) return;
      const index = relative(dirname(file), resolve(features, feature, 'index.js'))
        .split(sep)
        .join('/');
      context.report({ node: source, messageId: 'internal', data: { source: source.value, feature, index } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'feature-exports': featureExports } };
