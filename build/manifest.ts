import type { Metafile } from 'esbuild';
import type { AssetManifest } from '../server/ssr/assets.ts';
import { MESSAGE_SETS, type MessageSet } from '../shared/message-sets.ts';

const isMessageSet = (name: string): name is MessageSet =>
  MESSAGE_SETS.includes(name as MessageSet);

const toUrl = (outputPath: string, outDir: string) =>
  `/assets/${outputPath.slice(outDir.length + 1)}`;

/**
 * The asset manifest the server links pages with, from esbuild's metafile: each screen is a
 * `*.page.tsx` chunk keyed by its view name, with the chunks it imports statically (to
 * modulepreload them) and its CSS.
 */
export function manifestFromMetafile(metafile: Metafile, outDir: string): AssetManifest {
  const outputs = metafile.outputs;
  const staticImports = (file: string, seen = new Set<string>()): string[] => {
    for (const imported of outputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || imported.external || seen.has(imported.path))
        continue;
      seen.add(imported.path);
      staticImports(imported.path, seen);
    }
    return [...seen];
  };
  const manifest: AssetManifest = {
    entry: '',
    css: [],
    views: {},
    messages: {},
    messageSets: {},
  };
  for (const [file, output] of Object.entries(outputs)) {
    if (!file.endsWith('.js') || !output.entryPoint) continue;
    const css = output.cssBundle ? [toUrl(output.cssBundle, outDir)] : [];
    if (output.entryPoint === 'client/entry.client.tsx') {
      manifest.entry = toUrl(file, outDir);
      manifest.css = css;
      continue;
    }
    const messages = /^locales\/([a-z]{2})\.json$/.exec(output.entryPoint)?.[1];
    if (messages) {
      manifest.messages[messages] = toUrl(file, outDir);
      continue;
    }
    const set = /^locales\/(\w+)\/([a-z]{2})\.json$/.exec(output.entryPoint);
    if (set && isMessageSet(set[1]!)) {
      manifest.messageSets![set[1]] = {
        ...manifest.messageSets![set[1]],
        [set[2]!]: toUrl(file, outDir),
      };
      continue;
    }
    const view = /([\w-]+)\.page\.tsx$/.exec(output.entryPoint)?.[1];
    if (!view) continue;
    if (manifest.views[view]) throw new Error(`Two screens are named ${view}.page.tsx`);
    manifest.views[view] = {
      js: toUrl(file, outDir),
      imports: staticImports(file).map((path) => toUrl(path, outDir)),
      css,
    };
  }
  if (!manifest.entry) throw new Error('The client entry is missing from the build');
  return manifest;
}
