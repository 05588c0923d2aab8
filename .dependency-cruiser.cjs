/** Module boundaries of ARCHITECTURE section 2 (a service imports only libs/*, never another service; the frontend only contracts), and no cycle. */
const SERVICES = ['identity', 'catalog', 'sales', 'loyalty', 'reporting', 'expenses', 'settings'];

module.exports = {
  forbidden: [
    ...SERVICES.map((s) => ({
      name: `no-${s}-to-other-service`,
      comment: `services/${s} may import libs/* only, never another service`,
      severity: 'error',
      from: { path: `^services/${s}/` },
      to: { path: `^services/(?!${s}/)`, pathNot: '\\.d\\.ts$' },
    })),
    {
      name: 'service-no-package-import-of-other-service',
      comment: 'a service may not import another service through its @dukan/* package name either',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^node_modules/@dukan/(identity|catalog|sales|loyalty|reporting|expenses|settings)' },
    },
    {
      name: 'libs-no-apps',
      comment: 'libraries never import services, the gateway or the frontend',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^(services|gateway|frontend|desktop)/' },
    },
    {
      name: 'contracts-pure',
      comment: 'libs/contracts is pure TypeScript shared with the browser: no other package but libphonenumber-js (plain JavaScript)',
      severity: 'error',
      from: { path: '^libs/contracts/src/' },
      to: {
        path: '^(node_modules|libs/(platform|testing))/',
        pathNot: '^node_modules/libphonenumber-js/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'frontend-only-contracts',
      comment: 'the frontend imports only libs/contracts of our code',
      severity: 'error',
      from: { path: '^frontend/src/' },
      to: { path: '^(services|gateway|libs/(platform|testing))/' },
    },
    {
      name: 'frontend-feature-public-api',
      comment: 'a frontend feature uses another feature only through what it exports (features/<name>/index.ts), never its internals',
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/[^/]+/', pathNot: ['^frontend/src/features/$1/', '^frontend/src/features/[^/]+/index\\.ts$'] },
    },
    {
      name: 'frontend-shared-uses-feature-exports',
      comment: 'the shared components (the layout, the ui kit) use a feature only through what it exports, never its internals',
      severity: 'error',
      from: { path: '^frontend/src/components/' },
      to: { path: '^frontend/src/features/[^/]+/', pathNot: '^frontend/src/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'no-circular',
      comment: 'modules import each other in one direction only: a cycle means two modules are one job, or a shared part belongs elsewhere',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'], conditionNames: ['types', 'import', 'default'] },
  },
};
