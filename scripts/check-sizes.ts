/**
 * `npm run lint` (last): the sizes docs/architecture.md sets so that a reader can hold a piece
 * in mind. No function (declaration, method, arrow or expression) longer than 150 lines in the
 * source, test files, the catalogue's seed data and the simulator aside; no server module
 * folder over 2,500 lines; the order form's folder (client/features/order-form/) at most
 * 1,200. Lines count the source as written, test files left out of a folder's sum.
 * Exits 1 on any excess but the order form's, which is said and waits (docs/performance.md,
 * "The order form's size": the form's further cuts cost the cabinet's first visit bytes it
 * does not have); `--list` prints every excess and exits 0.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';

export const FUNCTION_LINES = 150;
export const MODULE_FOLDER_LINES = 2500;
export const ORDER_FORM_LINES = 1200;
const ORDER_FORM = 'client/features/order-form/';

/** Data, not logic: the seed's catalogue and the simulator's fake panel may be long. */
const EXEMPT = [/^scripts\/seed-catalog\.ts$/, /^server\/seed\//, /simulator/];
const TEST = /(\.test\.tsx?$|^tests\/)/;

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

interface Node {
  type: string;
  loc?: { start: { line: number }; end: { line: number } };
  id?: { name?: string } | null;
  key?: { name?: string };
  [field: string]: unknown;
}

const FUNCTION = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ObjectMethod',
  'ClassMethod',
  'ClassPrivateMethod',
]);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** The functions of one file's text longer than `limit` lines. */
export function longFunctions(file: string, text: string, limit = FUNCTION_LINES): LongFunction[] {
  const program = parse(text, {
    sourceType: 'module',
    plugins: ['typescript', ...(file.endsWith('.tsx') ? (['jsx'] as const) : [])],
  }).program as unknown as Node;
  const found: LongFunction[] = [];
  const visit = (node: Node, name: string) => {
    if (FUNCTION.has(node.type) && node.loc) {
      const lines = node.loc.end.line - node.loc.start.line + 1;
      const own = node.id?.name ?? node.key?.name ?? name;
      if (lines > limit) found.push({ file, line: node.loc.start.line, name: own, lines });
    }
    for (const [field, value] of Object.entries(node)) {
      if (field === 'loc' || field === 'leadingComments' || field === 'trailingComments') continue;
      // a function takes the name it is given: `const place = (…) => …`, `{ place: … }`
      const childName =
        node.type === 'VariableDeclarator' || node.type === 'ObjectProperty'
          ? (((node.id ?? node.key) as Node & { name?: string })?.name ?? name)
          : name;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (isNode(child)) visit(child, childName);
      }
    }
  };
  visit(program, '(anonymous)');
  return found;
}

function sourceFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !TEST.test(file));
}

function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Each folder's sum over its source files, keyed by the folder that `folderOf` gives. */
function folderSums(texts: Map<string, string>, folderOf: (file: string) => string | null) {
  const sums = new Map<string, number>();
  for (const [file, text] of texts) {
    const folder = folderOf(file);
    if (folder) sums.set(folder, (sums.get(folder) ?? 0) + lineCount(text));
  }
  return sums;
}

/** The source files' texts by path (a file git lists but the working tree lost is left out). */
function sourceTexts(root: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const file of sourceFiles(root)) {
    try {
      texts.set(file, readFileSync(path.join(root, file), 'utf8'));
    } catch {
      // listed by git but deleted in the working tree
    }
  }
  return texts;
}

/**
 * What fails the lint (`problems`), and the order form's folder over its limit, said apart
 * (`waiting`).
 */
export function checkSizes(root: string): { problems: string[]; waiting: string | null } {
  const texts = sourceTexts(root);
  const problems: string[] = [];
  for (const [file, text] of texts) {
    if (EXEMPT.some((pattern) => pattern.test(file))) continue;
    for (const fn of longFunctions(file, text)) {
      problems.push(
        `${fn.file}:${fn.line} ${fn.name} is ${fn.lines} lines (at most ${FUNCTION_LINES})`,
      );
    }
  }
  const modules = folderSums(texts, (file) => /^server\/modules\/[^/]+\//.exec(file)?.[0] ?? null);
  for (const [folder, lines] of modules) {
    // a module split into sub-folders is measured by each of them
    const parts = folderSums(
      texts,
      (file) =>
        (file.startsWith(folder) && /^[^/]+\/[^/]+\/[^/]+\/[^/]+\//.exec(file)?.[0]) || null,
    );
    const own = lines - [...parts.values()].reduce((a, b) => a + b, 0);
    for (const [part, partLines] of [[folder, own] as const, ...parts]) {
      if (partLines > MODULE_FOLDER_LINES) {
        problems.push(`${part} is ${partLines} lines (at most ${MODULE_FOLDER_LINES})`);
      }
    }
  }
  const form = folderSums(texts, (file) => (file.startsWith(ORDER_FORM) ? ORDER_FORM : null));
  const formLines = form.get(ORDER_FORM) ?? 0;
  const waiting =
    formLines > ORDER_FORM_LINES
      ? `${ORDER_FORM} is ${formLines} lines (at most ${ORDER_FORM_LINES})`
      : null;
  return { problems, waiting };
}

if (import.meta.main) {
  const { problems, waiting } = checkSizes(process.cwd());
  for (const problem of problems) console.log(problem);
  if (waiting) console.log(`waiting: ${waiting}`);
  if (problems.length && !process.argv.includes('--list')) process.exit(1);
  if (!problems.length)
    console.log('sizes: no function over 150 lines, no module folder over 2,500');
}
