/**
 * `npm run lint` (after Biome): docs/architecture.md's import rules and the cycle checks, type-only
 * imports included. The rules are stated once in .dependency-cruiser.cjs (zones, a module's
 * own repository, no cycle between files); this adds the one check dependency-cruiser has no
 * rule for: no cycle between module folders (server/modules/<name>/ → … → the same folder),
 * and no import that climbs three folders or more (it names its root: `#shared/…`).
 * Exits 1 on any violation. It checks the tree of the folder it runs in (the architecture test
 * runs it in small trees of its own); `--json` prints the violations as JSON instead.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';

const ROOTS = ['shared', 'client', 'server', 'scripts', 'build', 'tests', 'types'];
const MODULE_FOLDER = /^server\/modules\/([^/]+)\//;
const FOLDER_CYCLE_RULE = {
  name: 'no-module-folder-cycle',
  comment:
    'a module folder never reaches itself through other module folders; the lower one states what it needs of the higher as an interface of its own, and server/services.ts passes the service.',
};

interface Violation {
  rule: string;
  /** the importing file, or the first module folder of a cycle */
  from: string;
  to: string;
  /** a files' cycle, or each edge of a folders' cycle with one import that makes it */
  via: string[];
  message: string;
}

const config = createRequire(import.meta.url)(
  path.join(import.meta.dirname, '..', '.dependency-cruiser.cjs'),
) as { forbidden: IForbiddenRuleType[]; options: object };
const comments = new Map(config.forbidden.map((rule) => [rule.name, rule.comment ?? '']));

/** The rule set's violations, once per rule and import (a file may import a module twice). */
function ruleViolations(result: ICruiseResult): Violation[] {
  const seen = new Set<string>();
  return result.summary.violations.flatMap(({ rule, from, to, cycle }) => {
    const key = `${rule.name} ${from} ${to}`;
    if (seen.has(key)) return [];
    seen.add(key);
    const via = cycle?.length ? [[from, ...cycle.map((step) => step.name)].join(' → ')] : [];
    return [{ rule: rule.name, from, to, via, message: comments.get(rule.name) ?? '' }];
  });
}

/**
 * The module folders' graph (an edge wherever a file of one imports a file of another) split
 * into strongly connected components (Tarjan): each component of more than one folder is a
 * cycle, given with one import for each of its edges.
 */
function moduleFolderCycles(result: ICruiseResult): Violation[] {
  const edges = new Map<string, Map<string, string>>();
  for (const module of result.modules) {
    const from = MODULE_FOLDER.exec(module.source)?.[1];
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = MODULE_FOLDER.exec(dependency.resolved)?.[1];
      if (!to || to === from) continue;
      const out = edges.get(from) ?? new Map<string, string>();
      const typeOnly = dependency.dependencyTypes.includes('type-only') ? ' (type-only)' : '';
      if (!out.has(to)) out.set(to, `${module.source} → ${dependency.resolved}${typeOnly}`);
      edges.set(from, out);
    }
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, counter);
    low.set(folder, counter++);
    stack.push(folder);
    for (const next of edges.get(folder)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (stack.includes(next))
        low.set(folder, Math.min(low.get(folder)!, index.get(next)!));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const component = stack.splice(stack.indexOf(folder));
    if (component.length > 1) components.push(component.sort());
  };
  for (const folder of [...edges.keys()].sort()) if (!index.has(folder)) visit(folder);
  const folderPath = (name: string) => `server/modules/${name}/`;
  return components.map((folders) => ({
    rule: FOLDER_CYCLE_RULE.name,
    from: folderPath(folders[0]!),
    to: folders.slice(1).map(folderPath).join(', '),
    via: folders.flatMap((from) =>
      [...(edges.get(from) ?? [])]
        .filter(([to]) => folders.includes(to))
        .sort()
        .map(([to, example]) => `${from} → ${to}: ${example}`),
    ),
    message: FOLDER_CYCLE_RULE.comment,
  }));
}

const DEEP_IMPORT_RULE = {
  name: 'no-deep-relative-import',
  comment:
    'an import that climbs three folders or more names its root instead: #client/…, #server/…, #shared/… (package.json `imports`)',
};

/** Imports written as a climb of three folders or more (`../../../shared/x.ts`). */
function deepRelativeImports(result: ICruiseResult): Violation[] {
  return result.modules.flatMap((module) =>
    module.dependencies
      .filter((dependency) => /^(\.\.\/){3,}/.test(dependency.module))
      .map((dependency) => ({
        rule: DEEP_IMPORT_RULE.name,
        from: module.source,
        to: dependency.module,
        via: [],
        message: DEEP_IMPORT_RULE.comment,
      })),
  );
}

const roots = ROOTS.filter((root) => existsSync(root));
const { output } = await cruise(roots, { ...config.options, ruleSet: config, validate: true });
const result = output as ICruiseResult;
const violations = [
  ...ruleViolations(result),
  ...moduleFolderCycles(result),
  ...deepRelativeImports(result),
];
if (process.argv.includes('--json')) console.log(JSON.stringify(violations));
else {
  for (const { rule, from, to, via, message } of violations) {
    const steps = via.map((step) => `\n    ${step}`).join('');
    console.error(`✖ ${from} → ${to}${steps}\n  ${rule}: ${message}`);
  }
  const { totalCruised, totalDependenciesCruised } = result.summary;
  console.log(
    `import rules and cycles: ${totalCruised} files, ${totalDependenciesCruised} imports, ${violations.length} violation(s)`,
  );
}
if (violations.length) process.exitCode = 1;
