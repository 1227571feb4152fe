import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkSizes, FUNCTION_LINES, longFunctions } from './check-sizes.ts';

/** A function whose text spans `lines` lines, in the form `shape` writes around its body. */
function fn(lines: number, shape: (body: string) => string): string {
  return shape(Array.from({ length: lines - 2 }, (_, i) => `  call(${i});`).join('\n'));
}

describe('longFunctions', () => {
  it('reports a function of 151 lines and not one of 150, by the name it is given', () => {
    const text = [
      fn(FUNCTION_LINES, (body) => `function fits() {\n${body}\n}`),
      fn(FUNCTION_LINES + 1, (body) => `export const place = async () => {\n${body}\n};`),
    ].join('\n');
    expect(longFunctions('a.ts', text)).toEqual([
      { file: 'a.ts', line: FUNCTION_LINES + 1, name: 'place', lines: FUNCTION_LINES + 1 },
    ]);
  });

  it('sees methods, object members and components in TSX', () => {
    const text = [
      fn(200, (body) => `class A {\n  settle() {\n${body}\n  }\n}`),
      fn(160, (body) => `const service = { read: function () {\n${body}\n} };`),
      fn(170, (body) => `export function Card() {\n${body}\n  return <div />;\n}`),
    ].join('\n');
    expect(longFunctions('b.tsx', text).map(({ name, lines }) => [name, lines])).toEqual([
      ['settle', 200],
      ['read', 160],
      ['Card', 171],
    ]);
  });
});

describe('checkSizes', () => {
  /** A git tree of `files` (path → line count) in a folder of its own. */
  function tree(files: Record<string, number>): string {
    const root = mkdtempSync(path.join(os.tmpdir(), 'sizes-'));
    execFileSync('git', ['init', '-q'], { cwd: root });
    for (const [file, lines] of Object.entries(files)) {
      mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(root, file), 'call();\n'.repeat(lines));
    }
    return root;
  }

  it('refuses a module folder over 2,500 lines, and measures its sub-folders each alone', () => {
    expect(
      checkSizes(
        tree({
          'server/modules/orders/a.ts': 1_300,
          'server/modules/orders/b.ts': 1_201,
          'server/modules/orders/a.test.ts': 5_000,
        }),
      ).problems,
    ).toEqual(['server/modules/orders/ is 2501 lines (at most 2500)']);
    expect(
      checkSizes(
        tree({
          'server/modules/orders/a.ts': 1_300,
          'server/modules/orders/placement/b.ts': 1_201,
          'server/modules/orders/lifecycle/c.ts': 2_500,
        }),
      ).problems,
    ).toEqual([]);
  });
});
