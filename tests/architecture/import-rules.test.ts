/**
 * docs/architecture.md's import rules and the cycle checks (.dependency-cruiser.cjs, run by
 * scripts/check-imports.ts in `npm run lint`), tried on small trees laid out like the repo:
 * each rule's violation fails at any depth and in each import form, a cycle between files
 * (type-only included) or between module folders fails, and code that keeps the rules passes.
 * dependency-cruiser follows resolved paths, so each imported file exists in the tree.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repo = path.resolve();
const script = path.join(repo, 'scripts', 'check-imports.ts');

type Rule =
  | 'shared-imports-nothing-of-ours'
  | 'client-never-imports-server'
  | 'only-ssr-imports-client'
  | 'no-other-modules-repository'
  | 'repositories-only-in-modules'
  | 'no-feature-imports-a-feature'
  | 'components-and-lib-are-the-bottom'
  | 'features-never-import-upwards'
  | 'repository-never-imports-service-or-routes'
  | 'service-never-imports-routes'
  | 'no-cycle';

/** [file, import specifier, rules it breaks]; one import per file. */
const CASES: [string, string, Rule[]][] = [
  // 1. shared/ imports only npm packages and shared/
  ['shared/to-client.ts', '../client/app/app.tsx', ['shared-imports-nothing-of-ours']],
  ['shared/to-server.ts', '../server/config.ts', ['shared-imports-nothing-of-ours']],
  ['shared/to-locales.ts', '../locales/en.json', ['shared-imports-nothing-of-ours']],
  ['shared/schemas/to-tests.ts', '../../tests/support/app.ts', ['shared-imports-nothing-of-ours']],
  [
    'shared/schemas/to-scripts.ts',
    '../../scripts/seed-catalog.ts',
    ['shared-imports-nothing-of-ours'],
  ],
  ['shared/ok-sibling.ts', './locales.ts', []],
  ['shared/ok-package.ts', 'ajv', []],
  ['shared/schemas/ok-parent.ts', '../locales.ts', []],
  ['shared/schemas/ok-sibling.ts', './auth.schemas.ts', []],
  // 2. client/ never imports server/, at every depth and in every layer
  ['client/entry.ts', '../server/config.ts', ['client-never-imports-server']],
  ['client/app/to-server.ts', '../../server/ssr/render.tsx', ['client-never-imports-server']],
  [
    'client/pages/home/to-server.tsx',
    '../../../server/lib/logger.ts',
    ['client-never-imports-server'],
  ],
  ['client/lib/to-server.ts', '../../server/config.ts', ['client-never-imports-server']],
  ['client/components/x/to-server.ts', '../../../server/a.ts', ['client-never-imports-server']],
  ['client/features/a/to-server.ts', '../../../server/a.ts', ['client-never-imports-server']],
  [
    'client/pages/cabinet/orders/deep/to-server.ts',
    '../../../../../server/a.ts',
    ['client-never-imports-server'],
  ],
  ['client/app/ok-shared.ts', '../../shared/routes.ts', []],
  ['client/pages/home/ok-shared.ts', '../../../shared/routes.ts', []],
  ['client/lib/ok-locales.ts', '../../locales/en.json', []],
  ['client/ok-entry.tsx', './app/app.tsx', []],
  // 3. in server/, only server/ssr/ imports client/
  ['server/to-client.ts', '../client/app/routes.tsx', ['only-ssr-imports-client']],
  ['server/http/to-client.ts', '../../client/app/store.ts', ['only-ssr-imports-client']],
  [
    'server/integrations/mail/to-client.ts',
    '../../../client/lib/api.ts',
    ['only-ssr-imports-client'],
  ],
  ['server/db/to-client.ts', '../../client/app/store.ts', ['only-ssr-imports-client']],
  ['server/db/seed/to-client.ts', '../../../client/app/store.ts', ['only-ssr-imports-client']],
  ['server/modules/a/to-client.ts', '../../../client/app/store.ts', ['only-ssr-imports-client']],
  ['server/modules/c/c.service.ts', '../../../client/app/store.ts', ['only-ssr-imports-client']],
  ['server/ssr/ok-client.tsx', '../../client/app/app.tsx', []],
  ['server/ssr/ok-client-type.ts', '../../client/app/page-state.ts', []],
  ['server/ok-shared.ts', '../shared/routes.ts', []],
  // 4. a module reads only its own repository; outside modules and db, nobody does
  ['server/modules/a/to-repo.ts', '../b/b.repository.ts', ['no-other-modules-repository']],
  ['server/modules/d/d.service.ts', '../b/b.repository.ts', ['no-other-modules-repository']],
  ['server/modules/e/e.repository.ts', '../b/b.repository.ts', ['no-other-modules-repository']],
  ['server/to-repo.ts', './modules/a/a.repository.ts', ['repositories-only-in-modules']],
  ['server/http/to-repo.ts', '../modules/a/a.repository.ts', ['repositories-only-in-modules']],
  ['server/jobs/to-repo.ts', '../modules/a/a.repository.ts', ['repositories-only-in-modules']],
  ['server/ssr/to-repo.ts', '../modules/a/a.repository.ts', ['repositories-only-in-modules']],
  [
    'server/integrations/mail/to-repo.ts',
    '../../modules/a/a.repository.ts',
    ['repositories-only-in-modules'],
  ],
  ['scripts/to-repo.ts', '../server/modules/a/a.repository.ts', ['repositories-only-in-modules']],
  [
    'tests/api/to-repo.test.ts',
    '../../server/modules/a/a.repository.ts',
    ['repositories-only-in-modules'],
  ],
  ['server/modules/f/f.service.ts', './f.repository.ts', []],
  ['server/modules/a/ok-own-repo.ts', './a.repository.ts', []],
  ['server/modules/a/ok-other-service.ts', '../b/b.service.ts', []],
  ['server/db/seed/ok-repo.ts', '../../modules/a/a.repository.ts', []],
  ['server/db/migrations/0001_ok.ts', '../../modules/a/a.repository.ts', []],
  ['scripts/ok-service.ts', '../server/modules/a/a.service.ts', []],
  // a module's sub-folders are the module: they share its repositories, no other module does
  ['server/modules/n/a/ok-root-repo.ts', '../n.repository.ts', []],
  ['server/modules/n/a/ok-sibling-repo.ts', '../b/b.repository.ts', []],
  ['server/modules/o/to-sub-repo.ts', '../n/b/b.repository.ts', ['no-other-modules-repository']],
  [
    'server/modules/o/sub/to-sub-repo.ts',
    '../../n/b/b.repository.ts',
    ['no-other-modules-repository'],
  ],
  // 5. client layers: app → pages → features → components/lib; no feature imports another
  ['client/features/a/to-feature.ts', '../b/b.slice.ts', ['no-feature-imports-a-feature']],
  [
    'client/features/a/to-page.ts',
    '../../pages/home/home.page.tsx',
    ['features-never-import-upwards'],
  ],
  [
    'client/features/a/to-layout.ts',
    '../../layouts/root-shell.tsx',
    ['features-never-import-upwards'],
  ],
  ['client/features/a/to-app.ts', '../../app/store.ts', ['features-never-import-upwards']],
  ['client/features/a/parts/to-feature.ts', '../../b/b.slice.ts', ['no-feature-imports-a-feature']],
  [
    'client/components/x/to-feature.ts',
    '../../features/a/a.ts',
    ['components-and-lib-are-the-bottom'],
  ],
  ['client/components/to-app.ts', '../app/store.ts', ['components-and-lib-are-the-bottom']],
  ['client/lib/to-page.ts', '../pages/home/home.page.tsx', ['components-and-lib-are-the-bottom']],
  ['client/lib/to-layout.ts', '../layouts/root-shell.tsx', ['components-and-lib-are-the-bottom']],
  ['client/features/a/ok-own.ts', './a.slice.ts', []],
  ['client/features/a/parts/ok-own.ts', '../a.slice.ts', []],
  ['client/features/a/ok-lib.ts', '../../lib/api.ts', []],
  ['client/features/a/ok-component.ts', '../../components/button/button.ts', []],
  ['client/features/a/ok-shared.ts', '../../../shared/catalog.ts', []],
  ['client/components/x/ok-sibling.ts', '../icons/icons.tsx', []],
  ['client/lib/ok-sibling.ts', './api.ts', []],
  ['client/pages/home/ok-feature.ts', '../../features/a/a.tsx', []],
  ['client/layouts/ok-feature.ts', '../features/a/a.tsx', []],
  ['client/app/ok-page.ts', '../pages/home/home.page.tsx', []],
  // 6. routes → service → repository
  [
    'server/modules/g/g.repository.ts',
    './g.service.ts',
    ['repository-never-imports-service-or-routes'],
  ],
  [
    'server/modules/h/h.repository.ts',
    './h.routes.ts',
    ['repository-never-imports-service-or-routes'],
  ],
  [
    'server/modules/i/i.repository.ts',
    '../b/b.service.ts',
    ['repository-never-imports-service-or-routes'],
  ],
  ['server/modules/j/j.service.ts', './j.routes.ts', ['service-never-imports-routes']],
  ['server/http/k.service.ts', '../modules/a/a.routes.ts', ['service-never-imports-routes']],
  [
    'server/integrations/mail/mail.repository.ts',
    '../../modules/a/a.service.ts',
    ['repository-never-imports-service-or-routes'],
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

/** Cycles, each file with its whole source (a cycle is reported once, at its first file). */
const CYCLES: [string, string][] = [
  // three files, two of the imports type-only: a → b → c → a
  ['server/lib/a.ts', "import type { B } from './b.ts';\nexport type A = B[];\n"],
  ['server/lib/b.ts', "import { a } from './c.ts';\nexport type B = typeof a;\n"],
  ['server/lib/c.ts', "import type { A } from './a.ts';\nexport const a: A = [];\n"],
  // two files of shared/, each naming the other's type
  ['shared/x.ts', "import type { Y } from './y.ts';\nexport type X = { y?: Y };\n"],
  ['shared/y.ts', "import type { X } from './x.ts';\nexport type Y = { x?: X };\n"],
  // two module folders with no cycle of files: p's service uses q's, q's reads name p's type
  [
    'server/modules/p/p.service.ts',
    "import { q } from '../q/q.service.ts';\nexport const p = q;\n",
  ],
  ['server/modules/q/q.service.ts', 'export const q = 1;\n'],
  [
    'server/modules/q/q-reads.service.ts',
    "import type { P } from '../p/p.types.ts';\nexport type R = P;\n",
  ],
  ['server/modules/p/p.types.ts', 'export type P = number;\n'],
  // three module folders, each a value import: r → s → t → r
  [
    'server/modules/r/r.service.ts',
    "import { s } from '../s/s.service.ts';\nexport const r = s;\n",
  ],
  ['server/modules/s/s.service.ts', "import { t } from '../t/t.ts';\nexport const s = t;\n"],
  ['server/modules/t/t.ts', 'export const t = 1;\n'],
  ['server/modules/t/t-uses-r.ts', "import { r } from '../r/r.service.ts';\nexport { r };\n"],
];

/** A layered chain of module folders, u → v → w: no cycle. */
const LAYERED: [string, string][] = [
  [
    'server/modules/u/u.service.ts',
    "import { v } from '../v/v.service.ts';\nexport const u = v;\n",
  ],
  [
    'server/modules/v/v.service.ts',
    "import { w } from '../w/w.service.ts';\nexport const v = w;\n",
  ],
  ['server/modules/w/w.service.ts', 'export const w = 1;\n'],
  // two sub-folders of one module that import each other: one folder of the graph, no cycle
  ['server/modules/x/a/a.ts', "import { b } from '../b/b.ts';\nexport const a = b;\n"],
  ['server/modules/x/b/b.ts', 'export const b = 1;\n'],
  [
    'server/modules/x/b/b-reads.ts',
    "import type { A } from '../a/a-types.ts';\nexport type B = A;\n",
  ],
  ['server/modules/x/a/a-types.ts', 'export type A = number;\n'],
];

interface Violation {
  rule: string;
  from: string;
  to: string;
  via: string[];
}

const DEEP = 'no-deep-relative-import';

/** What an imported file holds in the tree: every name the forms import. */
const TARGET = 'export const x = 1;\nexport type X = number;\n';

/** Writes a tree (imported files first, so a case that is also imported keeps its import). */
function tree(files: [string, string][]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  const write = (file: string, source: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  };
  for (const [file, spec] of CASES) {
    if (!spec.startsWith('.')) continue;
    const target = path.posix.join(path.posix.dirname(file), spec);
    write(target, target.endsWith('.json') ? '{}\n' : TARGET);
  }
  for (const [file, source] of files) write(file, source);
  return dir;
}

/** Runs the check in a tree: exit status and the rules broken by each file (or folder). */
function check(dir: string) {
  const run = spawnSync(process.execPath, [script, '--json'], { cwd: dir, encoding: 'utf8' });
  let violations: Violation[];
  try {
    violations = JSON.parse(run.stdout);
  } catch {
    throw new Error(`no report (status ${run.status}):\n${run.stdout}\n${run.stderr}`);
  }
  // the cases are written as relative climbs: the rule against deep ones has a test of its own
  const deep = violations.filter((violation) => violation.rule === DEEP);
  violations = violations.filter((violation) => violation.rule !== DEEP);
  const found = new Map<string, string[]>();
  for (const { rule, from } of violations) found.set(from, [...(found.get(from) ?? []), rule]);
  return { status: run.status, found, violations, deep };
}

const source = (index: number, spec: string) => FORMS[index % FORMS.length]!(spec);
const dirs: string[] = [];
let failing: ReturnType<typeof check>;
let passing: ReturnType<typeof check>;

beforeAll(() => {
  const cases = CASES.map(([file, spec], index): [string, string] => [file, source(index, spec)]);
  const bad = tree([...cases, ...CYCLES]);
  const good = tree([...cases.filter((_, index) => CASES[index]![2].length === 0), ...LAYERED]);
  dirs.push(bad, good);
  failing = check(bad);
  passing = check(good);
}, 60_000);

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the import rules of docs/architecture.md (.dependency-cruiser.cjs)', () => {
  it('fail the check on a violation', () => {
    expect(failing.status).toBe(1);
  });

  it('pass the check on files that keep them', () => {
    expect(passing.violations).toEqual([]);
    expect(passing.status).toBe(passing.deep.length ? 1 : 0);
  });

  it('refuse an import that climbs three folders, and take the same one by its root', () => {
    const dir = tree([
      ['package.json', JSON.stringify({ type: 'module', imports: { '#shared/*': './shared/*' } })],
      ['shared/routes.ts', TARGET],
      ['client/pages/home/climbs.ts', "import { x } from '../../../shared/routes.ts';\nx;\n"],
      ['client/pages/home/by-root.ts', "import { x } from '#shared/routes.ts';\nx;\n"],
      ['client/pages/home/near.ts', "import { x } from '../../lib/a.ts';\nx;\n"],
      ['client/lib/a.ts', TARGET],
    ]);
    dirs.push(dir);
    const result = check(dir);
    expect(result.deep.map((violation) => [violation.from, violation.to])).toEqual([
      ['client/pages/home/climbs.ts', '../../../shared/routes.ts'],
    ]);
    expect(result.violations).toEqual([]);
    expect(result.status).toBe(1);
  });

  it.each(CASES)('%s importing %s breaks %j', (file, _spec, rules) => {
    expect(failing.found.get(file) ?? []).toEqual(rules);
  });
});

