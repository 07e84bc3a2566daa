/**
 * The import boundaries of the code (issue 18), checked by `npm run lint` (`depcruise`): a rule broken
 * fails the build. What each rule keeps apart is said in docs/architecture.md (« Boundaries »); why this
 * tool, in docs/decisions/architecture.md.
 */
const SOURCES = '^(apps/(api|web)/src|packages/contract/src)/';
const TESTS = '(^apps/[^/]+/test/|\\.(test|spec)\\.[cm]?[jt]sx?$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A file may not reach itself through its imports: the order of loading then decides what is ' +
        'undefined. Move what both files need into a third file that imports neither.',
      from: { path: SOURCES },
      to: { circular: true },
    },
    {
      name: 'db-not-modules',
      severity: 'error',
      comment: 'db/ (schema, client, migrations, seeds) is below the modules: it never imports one.',
      from: { path: '^apps/api/src/db/' },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'lib-not-modules-or-plugins',
      severity: 'error',
      comment: 'lib/ is the bottom floor: it never imports a module or a Fastify plugin.',
      from: { path: '^apps/api/src/lib/' },
      to: { path: '^apps/api/src/(modules|plugins)/' },
    },
    {
      name: 'routes-not-plugins',
      severity: 'error',
      comment:
        'A routes file is thin: it reads request.ctx (set by the plugins through app.ts), never a plugin.',
      from: { path: '^apps/api/src/modules/[^.]*routes\\.ts$' },
      to: { path: '^apps/api/src/plugins/' },
    },
    {
      name: 'feature-through-index',
      severity: 'error',
      comment: "A web feature uses another feature only through that feature's index.ts (its public face).",
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'app-through-index-or-routes',
      severity: 'error',
      comment: "The web app's frame takes from a feature its index.ts, or its routes.tsx to plug them in.",
      from: { path: '^apps/web/src/(app|components|lib)/' },
      to: {
        path: '^apps/web/src/features/',
        pathNot: '^apps/web/src/features/[^/]+/(index\\.ts|routes\\.tsx)$',
      },
    },
    {
      name: 'shared-web-not-features',
      severity: 'error',
      comment: "The web's shared components/ and lib/ are below the features: they never import one.",
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-frame-on-top',
      severity: 'error',
      comment:
        "The web's app/ (router, layout, theme, providers) is the top floor: no feature, shared " +
        'component or lib imports it.',
      from: { path: '^apps/web/src/(features|components|lib)/', pathNot: TESTS },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-lib-not-components',
      severity: 'error',
      comment: "The web's lib/ is the bottom floor: it never imports a shared component.",
      from: { path: '^apps/web/src/lib/', pathNot: TESTS },
      to: { path: '^apps/web/src/components/' },
    },
    {
      name: 'not-to-test',
      severity: 'error',
      comment: 'The code never imports a test or a test helper; a test never imports another test file.',
      from: {},
      to: { path: TESTS, pathNot: '^apps/[^/]+/test/.*(?<!\\.(test|spec)\\.[cm]?[jt]sx?)$' },
    },
    {
      name: 'source-not-to-test-helpers',
      severity: 'error',
      comment: 'The code never imports a test helper (apps/*/test/).',
      from: { path: SOURCES, pathNot: TESTS },
      to: { path: '^apps/[^/]+/test/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports count: a loop of types is still a loop to read.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
