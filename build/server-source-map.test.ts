import { SourceMap, type SourceMapping } from 'node:module';
import { decode } from '@jridgewell/sourcemap-codec';
import * as esbuild from 'esbuild';
import { leanSourceMap } from './server-source-map.ts';

const SOURCE = `import { parse } from './other.ts';
export function order(raw: string) {
  const quantity = parse(raw);
  if (quantity < 10) throw new Error(\`too few: \${quantity}\`);
  return { quantity, total: quantity * 2 };
}
`;
const OTHER = `export function parse(raw: string): number {
  const value = Number.parseInt(raw, 10);
  return Number.isNaN(value) ? 0 : value;
}
`;

async function bundle(minify: boolean) {
  const result = await esbuild.build({
    stdin: { contents: SOURCE, sourcefile: 'order.ts', loader: 'ts', resolveDir: '/virtual' },
    bundle: true,
    format: 'esm',
    minifyWhitespace: minify,
    sourcemap: 'external',
    outfile: '/virtual/out.js',
    write: false,
    plugins: [
      {
        name: 'virtual',
        setup(build) {
          build.onResolve({ filter: /other\.ts$/ }, () => ({ path: '/virtual/other.ts' }));
          build.onLoad({ filter: /other\.ts$/ }, () => ({ contents: OTHER, loader: 'ts' }));
        },
      },
    ],
  });
  const map = result.outputFiles.find((file) => file.path.endsWith('.map'))!;
  return JSON.parse(map.text) as { mappings: string; sourcesContent?: string[]; names?: string[] };
}

/** A mapping's original file and line (an unmapped position has neither). */
const placeOf = (entry: SourceMapping | object) =>
  'originalSource' in entry ? [entry.originalSource, entry.originalLine] : [];

describe("the server's lean source map (build/server-source-map.ts)", () => {
  for (const minify of [false, true]) {
    it(`names the same file and line for every position of the bundle${minify ? ', minified' : ''}`, async () => {
      const full = await bundle(minify);
      const lean = leanSourceMap(full);
      expect(lean.sourcesContent).toBeUndefined();
      expect(lean.names).toEqual([]);
      const segments = (mappings: string) => decode(mappings).flat().length;
      expect(segments(lean.mappings)).toBeLessThan(segments(full.mappings) / 2);

      const fullMap = new SourceMap(full as never);
      const leanMap = new SourceMap(lean as never);
      decode(full.mappings).forEach((line, generatedLine) => {
        for (const [generatedColumn] of line) {
          const want = fullMap.findEntry(generatedLine, generatedColumn);
          const got = leanMap.findEntry(generatedLine, generatedColumn);
          expect('originalSource' in want).toBe(true);
          expect(placeOf(got)).toEqual(placeOf(want));
        }
      });
    });
  }
});
