import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { COMPILE_HINT, graphFromMetafile, mergeChunks } from './merge-chunks.ts';

/**
 * A client in small: the entry uses `shared`, two lazy screens use it too and share `common`
 * between them. esbuild puts `shared` in a chunk of its own (the entry and both screens reach
 * it); merged, it is part of the entry, and the screens keep one chunk for `common`.
 */
const SOURCES: Record<string, string> = {
  'client/entry.client.tsx': `
    import { shared } from './shared.ts';
    globalThis.log.push('entry ' + shared());
    export const screens = { a: () => import('./a.page.tsx'), b: () => import('./b.page.tsx') };
    globalThis.screens = screens;`,
  'client/shared.ts': `export const shared = () => 'shared';`,
  'client/common.ts': `export const common = (name) => 'common ' + name;`,
  'client/a.page.tsx': `
    import { shared } from './shared.ts'; import { common } from './common.ts';
    export default () => shared() + ' ' + common('a');`,
  'client/b.page.tsx': `
    import { shared } from './shared.ts'; import { common } from './common.ts';
    export default () => shared() + ' ' + common('b');`,
};

let root: string;
let result: esbuild.BuildResult<{ write: false; metafile: true }>;
const outDir = 'dist/assets';

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'merge-chunks-'));
  await mkdir(path.join(root, 'client'));
  for (const [file, text] of Object.entries(SOURCES)) await writeFile(path.join(root, file), text);
  result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { 'entry.client': 'client/entry.client.tsx' },
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: path.join(root, outDir),
    chunkNames: 'chunks/[name]-[hash]',
    entryNames: '[name]-[hash]',
    minify: true,
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const entryOf = (metafile: esbuild.Metafile) =>
  Object.keys(metafile.outputs).find(
    (file) => metafile.outputs[file]!.entryPoint === 'client/entry.client.tsx',
  )!;
const screenOf = (metafile: esbuild.Metafile, name: string) =>
  Object.keys(metafile.outputs).find(
    (file) => metafile.outputs[file]!.entryPoint === `client/${name}.page.tsx`,
  )!;

describe('mergeChunks', () => {
  it('keeps what the entry has in the entry, where esbuild gave it a chunk of its own', async () => {
    const { metafile } = result;
    const unmerged = graphFromMetafile(metafile, outDir);
    const entryUrl = unmerged.urlOf(entryOf(metafile));
    expect(unmerged.importsOf(entryUrl)).toHaveLength(1);

    const merged = await mergeChunks(result.outputFiles, metafile, root, path.join(root, outDir), {
      sourcemap: true,
    });
    const entry = merged.graph.urlOf(entryOf(metafile));
    expect(merged.graph.importsOf(entry)).toEqual([]);
    const a = merged.graph.urlOf(screenOf(metafile, 'a'));
    const b = merged.graph.urlOf(screenOf(metafile, 'b'));
    expect(a).toMatch(/^\/assets\/chunks\/a\.page-[a-z0-9]+\.js$/);
    // each screen: the entry (for `shared`) and the chunk the two share (for `common`)
    const common = merged.graph.importsOf(a).filter((url) => url !== entry);
    expect(common).toHaveLength(1);
    expect(merged.graph.importsOf(b).filter((url) => url !== entry)).toEqual(common);
    expect(merged.graph.outputsOf(entry)).toContain(entryOf(metafile));
    // the maps lead back to the sources
    const map = JSON.parse(merged.files.get(`${a.slice('/assets/'.length)}.map`)!) as {
      sources: string[];
    };
    expect(map.sources).toContain('../../../client/a.page.tsx');
  });

  it('writes files that run as the unmerged ones do', async () => {
    const merged = await mergeChunks(
      result.outputFiles,
      result.metafile,
      root,
      path.join(root, outDir),
      { sourcemap: false },
    );
    const written = path.join(root, 'merged');
    for (const [name, text] of merged.files) {
      await mkdir(path.dirname(path.join(written, name)), { recursive: true });
      await writeFile(path.join(written, name), text);
    }
    const scope = globalThis as unknown as {
      log: string[];
      screens: Record<string, () => Promise<{ default: () => string }>>;
    };
    scope.log = [];
    const entry = merged.graph.urlOf(entryOf(result.metafile)).slice('/assets/'.length);
    // each file opens with V8's compile hint (a comment: the file runs the same)
    for (const [name, text] of merged.files)
      if (name.endsWith('.js')) expect(text.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    await import(pathToFileURL(path.join(written, entry)).href);
    expect(scope.log).toEqual(['entry shared']);
    expect((await scope.screens.a!()).default()).toBe('shared common a');
    expect((await scope.screens.b!()).default()).toBe('shared common b');
  });
});