describe('the cycle checks', () => {
  it('a cycle of files through type-only imports fails, once', () => {
    const cycles = failing.violations.filter((v) => v.rule === 'no-cycle');
    expect(cycles.map((v) => v.via)).toEqual([
      ['server/lib/a.ts → server/lib/b.ts → server/lib/c.ts → server/lib/a.ts'],
      ['shared/x.ts → shared/y.ts → shared/x.ts'],
    ]);
  });

  it('two module folders that import each other fail, with no cycle of files', () => {
    const cycle = failing.violations.find((v) => v.from === 'server/modules/p/');
    expect(cycle).toMatchObject({ rule: 'no-module-folder-cycle', to: 'server/modules/q/' });
    expect(cycle?.via).toEqual([
      'p → q: server/modules/p/p.service.ts → server/modules/q/q.service.ts',
      'q → p: server/modules/q/q-reads.service.ts → server/modules/p/p.types.ts (type-only)',
    ]);
    expect(failing.found.get('server/modules/p/p.service.ts')).toBeUndefined();
  });

  it('three module folders in a ring fail as one cycle', () => {
    expect(failing.found.get('server/modules/r/')).toEqual(['no-module-folder-cycle']);
    expect(failing.violations.find((v) => v.from === 'server/modules/r/')?.to).toBe(
      'server/modules/s/, server/modules/t/',
    );
  });

  it('a layered chain of module folders passes', () => {
    expect(passing.violations.filter((v) => /modules\/[uvw]\//.test(v.from))).toEqual([]);
  });

  it('sub-folders of one module that import each other are no cycle of module folders', () => {
    expect(passing.violations.filter((v) => /modules\/x\//.test(v.from))).toEqual([]);
  });
});

describe('the repo', () => {
  it('keeps the import rules and has no cycle (what `npm run lint` checks)', () => {
    const run = spawnSync(process.execPath, [script, '--json'], { cwd: repo, encoding: 'utf8' });
    expect(JSON.parse(run.stdout)).toEqual([]);
    expect(run.status).toBe(0);
  }, 60_000);
});
