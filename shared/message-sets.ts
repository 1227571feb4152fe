import type { Layout } from './routes.ts';

/**
 * The browser's messages come in chunks: `locales/<lang>.json` carries what every page and the
 * landings need; each set below is a chunk of its own that a page loads with its screen, so a
 * landing's first visit carries none of them.
 * - cabinet: the customer cabinet's `cp.*` (locales/cabinet/)
 * - pages: sign-in and sign-up, the blog, the legal texts and the payment result pages, whose
 *   `auth.*`, `blog.*`, `legal.*` and `thanks.*` the cabinet's profile shares (locales/pages/)
 */
export const MESSAGE_SETS = ['cabinet', 'pages'] as const;
export type MessageSet = (typeof MESSAGE_SETS)[number];

/** The sets a layout's pages need (the layout and its screens render inside them). */
export const LAYOUT_MESSAGE_SETS: Record<Layout, readonly MessageSet[]> = {
  landing3: [],
  auth: ['pages'],
  default: ['pages'],
  cp: ['cabinet', 'pages'],
};
