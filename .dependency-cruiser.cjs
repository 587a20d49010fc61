/**
 * Architecture rules checked by `npm run check:architecture` (part of `npm test`).
 * Paths are relative to the repository root.
 */
const MODULES = '^apps/server/src/modules/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle (type-only imports included): files and modules depend on each other in one direction only.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-uses-domain-only',
      severity: 'error',
      comment:
        'The web app talks to the server over HTTP only; of our code it uses packages/domain (the contracts).',
      from: { path: '^apps/web/' },
      to: { path: '^(apps/(?!web/)|packages/(?!domain/)|e2e|scripts|bench)' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'packages/domain uses nothing of ours (only its own files and npm packages).',
      from: { path: '^packages/domain/' },
      to: { path: '^(apps|packages/(?!domain/)|e2e|scripts|bench)' },
    },
    {
      name: 'extraction-uses-domain-only',
      severity: 'error',
      comment: 'packages/extraction may use packages/domain and nothing else of ours.',
      from: { path: '^packages/extraction/' },
      to: { path: '^(apps|packages/(?!(domain|extraction)/)|e2e|scripts)' },
    },
    {
      name: 'no-deep-package-imports',
      severity: 'error',
      comment: 'Other code uses a package through its entry point (package.json "exports"), never its files.',
      from: { path: '^(apps|packages/(?!domain/))' },
      to: { path: '^packages/domain/', pathNot: '^packages/domain/src/index\\.ts$' },
    },
    {
      name: 'no-deep-extraction-imports',
      severity: 'error',
      from: { path: '^(apps|packages/(?!extraction/))' },
      to: { path: '^packages/extraction/', pathNot: '^packages/extraction/src/index\\.ts$' },
    },
    {
      name: 'module-tables-through-index',
      severity: 'error',
      comment:
        "A module reaches another module's tables only through that module's public index (index.ts), never its schema.ts.",
      from: { path: MODULES },
      to: { path: '^apps/server/src/modules/[^/]+/schema\\.ts$', pathNot: '^apps/server/src/modules/$1/' },
    },
    {
      name: 'schema-index-for-the-connection-only',
      severity: 'error',
      comment: 'db/schema.ts gathers every table for the connection; code imports tables from their module.',
      from: { path: '^apps/server/src/', pathNot: '^apps/server/src/db/' },
      to: { path: '^apps/server/src/db/schema\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
