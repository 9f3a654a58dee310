/**
 * The architecture check (docs/architecture.md "Layers and module faces"), run by `npm run lint`
 * through scripts/check-architecture.ts, which adds the one rule an import graph cannot see (SQL
 * text outside repos). The rules are written once over path patterns, so a new web feature or a new
 * server module needs no new block here.
 *
 * Web: app → features → components / lib / config; a feature never imports another feature.
 * Server: lib → db → plugins → modules (repo → service → routes) → jobs / demo → app.ts; another
 * module is reached only through its face (`modules/<name>/index.ts`), never its repo; SQL stays in
 * repos and db/.
 */
const WEB = '^apps/web/src/';
const SERVER = '^apps/server/src/';
const TEST = '\\.test\\.tsx?$|/testing/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment:
        'Two files that import each other (directly or around a circle) cannot be understood, or changed, alone.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'web-lower-layers-stay-below',
      comment: 'components/, lib/ and config/ sit below features and app: imports flow one way.',
      severity: 'error',
      from: { path: `${WEB}(components|lib|config)/`, pathNot: TEST },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: 'web-features-below-app',
      comment: 'A feature does not know the pages it is used on: the app composes features.',
      severity: 'error',
      from: { path: `${WEB}features/`, pathNot: TEST },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-feature-to-feature',
      comment: 'A feature never imports another feature: share through components/, lib/ or @campus/contract.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'server-lib-imports-nothing-above',
      comment: 'lib/ is plain helpers: it imports no database, plugin, module or job.',
      severity: 'error',
      from: { path: `${SERVER}lib/`, pathNot: TEST },
      to: { path: `${SERVER}(db|plugins|modules|jobs|demo)/|${SERVER}(app|server)\\.ts$` },
    },
    {
      name: 'server-db-imports-nothing-above',
      comment: 'db/ is the connection, the schema and migrations: it imports no plugin, module or job.',
      severity: 'error',
      from: { path: `${SERVER}db/`, pathNot: TEST },
      to: { path: `${SERVER}(plugins|modules|jobs|demo)/|${SERVER}(app|server)\\.ts$` },
    },
    {
      name: 'server-plugins-below-modules',
      comment: "Plugins are the request's machinery (campus, session, storage): modules use them, not the reverse.",
      severity: 'error',
      from: { path: `${SERVER}plugins/`, pathNot: TEST },
      to: { path: `${SERVER}(modules|jobs|demo)/|${SERVER}(app|server)\\.ts$`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-modules-below-jobs',
      comment: 'Jobs, the demo seeds and the app call modules; a module never calls them.',
      severity: 'error',
      from: { path: `${SERVER}modules/`, pathNot: TEST },
      to: { path: `${SERVER}(jobs|demo)/|${SERVER}(app|server)\\.ts$`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-module-face',
      comment:
        'Another module is reached through its face, modules/<name>/index.ts: what it exports is what it promises.',
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/`, pathNot: TEST },
      to: {
        path: `${SERVER}modules/[^/]+/`,
        pathNot: [`${SERVER}modules/$1/`, `${SERVER}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'server-module-face-from-outside',
      comment:
        'Jobs, the demo seeds and plugins use a module through its face too; only app.ts and server.ts wire its parts.',
      severity: 'error',
      from: { path: `${SERVER}(jobs|demo|plugins)/`, pathNot: TEST },
      to: { path: `${SERVER}modules/[^/]+/`, pathNot: `${SERVER}modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'server-repo-stays-in-its-module',
      comment: "A repo is its module's own: plugins, jobs and seeds call the module's services.",
      severity: 'error',
      from: { path: SERVER, pathNot: [`${SERVER}modules/`, TEST] },
      to: { path: `${SERVER}modules/[^/]+/[^/]+\\.repo\\.ts$` },
    },
    {
      name: 'server-sql-only-in-repos',
      comment: 'Queries (drizzle-orm, the schema tables) are written in *.repo.ts; services compose repos.',
      severity: 'error',
      from: { path: `${SERVER}modules/`, pathNot: `\\.repo\\.ts$|${TEST}` },
      to: { path: ['node_modules/drizzle-orm/', `${SERVER}db/schema`], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-demo-through-services',
      comment: 'The demo seeds write as users do, through module faces: no table is read or written around a service.',
      severity: 'error',
      from: { path: `${SERVER}demo/`, pathNot: TEST },
      to: { path: ['node_modules/drizzle-orm/', `${SERVER}db/schema`], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/dist/', '/migrations/', 'node_modules/\\.vite'] },
    tsPreCompilationDeps: true,
    // Only for resolving the web app's `@/…` (apps/web/tsconfig.json "paths") from the repository root.
    tsConfig: { fileName: 'tsconfig.architecture.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
