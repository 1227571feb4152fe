/**
 * `npm run bench:size`: the JS and CSS a first visit downloads per page kind (landing,
 * service page, cabinet), raw, gzip and brotli, from an in-memory production build.
 */

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildClient, type ClientBuild, clientOptions } from '#build/build.ts';
import { entryStylesheet } from '#build/entry-css.ts';
import { jsGraph, manifestFromMetafile } from '#build/manifest.ts';
import { LAZY_LAYOUTS } from '#client/app/lazy-layouts.ts';
import type { AssetManifest } from '#server/ssr/assets.ts';
import { type MessageSet, messageSetsOf } from '#shared/message-sets.ts';
import { type Layout, PAGES, type PageDef, pageById } from '#shared/routes.ts';
import { SIZE_BUDGETS_KIB, SIZE_TARGETS_KIB } from './budgets.ts';

export type PageKind = keyof typeof SIZE_BUDGETS_KIB;
/** A page of each kind: its screen and its layout's message sets make a first visit. */
const PAGE_OF: Record<PageKind, PageDef> = {
  landing: pageById('home'),
  service: PAGES.find((def) => def.view === 'service')!,
  cabinet: pageById('cp'),
};

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}
export interface FirstVisit {
  files: string[];
  /** raw bytes each source (npm package or our folder) puts into the page kind's JS */
  inputs: Map<string, number>;
  js: Sizes;
  css: Sizes;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sizesOf(contents: Uint8Array[]): Sizes {
  const sizes = { raw: 0, gzip: 0, brotli: 0 };
  for (const content of contents) {
    sizes.raw += content.byteLength;
    sizes.gzip += gzipSync(content, { level: 9 }).byteLength;
    sizes.brotli += brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).byteLength;
  }
  return sizes;
}

let built: Promise<ClientBuild> | null = null;

/** The production browser bundle, built once in memory as the build writes it. */
function buildInMemory() {
  built ??= buildClient({ sourcemap: false });
  return built;
}

const outDir = path.relative(root, clientOptions.outdir!);

/** The entry's stylesheet as the build writes it (build/entry-css.ts), and esbuild's own. */
export async function entryStylesheets(): Promise<{ lean: string; esbuild: string }> {
  const result = await buildInMemory();
  const output = entryStylesheet(result.metafile)!;
  const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
  return {
    lean: text(result.files.get(path.join(root, output))),
    esbuild: text(result.entryCssAsBuilt),
  };
}

/** A screen's stylesheet as the build writes it (build/entry-css.ts). */
export async function screenStylesheet(view: string): Promise<string> {
  const result = await buildInMemory();
  const manifest = await manifestInMemory();
  const [url] = manifest.views[view]!.css;
  return new TextDecoder().decode(result.files.get(path.join(root, outDir, url!.slice(8))));
}

async function manifestInMemory() {
  const result = await buildInMemory();
  return manifestFromMetafile(result.metafile, outDir);
}

/** The asset manifest of the in-memory build. */
export const builtManifest = () => manifestInMemory();

/** The views the build's asset manifest has a screen chunk for. */
export async function manifestViews(): Promise<string[]> {
  return Object.keys((await manifestInMemory()).views);
}

/** Builds the browser bundle in memory and adds up what each page kind loads first (ru). */
export async function measureFirstVisit(locale = 'ru'): Promise<Record<PageKind, FirstVisit>> {
  const result = await buildInMemory();
  const manifest = await manifestInMemory();
  const { metafile } = result;
  const graph = jsGraph(metafile, outDir);
  const byUrl = new Map<string, Uint8Array>();
  for (const [file, contents] of result.files)
    byUrl.set(`/assets/${path.relative(clientOptions.outdir!, file)}`, contents);
  const withImports = (url: string) => [url, ...graph.importsOf(url)];
  const report = {} as Record<PageKind, FirstVisit>;
  for (const kind of Object.keys(PAGE_OF) as PageKind[]) {
    const view = manifest.views[PAGE_OF[kind].view]!;
    // a page also loads its layout's message sets (shared/message-sets.ts)
    const js = new Set([
      ...withImports(manifest.entry),
      // the entry's stages (client/entry.client.tsx)
      ...(manifest.stages ?? []),
      ...withImports(manifest.messages[locale]!),
      ...messageSetsOf(PAGE_OF[kind]).flatMap((set: MessageSet) =>
        withImports(manifest.messageSets![set]![locale]!),
      ),
      view.js,
      ...view.imports,
      // and its layout, when that is a chunk of its own (client/app/lazy-layouts.ts)
      ...layoutChunks(manifest, PAGE_OF[kind].layout),
    ]);
    const css = new Set([...manifest.css, ...view.css]);
    const files = [...js, ...css];
    const inputs = new Map<string, number>();
    for (const url of js)
      for (const [input, { bytesInOutput }] of Object.entries(
        metafile.outputs[graph.outputOf(url)]?.inputs ?? {},
      )) {
        const source = sourceOf(input);
        inputs.set(source, (inputs.get(source) ?? 0) + bytesInOutput);
      }
    report[kind] = {
      files,
      inputs,
      js: sizesOf([...js].map((url) => byUrl.get(url)!)),
      css: sizesOf([...css].map((url) => byUrl.get(url)!)),
    };
  }
  return report;
}

function layoutChunks(manifest: AssetManifest, layout: Layout): string[] {
  const lazy = LAZY_LAYOUTS[layout];
  const chunk = lazy && manifest.layouts?.[lazy.file];
  if (lazy && !chunk) throw new Error(`the manifest has no chunk for the ${layout} layout`);
  return chunk ? [chunk.js, ...chunk.imports] : [];
}

/** An npm package by its name, our code by its top two folders (client/features, locales …). */
function sourceOf(input: string): string {
  // `--files`: each of our files on its own
  if (process.argv.includes('--files') && !input.includes('node_modules')) return input;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (pkg) return pkg[1]!;
  return input.split('/').slice(0, 2).join('/');
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = await measureFirstVisit();
  const rows = Object.entries(report).map(([kind, visit]) => {
    const budget = SIZE_BUDGETS_KIB[kind as PageKind];
    return {
      'page kind': kind,
      files: visit.files.length,
      'JS raw KiB': kib(visit.js.raw),
      'JS gzip KiB': kib(visit.js.gzip),
      'JS brotli KiB': kib(visit.js.brotli),
      'JS budget (gzip)': `${budget.jsGzip}${visit.js.gzip / 1024 > budget.jsGzip ? ' OVER' : ''}`,
      'CSS gzip KiB': kib(visit.css.gzip),
      'CSS brotli KiB': kib(visit.css.brotli),
      'CSS budget (gzip)': `${budget.cssGzip}${visit.css.gzip / 1024 > budget.cssGzip ? ' OVER' : ''}`,
    };
  });
  console.table(rows);
  if (process.argv.includes('--inputs') || process.argv.includes('--files')) {
    // what a landing's first visit is made of (raw bytes in the minified output)
    const sorted = [...report.landing.inputs].sort((a, b) => b[1] - a[1]);
    console.table(sorted.map(([source, bytes]) => ({ source, 'raw KiB': kib(bytes) })));
  }
  console.log(
    `targets: a landing's first-visit JS ≤ ${SIZE_TARGETS_KIB.landingJsGzip} KiB gzip, a cabinet page's ≤ ${SIZE_TARGETS_KIB.cabinetJsGzip} (see docs/performance.md)`,
  );
}
