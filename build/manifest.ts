import type { Metafile } from 'esbuild';
import type { AssetManifest } from '#server/ssr/assets.ts';
import { MESSAGE_SETS, type MessageSet } from '#shared/message-sets.ts';

const isMessageSet = (name: string): name is MessageSet =>
  MESSAGE_SETS.includes(name as MessageSet);

const ASSETS = '/assets/';

/** The browser's JS files and their static imports, as the page links them (the metafile's). */
export interface JsGraph {
  /** the URL (/assets/…) of an output of the metafile */
  urlOf(output: string): string;
  /** the output (metafile path) of a URL */
  outputOf(url: string): string;
  /** the URLs a file imports statically, directly or not */
  importsOf(url: string): string[];
}

export function jsGraph(metafile: Metafile, outDir: string): JsGraph {
  const urlOf = (output: string) => `${ASSETS}${output.slice(outDir.length + 1)}`;
  const outputOf = (url: string) => `${outDir}/${url.slice(ASSETS.length)}`;
  const direct = (url: string) =>
    (metafile.outputs[outputOf(url)]?.imports ?? [])
      .filter((imported) => imported.kind === 'import-statement' && !imported.external)
      .map((imported) => urlOf(imported.path));
  return {
    urlOf,
    outputOf,
    importsOf(url) {
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
    },
  };
}

/**
 * The asset manifest the server links pages with, from esbuild's metafile: each screen is a `*.page.tsx` chunk keyed by
 * its view name, with the files it imports statically beyond the entry's and its stages' (to
 * modulepreload them) and its CSS; the entry's stages' files; each lazily loaded layout
 * (client/app/lazy-layouts.ts) likewise, by its file's name.
 */
export function manifestFromMetafile(metafile: Metafile, outDir: string): AssetManifest {
  const outputs = metafile.outputs;
  const graph = jsGraph(metafile, outDir);
  const toUrl = graph.urlOf;
  const manifest: AssetManifest = {
    entry: '',
    css: [],
    views: {},
    messages: {},
    messageSets: {},
    layouts: {},
  };
  const entryOutput = Object.keys(outputs).find(
    (file) => file.endsWith('.js') && outputs[file]!.entryPoint === 'client/entry.client.tsx',
  );
  if (!entryOutput) throw new Error('The client entry is missing from the build');
  // the entry and what it imports are not the screen's to preload: found once the entry is
  // parsed, they let the first paint come before hydration (server/ssr/assets.ts)
  const entryUrl = graph.urlOf(entryOutput);
  const ofEntry = new Set([entryUrl, ...graph.importsOf(entryUrl)]);
  // what the entry imports in stages before the page hydrates (client/entry.client.tsx)
  const stages = new Set<string>();
  for (const imported of outputs[entryOutput]!.imports)
    if (imported.kind === 'dynamic-import') {
      const url = graph.urlOf(imported.path);
      for (const file of [url, ...graph.importsOf(url)]) if (!ofEntry.has(file)) stages.add(file);
    }
  manifest.stages = [...stages];
  // loaded after the first paint by the entry, not preloaded with a screen
  for (const file of stages) ofEntry.add(file);
  for (const [file, output] of Object.entries(outputs)) {
    if (!file.endsWith('.js') || !output.entryPoint) continue;
    const css = output.cssBundle ? [toUrl(output.cssBundle)] : [];
    const url = graph.urlOf(file);
    if (output.entryPoint === 'client/entry.client.tsx') {
      manifest.entry = url;
      manifest.css = css;
      continue;
    }
    const messages = /^locales\/([a-z]{2})\.json$/.exec(output.entryPoint)?.[1];
    if (messages) {
      manifest.messages[messages] = url;
      continue;
    }
    const set = /^locales\/(\w+)\/([a-z]{2})\.json$/.exec(output.entryPoint);
    if (set && isMessageSet(set[1]!)) {
      manifest.messageSets![set[1]] = {
        ...manifest.messageSets![set[1]],
        [set[2]!]: url,
      };
      continue;
    }
    const layout = /^client\/layouts\/([\w-]+-layout)\.tsx$/.exec(output.entryPoint)?.[1];
    if (layout) {
      manifest.layouts![layout] = {
        js: url,
        imports: graph.importsOf(url).filter((imported) => !ofEntry.has(imported)),
      };
      continue;
    }
    const view = /([\w-]+)\.page\.tsx$/.exec(output.entryPoint)?.[1];
    if (!view) continue;
    if (manifest.views[view]) throw new Error(`Two screens are named ${view}.page.tsx`);
    manifest.views[view] = {
      js: url,
      imports: graph.importsOf(url).filter((imported) => !ofEntry.has(imported)),
      css,
    };
  }
  return manifest;
}
