/**
 * docs/architecture.md's import rules, each stated once, on the resolved path of every import (static,
 * `export … from`, `import type` and `import()` alike), at any folder depth.
 * `npm run lint` runs them through scripts/check-imports.ts, which adds the one check that
 * dependency-cruiser has no rule for: no cycle between module folders (server/modules/<name>/).
 * tests/architecture/import-rules.test.ts shows each rule failing on a small tree.
 */

/** Names the rule in the message, so a failure says which part of docs/architecture.md breaks. */
const rule = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

/** Files of ours (not npm packages, not Node's own modules). */
const OURS = ['local'];

module.exports = {
  forbidden: [
    rule(
      'shared-imports-nothing-of-ours',
      'docs/architecture.md: shared/ imports nothing of ours: only npm packages and other files of shared/ (no client, server, locales, scripts, build or tests).',
      { path: '^shared/' },
      { pathNot: '^shared/', dependencyTypes: OURS },
    ),
    rule(
      'client-never-imports-server',
      'docs/architecture.md: client/ never imports server/ (the client imports shared/ and locales/ only).',
      { path: '^client/' },
      { path: '^server/' },
    ),
    rule(
      'only-ssr-imports-client',
      'docs/architecture.md: in server/, only server/ssr/ imports client/ (the route table and the root component).',
      { path: '^server/', pathNot: '^server/ssr/' },
      { path: '^client/' },
    ),
    rule(
      'repositories-only-in-modules',
      "docs/architecture.md: only server/modules/ and server/db/ import a *.repository.ts; routes, jobs, ssr, http and scripts call a module's service.",
      { pathNot: '^(server/modules|server/db|client|shared)/' },
      { path: '\\.repository\\.ts$' },
    ),
    rule(
      'no-other-modules-repository',
      "docs/architecture.md: a module calls another module's service, never its repository (import only ./<x>.repository.ts of your own folder).",
      { path: '^server/modules/([^/]+)/' },
      { path: '\\.repository\\.ts$', pathNot: '^server/modules/$1/' },
    ),
    rule(
      'repository-never-imports-service-or-routes',
      'docs/architecture.md: a repository never imports a service or routes (routes → service → repository → db).',
      { path: '^server/.*\\.repository\\.ts$' },
      { path: '\\.(service|routes)\\.ts$' },
    ),
    rule(
      'service-never-imports-routes',
      'docs/architecture.md: a service never imports routes (routes → service → repository → db).',
      { path: '^server/.*\\.service\\.ts$' },
      { path: '\\.routes\\.ts$' },
    ),
    rule(
      'no-feature-imports-a-feature',
      'docs/architecture.md: no client feature imports another feature; move what both need to components/, lib/ or shared/.',
      { path: '^client/features/([^/]+)/' },
      { path: '^client/features/', pathNot: '^client/features/$1/' },
    ),
    rule(
      'features-never-import-upwards',
      'docs/architecture.md: client/features never import pages, layouts or app (app → pages → features → components/lib).',
      { path: '^client/features/' },
      { path: '^client/(pages|layouts|app)/' },
    ),
    rule(
      'components-and-lib-are-the-bottom',
      'docs/architecture.md: client/components and client/lib never import features, pages, layouts or app (app → pages → features → components/lib).',
      { path: '^client/(components|lib)/' },
      { path: '^client/(features|pages|layouts|app)/' },
    ),
    rule(
      'no-cycle',
      'no import cycle between files, type-only imports included: move the shared type to the module that owns it (or a *.types.ts), or let the callee own a listener interface.',
      {},
      { circular: true },
    ),
    rule(
      'resolved',
      'A relative import the checker cannot follow would escape these rules.',
      {},
      { couldNotResolve: true, path: '^\\.' },
    ),
  ],
  options: {
    // TypeScript 7 has no compiler API for dependency-cruiser yet; swc (already here for Jest)
    // parses TypeScript and keeps type-only imports, so cycles through types are seen too
    parser: 'swc',
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
