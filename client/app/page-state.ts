import type { HydrationState } from 'react-router';
import type { PreloadedState } from './store.ts';

/** Everything the server hands to the browser in the page's JSON state block. */
export interface PageState {
  store: PreloadedState;
  /** react-router hydration data (loader data and serialised errors). */
  router: Partial<HydrationState>;
  assets: PageAssets;
}

export interface PageAssets {
  /** Stylesheets of the entry (the site chrome). */
  css: string[];
  /** JS chunks to preload: the matched views' chunks and their imports. */
  modules: string[];
  /** Stylesheets of every screen, by view: a screen links its own when it renders. */
  viewCss: Record<string, string[]>;
  /** The icon sprite's URL. */
  sprite: string;
}

export const PAGE_STATE_ID = '__state';
