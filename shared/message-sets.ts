import type { Locale } from './locales.ts';
import type { Layout, PageDef, View } from './routes.ts';

/**
 * The browser's messages come in chunks: `locales/<lang>.json` carries what every page and the
 * landings need; each set below is a chunk of its own that a page loads with its screen, so a
 * landing's first visit carries none of them.
 * - cabinet: the customer cabinet's `cp.*` its layout and dashboard need (locales/cabinet/)
 * - cabinet-screens: the texts of the cabinet's own screens (profile, API, income, prices,
 *   payment history, mass order), each section's title and lead left in `cabinet` for the navigation
 *   (locales/cabinet-screens/)
 * - kept: the texts of the kept subtrees only (the landings' hero words and sections, the
 *   service pages', the footer: client/components/static-subtree/kept-subtree.tsx), which a
 *   page's browser needs only to render one itself; no page preloads it (locales/kept/)
 * - pages: sign-in and sign-up, the blog, the legal texts and the payment result pages
 *   (`auth.*`, `blog.*`, `legal.*`, `thanks.*`: locales/pages/)
 * - staff: the staff console's layout and screens (`staff.*`: locales/staff/), in Russian and
 *   English only: every other language reads the English file (`messageSetLocale`)
 */
export const MESSAGE_SETS = ['cabinet', 'cabinet-screens', 'kept', 'pages', 'staff'] as const;
export type MessageSet = (typeof MESSAGE_SETS)[number];

/**
 * The languages a set has files for, when not all 7 (the staff console is for the team:
 * Russian and English); the first one stands in for the others.
 */
export const SET_LOCALES: Partial<Record<MessageSet, readonly ['en', ...Locale[]]>> = {
  staff: ['en', 'ru'],
};

/** The language whose file of a set a page in `locale` reads. */
export function messageSetLocale(set: MessageSet, locale: Locale): Locale {
  const own = SET_LOCALES[set];
  return !own || own.includes(locale) ? locale : own[0];
}

/** The sets a layout's pages need (the layout and its screens render inside them). */
export const LAYOUT_MESSAGE_SETS: Record<Layout, readonly MessageSet[]> = {
  landing3: [],
  auth: ['pages'],
  default: ['pages'],
  cp: ['cabinet'],
  staff: ['staff'],
};

/** The sets a screen needs beyond its layout's (the screen renders inside them). */
export const VIEW_MESSAGE_SETS: Partial<Record<View, readonly MessageSet[]>> = {
  // the profile's forms share sign-up's `auth.*` texts
  'cp-profile': ['cabinet-screens', 'pages'],
  'cp-api': ['cabinet-screens'],
  'cp-mass': ['cabinet-screens'],
  'cp-income': ['cabinet-screens'],
  'cp-price': ['cabinet-screens'],
  'cp-payment-history': ['cabinet-screens'],
};

/** Every set a page needs: its layout's and its screen's. */
export function messageSetsOf(def: Pick<PageDef, 'layout' | 'view'>): MessageSet[] {
  return [...new Set([...LAYOUT_MESSAGE_SETS[def.layout], ...(VIEW_MESSAGE_SETS[def.view] ?? [])])];
}
