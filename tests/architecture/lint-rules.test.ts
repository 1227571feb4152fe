/**
 * DESIGN §3's import rules live in biome.json: noRestrictedImports, one override per folder and
 * folder depth. The patterns match the import specifier as written (`../client/**` means
 * something else one folder deeper), and Biome does not merge a rule's options across
 * overrides (the last override that matches a file wins), so each override lists every rule
 * for its files, and a *.repository.ts / *.service.ts variant follows each server one.
 * This suite lints a small tree laid out like the repo with a copy of the repo's biome.json:
 * each rule's violation fails at each depth, and code that keeps the rules passes.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repo = path.resolve();
const biome = path.join(repo, 'node_modules', '.bin', 'biome');

/** A distinctive part of each rule's message in biome.json. */
const RULES = {
  sharedImportsNothingOfOurs: 'shared/ imports nothing of ours',
  clientNeverImportsServer: 'client/ never imports server/',
  onlySsrImportsClient: 'only server/ssr/ imports client/',
  noOtherModulesRepository: "a module calls another module's service, never its repository",
  repositoriesOnlyInModules: 'only server/modules/ and server/db/ import a *.repository.ts',
  noFeatureImportsAFeature: 'no client feature imports another feature',
  componentsAndLibAreTheBottom: 'client/components and client/lib never import',
  featuresNeverImportUpwards: 'client/features never import pages, layouts or app',
  repositoryNeverImportsServiceOrRoutes: 'a repository never imports a service or routes',
  serviceNeverImportsRoutes: 'a service never imports routes',
} as const;
type Rule = keyof typeof RULES;

