/**
 * Production build: the browser bundle (ESM, one chunk per screen, content-hashed names,
 * an asset manifest from the metafile) and the server bundle (Node ESM, npm packages left
 * external). `node build/build.ts [--watch]`; the dev loop is build/dev.ts.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { cssModulesPlugin } from './css-modules.ts';
import { leanEntryCss } from './entry-css.ts';
import { writeIconSprite } from './icon-sprite.ts';
import { manifestFromMetafile } from './manifest.ts';
import { type JsGraph, mergeChunks } from './merge-chunks.ts';
import { compiledMessagesPlugin } from './messages-plugin.ts';
import { leanServerSourceMap } from './server-source-map.ts';

const root = path.resolve(import.meta.dirname, '..');
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const BUNDLED_SERVER_PACKAGES = ['kysely', 'react-router', 'react-intl', 'redux-saga'];
const outClient = path.join(root, 'dist/client');
const outServer = path.join(root, 'dist/server');
const production = process.env.NODE_ENV !== 'development';

const shared: esbuild.BuildOptions = {
  absWorkingDir: root,
  bundle: true,
  jsx: 'automatic',
  loader: { '.css': 'css' },
  // the same class names on both sides, so server HTML and client CSS agree
  plugins: [cssModulesPlugin(root)],
  define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
  logLevel: 'warning',
  legalComments: 'none',
  // UTF-8 text as it is: \uXXXX escapes would make the Cyrillic messages twice as big
  charset: 'utf8',
};

/**
 * The browser build reads client/lib/environment.browser.ts for client/lib/environment.ts:
 * `ON_SERVER` is the constant false there, and the server-only branches go.
 */
const browserEnvironment: esbuild.Plugin = {
  name: 'browser-environment',
  setup(build) {
    build.onResolve({ filter: /[\\/]environment\.ts$/ }, (args) =>
      path.resolve(args.resolveDir, args.path) === path.join(root, 'client/lib/environment.ts')
        ? { path: path.join(root, 'client/lib/environment.browser.ts') }
        : undefined,
    );
  },
};

/**
 * react-router's production files name their components for React's dev tools with top-level
 * statements (`Link.displayName = "Link"`), which keep every such component, and all it
 * uses, in the bundle whether a page uses it or not (a statement that assigns is a side
 * effect to esbuild). The browser build drops those statements: what we never use (its Link,
 * NavLink, Form, ScrollRestoration and their prefetching) goes with them.
 */
const routerWithoutDisplayNames: esbuild.Plugin = {
  name: 'react-router-without-display-names',
  setup(build) {
    build.onLoad(
      { filter: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].*\.js$/ },
      async (args) => ({
        contents: (await readFile(args.path, 'utf8'))
          .replace(/^[ \t]*[\w$]+\.displayName = "[^"\n]*";$/gm, '')
          // and `const Link = React.forwardRef(…)` is a call to esbuild, kept unless pure
          .replace(/^(const [\w$]+ = )([\w$]+\.forwardRef\()/gm, '$1/* @__PURE__ */ $2'),
        loader: 'js',
      }),
    );
  },
};

export const clientOptions: esbuild.BuildOptions = {
  ...shared,
  entryPoints: { 'entry.client': 'client/entry.client.tsx' },
  plugins: [
    cssModulesPlugin(root),
    compiledMessagesPlugin(),
    browserEnvironment,
    routerWithoutDisplayNames,
  ],
  outdir: path.join(outClient, 'assets'),
  publicPath: '/assets/',
  platform: 'browser',
  format: 'esm',
  splitting: true,
  target: ['es2022', 'chrome111', 'safari16.4', 'firefox115'],
  minify: production,
  sourcemap: production ? 'linked' : 'inline',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: '[name]-[hash]',
  metafile: true,
};

export const serverOptions: esbuild.BuildOptions = {
  ...shared,
  entryPoints: { main: 'server/start.ts' },
  outdir: outServer,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // npm packages stay external, except the ESM ones made of many small files: bundled, they
  // load in one read instead of hundreds (a faster cold start)
  external: Object.keys(packageJson.dependencies).filter(
    (name) => !BUNDLED_SERVER_PACKAGES.includes(name),
  ),
  sourcemap: 'linked',
};

export interface ClientBuild {
  metafile: esbuild.Metafile;
  /** every file of the browser build by its absolute path, the JS as merged */
  files: Map<string, Uint8Array | string>;
  graph: JsGraph;
}

/** The browser bundle in memory: esbuild's, with its JS chunks merged (build/merge-chunks.ts). */
export async function buildClient(options: { sourcemap: boolean }): Promise<ClientBuild> {
  const result = await esbuild.build({
    ...clientOptions,
    write: false,
    metafile: true,
    sourcemap: options.sourcemap ? 'linked' : false,
  });
  const assetsDir = clientOptions.outdir!;
  const merged = await mergeChunks(result.outputFiles, result.metafile, root, assetsDir, options);
  const files = new Map<string, Uint8Array | string>();
  for (const file of result.outputFiles)
    if (!/\.js(\.map)?$/.test(file.path)) files.set(file.path, file.contents);
  for (const [name, text] of merged.files) files.set(path.join(assetsDir, name), text);
  return { metafile: result.metafile, files, graph: merged.graph };
}

export async function writeManifest(metafile: esbuild.Metafile, graph?: JsGraph): Promise<void> {
  const manifest = manifestFromMetafile(
    metafile,
    path.relative(root, path.join(outClient, 'assets')),
    graph,
  );
  manifest.sprite = await writeIconSprite(path.join(outClient, 'assets'));
  await writeFile(path.join(outClient, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function build(): Promise<void> {
  await rm(path.join(root, 'dist'), { recursive: true, force: true });
  await mkdir(outClient, { recursive: true });
  const [client] = await Promise.all([
    buildClient({ sourcemap: production }),
    esbuild.build(serverOptions),
  ]);
  // the stack traces' map, lean: the full one cost the server ~40 MB of heap for good
  await leanServerSourceMap(path.join(outServer, 'main.js.map'));
  await Promise.all(
    [...client.files].map(async ([file, contents]) => {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, contents);
    }),
  );
  // the entry's stylesheet without the screens' styles (each screen links its own); written
  // over esbuild's under the same name, which changes whenever its sources do
  const lean = await leanEntryCss(client.metafile, root, clientOptions.target);
  if (lean) {
    await writeFile(path.join(root, lean.output), lean.css);
    await rm(path.join(root, `${lean.output}.map`), { force: true });
  }
  await writeManifest(client.metafile, client.graph);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await build();
  console.warn(`build: done in ${Math.round(performance.now() - started)} ms`);
}
