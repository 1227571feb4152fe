import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { StaticHandlerContext } from 'react-router';
import { LAZY_LAYOUTS } from '#client/app/lazy-layouts.ts';
import type { PageAssets } from '#client/app/page-state.ts';
import type { Locale } from '#shared/locales.ts';
import { type MessageSet, messageSetLocale, messageSetsOf } from '#shared/message-sets.ts';
import { pageById } from '#shared/routes.ts';
import { entryLoader } from './page-document.tsx';

/**
 * Written by the build (build/manifest.ts): the entry script and stylesheet, and for each
 * screen (keyed by view name) its chunk, the chunks it imports statically and its CSS.
 */
export interface AssetManifest {
  entry: string;
  css: string[];
  views: Record<string, { js: string; imports: string[]; css: string[] }>;
  /** The messages chunk of each language. */
  messages: Record<string, string>;
  /** Each message set's chunk of each language (shared/message-sets.ts). */
  messageSets?: Partial<Record<MessageSet, Record<string, string>>>;
  /**
   * The files the entry imports in stages before the page hydrates (client/entry.client.tsx),
   * with what they import, in order.
   */
  stages?: string[];
  /** The chunk of each lazily loaded layout by its file's name (client/app/lazy-layouts.ts). */
  layouts?: Record<string, { js: string; imports: string[] }>;
  /** The icon sprite (build/icon-sprite.ts). */
  sprite?: string;
}

export interface Assets {
  /**
   * The page's script (page-document.tsx): it imports the entry after the first paint and
   * preloads the files of the entry's stages with it.
   */
  loader: string;
  /** Stylesheets and chunks to preload for the matched routes and the page's language. */
  forMatches(matches: StaticHandlerContext['matches'] | null, locale: string): PageAssets;
}

export function loadManifest(clientDir: string): AssetManifest {
  const file = path.resolve(clientDir, 'manifest.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as AssetManifest;
  } catch (error) {
    throw new Error(
      `No client build at ${file}: run "npm run build" first (${(error as Error).message})`,
    );
  }
}

export function createAssets(manifest: AssetManifest): Assets {
  const viewCss = Object.fromEntries(
    Object.entries(manifest.views).map(([view, { css }]) => [view, css]),
  );
  return {
    loader: entryLoader(manifest.entry, manifest.stages ?? []),
    forMatches(matches, locale) {
      // the messages are loaded before hydration: preload them with the screen's chunks and
      // message sets. The entry and its imports are not (the manifest leaves them out of a
      // screen's imports): loaded after the first paint, they let it come before hydration
      // (preloaded, Lighthouse's mobile score for home fell from 97 to 86–90)
      const modules = new Set<string>(manifest.messages[locale] ? [manifest.messages[locale]] : []);
      for (const match of matches ?? []) {
        const pageId = (match.route.handle as { pageId?: string } | undefined)?.pageId;
        if (!pageId || pageId === 'not-found') continue;
        const def = pageById(pageId);
        for (const set of messageSetsOf(def)) {
          const chunk = manifest.messageSets?.[set]?.[messageSetLocale(set, locale as Locale)];
          if (chunk) modules.add(chunk);
        }
        const lazyLayout = LAZY_LAYOUTS[def.layout];
        const layout = lazyLayout && manifest.layouts?.[lazyLayout.file];
        if (layout) for (const href of [layout.js, ...layout.imports]) modules.add(href);
        const view = manifest.views[def.view];
        if (!view) continue;
        modules.add(view.js);
        for (const href of view.imports) modules.add(href);
      }
      return { css: manifest.css, modules: [...modules], viewCss, sprite: manifest.sprite ?? '' };
    },
  };
}
