// ESLint for the whole workspace: typescript-eslint (type-aware where it earns its time), React's rules of hooks
// for the frontend, and Prettier's formatting left to Prettier. `npm test` runs it; a finding fails the run.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import dukan from './scripts/eslint-feature-exports.mjs';

const root = import.meta.dirname;

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'bench/results/**',
      '.nx/**',
      'desktop/build/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // An unused name is a leftover; a leading underscore says it is unused on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Nest's modules are classes with decorators only, and injection tokens are empty interfaces merged with classes.
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/no-unsafe-function-type': 'off',
    },
  },
  {
    // Type-aware rules on the TypeScript sources: the mistakes a type checker alone lets through.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // A feature, and the shared components, use a feature only through its index.ts (CONTRIBUTING: where things go).
    // The app's wiring (src/app: router, store; src/i18n's catalogues; src/test) may reach a feature's routes, slices
    // and texts directly: the router loads each page lazily, and a catalogue gathers every feature's texts.
    files: ['frontend/src/features/**/*.{ts,tsx}', 'frontend/src/components/**/*.{ts,tsx}'],
    plugins: { dukan },
    rules: { 'dukan/feature-exports': 'error' },
  },
  {
    // Code that runs in a page: the desktop shell's window, and what benchmarks and tests hand to Chromium.
    files: ['desktop/src/browser/**/*.js', 'desktop/src/preload/**', 'desktop/test/**', 'frontend/scripts/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.commonjs } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // A test reads answers of any shape and asserts on them; production code names its types.
    files: ['**/test/**', '**/*.spec.{ts,tsx}', '**/*.int-spec.ts', '**/*.e2e-spec.ts', 'e2e/**', 'libs/testing/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
