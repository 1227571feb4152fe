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
import { APP_SHELL, entryStylesheet, leanStylesheets } from './entry-css.ts';
import { writeIconSprite } from './icon-sprite.ts';
import { manifestFromMetafile } from './manifest.ts';
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
/**
 * V8's explicit compile hint, the first line of every browser file: its functions compile on
 * the thread that streams the file in rather than on the main thread when first called; a
 * page needs nearly all of a file it loads (the entry's evaluation at 4× CPU: ~190 → ~110 ms).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

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
 * esbuild splits code by the set of entry points that reach it, and counts each module loaded
 * with `import()` as an entry point: what the app's shell (client/app/start.tsx and its static
 * imports) shares with some of its lazily loaded screens, layouts and parts landed in a chunk
 * per such set, ~40 small files a landing fetched before it could hydrate, each a gzip stream
 * and an import list of its own. Those parts only ever run after the shell has, so the build
 * says so: each of them imports the shell first (a module already evaluated: it runs nothing
 * again). Every module of the shell then has the same set of entry points, and esbuild writes
 * it as one chunk. The entry's own lazy imports are left as they are: its stages (React, then
 * the shell) and, from client/lib, what may load before the shell has run (the error
 * reporter).
 */
const SHELL_FILE = path.join(root, APP_SHELL);
const APP_FOLDERS = ['app', 'pages', 'layouts', 'features', 'components'].map((folder) =>
  path.join(root, 'client', folder, path.sep),
);
const lazyPartsAfterShell: esbuild.Plugin = {
  name: 'lazy-parts-after-shell',
  setup(build) {
    const parts = new Set<string>();
    build.onResolve({ filter: /^\.\.?\/.*\.tsx?$/ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const file = path.resolve(args.resolveDir, args.path);
      const byApp = APP_FOLDERS.some((folder) => args.importer.startsWith(folder));
      if (byApp && file !== SHELL_FILE && file.startsWith(path.join(root, 'client', path.sep)))
        parts.add(file);
      return undefined;
    });
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (!parts.has(args.path)) return undefined;
      return {
        contents: `import ${JSON.stringify(SHELL_FILE)};\n${await readFile(args.path, 'utf8')}`,
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

export const clientOptions: esbuild.BuildOptions = {
  ...shared,
  entryPoints: { 'entry.client': 'client/entry.client.tsx' },
  plugins: [
    cssModulesPlugin(root),
    compiledMessagesPlugin(),
    browserEnvironment,
    lazyPartsAfterShell,
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
  banner: { js: COMPILE_HINT },
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
  /** every file of the browser build by its absolute path, as written */
  files: Map<string, Uint8Array>;
  /** esbuild's own stylesheet of the entry, before build/entry-css.ts made it lean */
  entryCssAsBuilt?: Uint8Array;
}

/**
 * The browser bundle in memory: esbuild's files, the stylesheets of the entry and of each
 * lazily loaded part without the styles that are another's (build/entry-css.ts: written
 * under esbuild's names, which change whenever their sources do), and the metafile (the
 * manifest's source).
 */
export async function buildClient(options: { sourcemap: boolean }): Promise<ClientBuild> {
  const result = await esbuild.build({
    ...clientOptions,
    write: false,
    metafile: true,
    sourcemap: options.sourcemap ? 'linked' : false,
  });
  const files = new Map(result.outputFiles.map((file) => [file.path, file.contents]));
  const entryCss = entryStylesheet(result.metafile);
  const entryCssAsBuilt = entryCss ? files.get(path.join(root, entryCss)) : undefined;
  const lean = await leanStylesheets(result.metafile, root, clientOptions.target);
  for (const [output, css] of lean) {
    files.set(path.join(root, output), new TextEncoder().encode(css));
    files.delete(path.join(root, `${output}.map`));
  }
  return { metafile: result.metafile, files, entryCssAsBuilt };
}

export async function writeManifest(metafile: esbuild.Metafile): Promise<void> {
  const manifest = manifestFromMetafile(
    metafile,
    path.relative(root, path.join(outClient, 'assets')),
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
  await writeManifest(client.metafile);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await build();
  console.warn(`build: done in ${Math.round(performance.now() - started)} ms`);
}