/** [file, import specifier, rules it breaks]; one import per file. */
const CASES: [string, string, Rule[]][] = [
  // 1. shared/ imports only npm packages and shared/
  ['shared/to-client.ts', '../client/app/app.tsx', ['sharedImportsNothingOfOurs']],
  ['shared/to-server.ts', '../server/config.ts', ['sharedImportsNothingOfOurs']],
  ['shared/to-locales.ts', '../locales/en.json', ['sharedImportsNothingOfOurs']],
  ['shared/schemas/to-tests.ts', '../../tests/support/app.ts', ['sharedImportsNothingOfOurs']],
  ['shared/schemas/to-scripts.ts', '../../scripts/seed-catalog.ts', ['sharedImportsNothingOfOurs']],
  ['shared/ok-sibling.ts', './locales.ts', []],
  ['shared/ok-package.ts', 'ajv', []],
  ['shared/schemas/ok-parent.ts', '../locales.ts', []],
  ['shared/schemas/ok-sibling.ts', './auth.schemas.ts', []],
  // 2. client/ never imports server/, at every depth and in every layer
  ['client/entry.ts', '../server/config.ts', ['clientNeverImportsServer']],
  ['client/app/to-server.ts', '../../server/ssr/render.tsx', ['clientNeverImportsServer']],
  [
    'client/pages/home/to-server.tsx',
    '../../../server/lib/logger.ts',
    ['clientNeverImportsServer'],
  ],
  ['client/lib/to-server.ts', '../../server/config.ts', ['clientNeverImportsServer']],
  ['client/components/x/to-server.ts', '../../../server/a.ts', ['clientNeverImportsServer']],
  ['client/features/a/to-server.ts', '../../../server/a.ts', ['clientNeverImportsServer']],
  ['client/app/ok-shared.ts', '../../shared/routes.ts', []],
  ['client/pages/home/ok-shared.ts', '../../../shared/routes.ts', []],
  ['client/lib/ok-locales.ts', '../../locales/en.json', []],
  ['client/ok-entry.tsx', './app/app.tsx', []],
  // 3. in server/, only server/ssr/ imports client/
  ['server/to-client.ts', '../client/app/routes.tsx', ['onlySsrImportsClient']],
  ['server/http/to-client.ts', '../../client/app/store.ts', ['onlySsrImportsClient']],
  ['server/integrations/mail/to-client.ts', '../../../client/lib/api.ts', ['onlySsrImportsClient']],
  ['server/db/to-client.ts', '../../client/app/store.ts', ['onlySsrImportsClient']],
  ['server/db/seed/to-client.ts', '../../../client/app/store.ts', ['onlySsrImportsClient']],
  ['server/modules/a/to-client.ts', '../../../client/app/store.ts', ['onlySsrImportsClient']],
  ['server/modules/c/c.service.ts', '../../../client/app/store.ts', ['onlySsrImportsClient']],
  ['server/ssr/ok-client.tsx', '../../client/app/app.tsx', []],
  ['server/ssr/ok-client-type.ts', '../../client/app/page-state.ts', []],
  ['server/ok-shared.ts', '../shared/routes.ts', []],
  // 4. a module reads only its own repository; outside modules and db, nobody does
  ['server/modules/a/to-repo.ts', '../b/b.repository.ts', ['noOtherModulesRepository']],
  ['server/modules/d/d.service.ts', '../b/b.repository.ts', ['noOtherModulesRepository']],
  ['server/modules/e/e.repository.ts', '../b/b.repository.ts', ['noOtherModulesRepository']],
  ['server/to-repo.ts', './modules/a/a.repository.ts', ['repositoriesOnlyInModules']],
  ['server/http/to-repo.ts', '../modules/a/a.repository.ts', ['repositoriesOnlyInModules']],
  ['server/jobs/to-repo.ts', '../modules/a/a.repository.ts', ['repositoriesOnlyInModules']],
  ['server/ssr/to-repo.ts', '../modules/a/a.repository.ts', ['repositoriesOnlyInModules']],
  [
    'server/integrations/mail/to-repo.ts',
    '../../modules/a/a.repository.ts',
    ['repositoriesOnlyInModules'],
  ],
  ['scripts/to-repo.ts', '../server/modules/a/a.repository.ts', ['repositoriesOnlyInModules']],
  [
    'tests/api/to-repo.test.ts',
    '../../server/modules/a/a.repository.ts',
    ['repositoriesOnlyInModules'],
  ],
  ['server/modules/f/f.service.ts', './f.repository.ts', []],
  ['server/modules/a/ok-own-repo.ts', './a.repository.ts', []],
  ['server/modules/a/ok-other-service.ts', '../b/b.service.ts', []],
  ['server/db/seed/ok-repo.ts', '../../modules/a/a.repository.ts', []],
  ['server/db/migrations/0001_ok.ts', '../../modules/a/a.repository.ts', []],
  ['scripts/ok-service.ts', '../server/modules/a/a.service.ts', []],
  // 5. client layers: app → pages → features → components/lib; no feature imports another
  ['client/features/a/to-feature.ts', '../b/b.slice.ts', ['noFeatureImportsAFeature']],
  [
    'client/features/a/to-page.ts',
    '../../pages/home/home.page.tsx',
    ['featuresNeverImportUpwards'],
  ],
  [
    'client/features/a/to-layout.ts',
    '../../layouts/root-shell.tsx',
    ['featuresNeverImportUpwards'],
  ],
  ['client/features/a/to-app.ts', '../../app/store.ts', ['featuresNeverImportUpwards']],
  ['client/components/x/to-feature.ts', '../../features/a/a.ts', ['componentsAndLibAreTheBottom']],
  ['client/components/to-app.ts', '../app/store.ts', ['componentsAndLibAreTheBottom']],
  ['client/lib/to-page.ts', '../pages/home/home.page.tsx', ['componentsAndLibAreTheBottom']],
  ['client/lib/to-layout.ts', '../layouts/root-shell.tsx', ['componentsAndLibAreTheBottom']],
  ['client/features/a/ok-own.ts', './a.slice.ts', []],
  ['client/features/a/ok-lib.ts', '../../lib/api.ts', []],
  ['client/features/a/ok-component.ts', '../../components/button/button.ts', []],
  ['client/features/a/ok-shared.ts', '../../../shared/catalog.ts', []],
  ['client/components/x/ok-sibling.ts', '../icons/icons.tsx', []],
  ['client/lib/ok-sibling.ts', './api.ts', []],
  ['client/pages/home/ok-feature.ts', '../../features/a/a.tsx', []],
  ['client/layouts/ok-feature.ts', '../features/a/a.tsx', []],
  ['client/app/ok-page.ts', '../pages/home/home.page.tsx', []],
  // 6. routes → service → repository
  ['server/modules/g/g.repository.ts', './g.service.ts', ['repositoryNeverImportsServiceOrRoutes']],
  ['server/modules/h/h.repository.ts', './h.routes.ts', ['repositoryNeverImportsServiceOrRoutes']],
  [
    'server/modules/i/i.repository.ts',
    '../b/b.service.ts',
    ['repositoryNeverImportsServiceOrRoutes'],
  ],
  ['server/modules/j/j.service.ts', './j.routes.ts', ['serviceNeverImportsRoutes']],
  ['server/http/k.service.ts', '../modules/a/a.routes.ts', ['serviceNeverImportsRoutes']],
  [
    'server/integrations/mail/mail.repository.ts',
    '../../modules/a/a.service.ts',
    ['repositoryNeverImportsServiceOrRoutes'],
  ],
  ['server/modules/k/k.routes.ts', './k.service.ts', []],
  ['server/modules/l/l.service.ts', '../b/b.service.ts', []],
  ['server/modules/m/m.repository.ts', '../../db/database.ts', []],
];

