/**
 * Message ids the client renders against the messages its pages load (npm run locales:check,
 * also run by npm run lint). A page's browser has `locales/<lang>.json` and the message sets
 * its layout and screen load (shared/message-sets.ts; a kept subtree's content adds `kept`):
 * an id a component renders that none of those define shows as the raw key. So every client
 * file gets the sets of the pages that reach it through imports, and each message id it
 * names must be defined in `locales/en.json` or in the English file of one of those sets
 * (locales:check's other half keeps every language's file equal to the English one).
 *
 * A message id is a literal shaped like one (`cp.facts.speed`) that is either given as an id
 * (`id: '…'`, `id="…"`, `labelId = '…'`: `formatMessage({ id })`, `<FormattedMessage id>`)
 * or defined in some message file (an id picked from a list or a condition); a template's
 * fixed start (`` `staff.user.done.${action}` ``) must begin at least one id. A file shown
 * by several pages passes with the sets of any of them: a branch only the cabinet renders may
 * use the cabinet's texts (which branch runs is beyond a scan of the source).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  LAYOUT_MESSAGE_SETS,
  MESSAGE_SETS,
  type MessageSet,
  messageSetsOf,
} from '#shared/message-sets.ts';
import { type Layout, PAGES, type View } from '#shared/routes.ts';

/** A file a page starts from, and the sets the page loads beyond `locales/<lang>.json`. */
export interface UsageRoot {
  /** relative to the tree's root, with `/` */
  file: string;
  sets: readonly MessageSet[];
}

export interface UsageProblem {
  file: string;
  id: string;
  /** the message files that were searched */
  searched: string[];
}

/** What reads as one of our message ids: lower-case first word, dotted words after it. */
const ID = /^[a-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/;

interface Literal {
  text: string;
  /** a template literal's text before its first `${` (the rest is `…`) */
  template: boolean;
  /** the code just before it (an import's path, an id's value) */
  before: string;
}

/** The string and template literals of a source file, comments skipped. */
export function literalsOf(source: string): Literal[] {
  const found: Literal[] = [];
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    const next = source[index + 1];
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', index);
      index = end === -1 ? source.length : end;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', index + 2);
      index = end === -1 ? source.length : end + 2;
    } else if (char === '"' || char === "'" || char === '`') {
      let end = index + 1;
      let text = '';
      let template = false;
      while (end < source.length && source[end] !== char) {
        if (source[end] === '\\') {
          text += source[end + 1] ?? '';
          end += 2;
          continue;
        }
        if (char === '`' && source[end] === '$' && source[end + 1] === '{') {
          template = true;
          // the rest of the template: skip to its closing backtick, nested braces counted
          let depth = 0;
          while (end < source.length) {
            if (source[end] === '{') depth += 1;
            else if (source[end] === '}') depth -= 1;
            else if (source[end] === '`' && depth === 0) break;
            end += 1;
          }
          break;
        }
        text += source[end];
        end += 1;
      }
      found.push({ text, template, before: source.slice(Math.max(0, index - 12), index) });
      index = end + 1;
    } else index += 1;
  }
  return found;
}

/** An import's path (`from '…'`, `import '…'`, `import('…')`) rather than a value. */
const isSpecifier = (before: string) => /(\bfrom|\bimport)\s*\(?\s*$/.test(before);

/** A literal given as a message id: `id: '…'`, `id="…"`, `id={'…'}`, `labelId = '…'`. */
const isIdValue = (before: string) => /(\bid|Id)\s*[:=]\s*\{?\s*$/.test(before);

/**
 * The message ids a file names: literals given as an id or defined in `defined`, and the fixed
 * starts of templated ones, each with one of our ids' first words (`prefixes`).
 */
export function messageIdsIn(
  source: string,
  prefixes: ReadonlySet<string>,
  defined: ReadonlySet<string>,
): { ids: string[]; templates: string[] } {
  const ids = new Set<string>();
  const templates = new Set<string>();
  for (const literal of literalsOf(source)) {
    if (isSpecifier(literal.before)) continue;
    const first = literal.text.split('.')[0]!;
    if (!prefixes.has(first)) continue;
    if (literal.template) {
      if (/^[a-z][A-Za-z0-9_.-]*\.$/.test(literal.text)) templates.add(literal.text);
    } else if (ID.test(literal.text) && (isIdValue(literal.before) || defined.has(literal.text)))
      ids.add(literal.text);
  }
  return { ids: [...ids], templates: [...templates] };
}

/**
 * Where an import's path leads from `from`: a relative one from its folder, one of the
 * package's subpath imports (`#client/…`, package.json `imports`) from the repo's root.
 */
const targetOf = (from: string, specifier: string) =>
  specifier.startsWith('#')
    ? specifier.slice(1)
    : path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));

