import { readFile, writeFile } from 'node:fs/promises';
import { decode, encode, type SourceMapSegment } from '@jridgewell/sourcemap-codec';

interface SourceMapJson {
  mappings: string;
  names?: string[];
  sourcesContent?: (string | null)[];
}

/**
 * The server's source map as `--enable-source-maps` needs it for a stack trace: one segment
 * for each run of a generated line that comes from one original line (file and line; the
 * column is where that run starts), no names, no sources' text. Node parses the whole map into
 * an array per segment the first time it formats a stack (at start, in practice): esbuild's
 * full map of the bundle cost ~40 MB of heap for the life of the process, this ~20.
 */
export function leanSourceMap<T extends SourceMapJson>(map: T): T {
  const lines = decode(map.mappings).map((line) => {
    const kept: SourceMapSegment[] = [];
    let previous: SourceMapSegment | undefined;
    for (const segment of line) {
      if (segment.length === 1) continue;
      if (previous && segment[1] === previous[1] && segment[2] === previous[2]) continue;
      kept.push([segment[0], segment[1], segment[2], segment[3]]);
      previous = segment;
    }
    return kept;
  });
  const { sourcesContent: _text, names: _names, ...rest } = map;
  return { ...rest, names: [], mappings: encode(lines) } as unknown as T;
}

/** Rewrites the source map beside the server bundle as its lean version. */
export async function leanServerSourceMap(file: string): Promise<void> {
  const map = JSON.parse(await readFile(file, 'utf8')) as SourceMapJson;
  await writeFile(file, JSON.stringify(leanSourceMap(map)));
}