/** The import statement forms the rules must catch, used in turn. */
const FORMS = [
  (spec: string) => `import { x } from '${spec}';\nexport const y = x;\n`,
  (spec: string) => `export { x } from '${spec}';\n`,
  (spec: string) => `import type { X } from '${spec}';\nexport type Y = X;\n`,
  (spec: string) => `export const load = () => import('${spec}');\n`,
];

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

let tmp: string;
let failing: { status: number | null; found: Map<string, string[]> };
let passing: { status: number | null; found: Map<string, string[]> };

/** Runs the repo's Biome on files of the temporary tree: exit status and messages by file. */
function lint(files: string[]) {
  const run = spawnSync(
    biome,
    [
      'lint',
      '--only=style/noRestrictedImports',
      '--reporter=json',
      '--max-diagnostics=none',
      ...files,
    ],
    { cwd: tmp, encoding: 'utf8' },
  );
  let report: { diagnostics: Diagnostic[] };
  try {
    report = JSON.parse(run.stdout);
  } catch {
    throw new Error(`biome gave no report (status ${run.status}):\n${run.stdout}\n${run.stderr}`);
  }
  const found = new Map<string, string[]>();
  for (const d of report.diagnostics) {
    if (d.category !== 'lint/style/noRestrictedImports')
      throw new Error(`unexpected diagnostic ${d.category}: ${d.message}`);
    const file = d.location.path.split(path.sep).join('/');
    found.set(file, [...(found.get(file) ?? []), d.message]);
  }
  return { status: run.status, found };
}

beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  const config = JSON.parse(readFileSync(path.join(repo, 'biome.json'), 'utf8'));
  config.root = true;
  config.vcs = { enabled: false };
  writeFileSync(path.join(tmp, 'biome.json'), JSON.stringify(config));
  CASES.forEach(([file, spec], index) => {
    mkdirSync(path.dirname(path.join(tmp, file)), { recursive: true });
    writeFileSync(path.join(tmp, file), FORMS[index % FORMS.length]!(spec));
  });
  failing = lint(['.']);
  passing = lint(CASES.filter(([, , rules]) => rules.length === 0).map(([file]) => file));
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the import rules of DESIGN §3 in biome.json', () => {
  it('fail the lint on a violation', () => {
    expect(failing.status).not.toBe(0);
  });

  it('pass the lint on files that keep them', () => {
    expect([...passing.found]).toEqual([]);
    expect(passing.status).toBe(0);
  });

  it.each(CASES)('%s importing %s breaks %j', (file, _spec, rules) => {
    const messages = failing.found.get(file) ?? [];
    expect(messages.map((m) => ruleOf(m))).toEqual(rules);
  });
});

function ruleOf(message: string): Rule | string {
  const rule = (Object.keys(RULES) as Rule[]).find((key) => message.includes(RULES[key]));
  return rule ?? message;
}

/**
 * The zone overrides only reach the folder depths they list; a file deeper than that would be
 * checked only against the repo-wide default. Every source file must sit at a listed depth.
 */
describe('biome.json covers every folder depth in use', () => {
  const config = JSON.parse(readFileSync(path.join(repo, 'biome.json'), 'utf8')) as {
    overrides: { includes: string[]; linter?: { rules?: { style?: object } } }[];
  };
  const globs = config.overrides
    .filter((o) => o.linter?.rules?.style && 'noRestrictedImports' in o.linter.rules.style)
    .flatMap((o) => o.includes)
    .map(globToRegExp);

  it.each(['client', 'server', 'shared'])('%s/', (root) => {
    const uncovered = sourceFiles(root).filter((file) => !globs.some((glob) => glob.test(file)));
    expect(uncovered).toEqual([]);
  });
});

function globToRegExp(glob: string): RegExp {
  const source = glob
    .split(/(\*\*\/|\*)/)
    .map((part) =>
      part === '**/'
        ? '(?:[^/]+/)*'
        : part === '*'
          ? '[^/]*'
          : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(repo, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [file] : [];
  });
}