/** The client files a file imports (relative and `#` paths, static and dynamic). */
function importsOf(root: string, file: string, source: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+|#[\w-]+\/[^'"]+)\1/g;
  for (const match of source.matchAll(pattern)) {
    const target = targetOf(file, match[2]!);
    const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`];
    const hit = candidates.find(
      (candidate) => /\.tsx?$/.test(candidate) && existsSync(path.join(root, candidate)),
    );
    if (hit) found.push(hit);
  }
  return found;
}

/** The English messages of each place a page may load them from (not loader data's). */
function messagesOf(root: string): { base: Set<string>; sets: Map<MessageSet, Set<string>> } {
  const read = (file: string) =>
    new Set(Object.keys(JSON.parse(readFileSync(path.join(root, file), 'utf8'))));
  const sets = new Map<MessageSet, Set<string>>();
  for (const set of MESSAGE_SETS)
    if (existsSync(path.join(root, 'locales', set, 'en.json')))
      sets.set(set, read(`locales/${set}/en.json`));
  return { base: read('locales/en.json'), sets };
}

/**
 * Checks every client file some root reaches, with the sets of every root that reaches it; a
 * root's walk stops at other roots (a layout's screens are roots of their own).
 */
export function checkMessageUsage(root: string, roots: readonly UsageRoot[]): UsageProblem[] {
  const { base, sets } = messagesOf(root);
  const defined = new Set([...base, ...[...sets.values()].flatMap((keys) => [...keys])]);
  const prefixes = new Set([...defined].map((key) => key.split('.')[0]!));
  const sources = new Map<string, string>();
  const sourceOf = (file: string) => {
    if (!sources.has(file)) sources.set(file, readFileSync(path.join(root, file), 'utf8'));
    return sources.get(file)!;
  };
  const rootFiles = new Map<string, Set<MessageSet>>();
  for (const entry of roots)
    rootFiles.set(entry.file, new Set([...(rootFiles.get(entry.file) ?? []), ...entry.sets]));
  // file → the sets of the roots reaching it
  const reached = new Map<string, Set<MessageSet>>();
  for (const [start, startSets] of rootFiles) {
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length) {
      const file = queue.shift()!;
      reached.set(file, new Set([...(reached.get(file) ?? []), ...startSets]));
      for (const next of importsOf(root, file, sourceOf(file)))
        if (!seen.has(next) && !rootFiles.has(next) && next.startsWith('client/')) {
          seen.add(next);
          queue.push(next);
        }
    }
  }
  const problems: UsageProblem[] = [];
  for (const [file, fileSets] of [...reached].sort(([a], [b]) => a.localeCompare(b))) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const loaded = [...fileSets].sort();
    const searched = ['locales/en.json', ...loaded.map((set) => `locales/${set}/en.json`)];
    const has = (id: string) =>
      base.has(id) || loaded.some((set) => sets.get(set)?.has(id) ?? false);
    const keys = () => [...base, ...loaded.flatMap((set) => [...(sets.get(set) ?? [])])];
    const { ids, templates } = messageIdsIn(sourceOf(file), prefixes, defined);
    for (const id of ids) if (!has(id)) problems.push({ file, id, searched });
    for (const start of templates)
      if (!keys().some((key) => key.startsWith(start)))
        problems.push({ file, id: `${start}…`, searched });
  }
  return problems;
}

/**
 * The repo's roots: the entry (no set), each layout (its sets), each screen (the sets of every
 * page showing it), and each kept subtree's content (`kept`), read from client/app/routes.tsx,
 * client/app/lazy-layouts.ts and the `keptContent(…, () => import(…))` calls.
 */
export function repoRoots(root: string): UsageRoot[] {
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const resolve = targetOf;
  const roots: UsageRoot[] = [{ file: 'client/entry.client.tsx', sets: [] }];

  const routes = read('client/app/routes.tsx');
  for (const [, view, specifier] of routes.matchAll(
    /^\s*'?([\w-]+)'?: \(\) => import\('([^']+)'\)/gm,
  )) {
    for (const page of PAGES.filter((entry) => entry.view === (view as View)))
      roots.push({ file: resolve('client/app/routes.tsx', specifier!), sets: messageSetsOf(page) });
  }
  // layouts in the entry: `layout: Component` in LAYOUTS, the component's import
  const table = /const LAYOUTS[^{]*\{([^}]*)\}/.exec(routes)?.[1] ?? '';
  for (const [, layout, name] of table.matchAll(/([\w-]+): (\w+),/g)) {
    if (name === 'null') continue;
    const from = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '([^']+)'`).exec(routes);
    if (from)
      roots.push({
        file: resolve('client/app/routes.tsx', from[1]!),
        sets: LAYOUT_MESSAGE_SETS[layout as Layout],
      });
  }
  const lazy = read('client/app/lazy-layouts.ts');
  for (const [, layout, specifier] of lazy.matchAll(
    /([\w-]+): \{\s*file: '[^']*',\s*load: \(\) => import\('([^']+)'\)/g,
  ))
    roots.push({
      file: resolve('client/app/lazy-layouts.ts', specifier!),
      sets: LAYOUT_MESSAGE_SETS[layout as Layout],
    });

  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? walk(`${dir}/${entry.name}`)
        : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
          ? [`${dir}/${entry.name}`]
          : [],
    );
  for (const file of walk('client'))
    for (const [, specifier] of read(file).matchAll(
      /keptContent(?:<[^>]*>)?\(\s*'[^']+',\s*\(\) =>\s*import\('([^']+)'\)/g,
    ))
      roots.push({ file: resolve(file, specifier!), sets: ['kept'] });
  return roots;
}

/** A problem as one line of the check's output. */
export const describeProblem = (problem: UsageProblem) =>
  `${problem.file}: ${problem.id} is not in the messages its pages load (${problem.searched.join(', ')})`;
