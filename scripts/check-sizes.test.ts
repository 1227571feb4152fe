import { FUNCTION_LINES, longFunctions } from './check-sizes.ts';

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
