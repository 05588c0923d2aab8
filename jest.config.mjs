// One jest run over every server-side project; the frontend runs under vitest (scripts/test.mjs adds them up).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];

const base = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@dukan/(contracts|platform|testing)$': '<rootDir>/libs/$1/src/index.ts',
    '^@dukan/(identity|catalog|sales|loyalty|reporting|expenses|settings)$': '<rootDir>/services/$1/src/index.ts',
    '^@dukan/gateway$': '<rootDir>/gateway/src/index.ts',
    // Our sources import './x.js' for './x.ts'; a package's own '*.json.js' (libphonenumber-js's metadata) stays as it is.
    '^(\\.{1,2}/.*)(?<!\\.json)\\.js$': '$1',
  },
  rootDir: '.',
};

const project = (displayName, roots, extra = {}) => ({
  ...base,
  displayName,
  roots,
  testMatch: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts'],
  ...extra,
});

export default {
  projects: [
    project('contracts', ['<rootDir>/libs/contracts']),
    project('platform', ['<rootDir>/libs/platform']),
    project('testing', ['<rootDir>/libs/testing']),
    ...['identity', 'catalog', 'sales', 'loyalty', 'reporting', 'expenses', 'settings'].map((s) => project(s, [`<rootDir>/services/${s}`])),
    project('gateway', ['<rootDir>/gateway']),
    project('desktop', ['<rootDir>/desktop'], { transform: {}, testMatch: ['**/*.spec.mjs'] }),
    // The Kubernetes manifests (kubectl kustomize) and the image's entrypoint.
    project('infra', ['<rootDir>/infra']),
    project('e2e', ['<rootDir>/e2e'], {
      // The browser tier drives the built app (frontend included) in Chromium.
      globalSetup: '<rootDir>/e2e/global-setup.mjs',
      globalTeardown: '<rootDir>/e2e/global-teardown.mjs',
      setupFiles: ['<rootDir>/e2e/worker-app.mjs'],
    }),
  ],
  // Read from here only (jest ignores a project's own). Tests start services on PostgreSQL and NATS: on a loaded
  // two-core machine that takes well over jest's 5 s, and a hook cut short tears the file down mid-start.
  testTimeout: 120_000,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testSequencer: '<rootDir>/scripts/jest-sequencer.cjs',
};
