import { existsSync } from 'node:fs';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { type ExistingRawSourceMap, type OutputChunk, rollup, type SourceMapInput } from 'rollup';

/**
 * The browser's JS files and their static imports, as the page links them: where each esbuild
 * entry output (by its metafile path) ended up, and what each file imports.
 */
export interface JsGraph {
  /** the URL (/assets/…) of the file an esbuild entry output is in */
  urlOf(output: string): string;
  /** the URLs a file imports statically, directly or not */
  importsOf(url: string): string[];
  /** the esbuild outputs (metafile paths) a file is made of */
  outputsOf(url: string): string[];
}

const ASSETS = '/assets/';
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

function closure(url: string, direct: (url: string) => readonly string[]): string[] {
  const seen = new Set<string>();
  const walk = (from: string) => {
    for (const imported of direct(from)) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      walk(imported);
    }
  };
  walk(url);
  seen.delete(url);
  return [...seen];
}

/** The graph of esbuild's own output, unmerged (the dev build). */
export function graphFromMetafile(metafile: esbuild.Metafile, outDir: string): JsGraph {
  const urlOf = (output: string) => `${ASSETS}${output.slice(outDir.length + 1)}`;
  const outputOf = (url: string) => `${outDir}/${url.slice(ASSETS.length)}`;
  const direct = (url: string) =>
    (metafile.outputs[outputOf(url)]?.imports ?? [])
      .filter((imported) => imported.kind === 'import-statement' && !imported.external)
      .map((imported) => urlOf(imported.path));
  return {
    urlOf,
    importsOf: (url) => closure(url, direct),
    outputsOf: (url) => [outputOf(url)],
  };
}

/**
 * esbuild's map of one of its files, less the embedded text of sources that do not exist:
 * some packages' own maps name sources they do not ship (formatjs: `../index.ts`, several
 * different files under one name), which Rollup refuses to merge.
 */
function sourceMapOf(file: string, json: string | undefined): SourceMapInput | null {
  if (!json) return null;
  const map = JSON.parse(json) as ExistingRawSourceMap;
  const dir = path.dirname(file);
  map.sourcesContent = map.sourcesContent?.map((content, index) =>
    existsSync(path.resolve(dir, map.sources[index]!)) ? content : null,
  );
  return map;
}

export interface MergedJs {
  /** the JS files (and their source maps) by path relative to the assets directory */
  files: Map<string, string>;
  graph: JsGraph;
}

/**
 * esbuild splits code by the set of entry points that reach it, and counts every lazy screen
 * as an entry point: what the client entry shares with some screens lands in a chunk per such
 * set (25 chunks for the entry alone), each a request before the first paint and a gzip
 * stream of its own. Rollup, given esbuild's output, knows a lazy screen loads after the entry
 * that imports it, so it keeps what the entry has in the entry and merges the rest per screen
 * set: a landing loads 11 files instead of 36, 12 KiB gzip less. Names keep esbuild's stem
 * and a fresh content hash; source maps chain back to the sources.
 */
export async function mergeChunks(
  outputFiles: readonly esbuild.OutputFile[],
  metafile: esbuild.Metafile,
  root: string,
  assetsDir: string,
  options: { sourcemap: boolean },
): Promise<MergedJs> {
  const code = new Map<string, string>();
  const maps = new Map<string, string>();
  for (const file of outputFiles) {
    if (file.path.endsWith('.js')) code.set(file.path, file.text);
    else if (file.path.endsWith('.js.map')) maps.set(file.path.slice(0, -4), file.text);
  }
  const entryOutput = Object.keys(metafile.outputs).find(
    (output) => metafile.outputs[output]!.entryPoint === 'client/entry.client.tsx',
  );
  if (!entryOutput) throw new Error('The client entry is missing from the build');
  const bundle = await rollup({
    input: path.join(root, entryOutput),
    preserveEntrySignatures: false,
    onwarn(warning, warn) {
      if (warning.code === 'UNRESOLVED_IMPORT') throw new Error(warning.message);
      warn(warning);
    },
    plugins: [
      {
        name: 'esbuild-output',
        resolveId(source, importer) {
          if (!importer) return source;
          const file = source.startsWith(ASSETS)
            ? path.join(assetsDir, source.slice(ASSETS.length))
            : path.resolve(path.dirname(importer), source);
          return code.has(file) ? file : null;
        },
        load(id) {
          const text = code.get(id);
          if (text === undefined) return null;
          return { code: text, map: options.sourcemap ? sourceMapOf(id, maps.get(id)) : null };
        },
      },
    ],
  });
  // esbuild's names end in its own hash; the merged file gets one of its content
  const stem = (name: string) => name.replace(/-[A-Z0-9]{8}$/, '');
  const { output } = await bundle.generate({
    // where the files will be written: their maps' sources are relative to it
    dir: assetsDir,
    format: 'es',
    compact: true,
    // V8's explicit compile hint: every function of a file is compiled with it, on the
    // thread that streams the file in, instead of on the main thread when first called; the
    // page needs nearly all of a file it loads (the entry's evaluation at 4× CPU: ~190 → ~110 ms)
    banner: COMPILE_HINT,
    sourcemap: options.sourcemap,
    hashCharacters: 'base36',
    entryFileNames: (chunk) => `${stem(chunk.name)}-[hash].js`,
    chunkFileNames: (chunk) => `chunks/${stem(chunk.name)}-[hash].js`,
  });
  await bundle.close();

  const files = new Map<string, string>();
  const chunks = output.filter((item): item is OutputChunk => item.type === 'chunk');
  const urlByOutput = new Map<string, string>();
  const direct = new Map<string, string[]>();
  const outputs = new Map<string, string[]>();
  for (const chunk of chunks) {
    const url = `${ASSETS}${chunk.fileName}`;
    // generate() ends the code with the map's link already
    files.set(chunk.fileName, chunk.code);
    if (chunk.map) files.set(`${chunk.fileName}.map`, chunk.map.toString());
    const made = Object.keys(chunk.modules).map((id) =>
      path.relative(root, id).split(path.sep).join('/'),
    );
    for (const output of made) urlByOutput.set(output, url);
    outputs.set(url, made);
    direct.set(
      url,
      chunk.imports.map((imported) => `${ASSETS}${imported}`),
    );
  }
  return {
    files,
    graph: {
      urlOf(output) {
        const url = urlByOutput.get(output);
        if (!url) throw new Error(`No merged chunk has ${output} in it`);
        return url;
      },
      importsOf: (url) => closure(url, (from) => direct.get(from) ?? []),
      outputsOf: (url) => outputs.get(url) ?? [],
    },
  };
}
