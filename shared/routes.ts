import { LOCALES, type Locale, localePrefix } from './locales.ts';
import type { Platform } from './platforms.ts';
import { isLegalRegion } from './regions.ts';
import { SERVICE_PAGES } from './service-pages.ts';

/**
 * The route table of docs/product.md §2: every page under all 7 locales. Paths are written without the
 * locale prefix and always end with a slash. `view` names the screen component that renders
 * the page; several pages may share one view (the six platform landings, the service pages).
 */
export type Layout = 'auth' | 'cp' | 'landing3' | 'default' | 'staff';

/**
 * docs/product.md §2/§11: public storefront pages send logged-in users to the cabinet (unless the query
 * says fromCp=true or carries a payment action); guest pages (login, sign-up, reset) do too;
 * open pages are for everyone; protected pages need a login; staff pages need an account with a
 * staff role (shared/staff-permissions.ts `staffRoleOf`) and are the site's 404 for anyone else.
 */
export type Access = 'public' | 'guest' | 'open' | 'protected' | 'staff';

export type View =
  | 'home'
  | 'platform'
  | 'service'
  | 'login'
  | 'signup'
  | 'slogin'
  | 'reset'
  | 'reset-code'
  | 'close'
  | 'blog'
  | 'article'
  | 'cabinet'
  | 'cp-orders'
  | 'cp-mass'
  | 'cp-payment-history'
  | 'cp-price'
  | 'cp-profile'
  | 'cp-api'
  | 'cp-income'
  | 'cp-notifications'
  | 'cp-section'
  | 'legal'
  | 'thanks'
  | 'staff';

export interface PageDef {
  id: string;
  view: View;
  layout: Layout;
  access: Access;
  /** Path per locale, without the locale prefix; may hold :params. */
  paths: Record<Locale, string>;
  /** docs/product.md §2 validate hook: false answers 404. */
  validate?: (params: Record<string, string | undefined>) => boolean;
  platform?: Platform;
  /** Service page id (SERVICE_PAGES) for service pages. */
  service?: string;
  /** The page that holds the canonical copy of this one (/tt/ is an alias of /tiktok/). */
  canonicalOf?: string;
}

const same = (path: string): Record<Locale, string> =>
  Object.fromEntries(LOCALES.map((locale) => [locale, path])) as Record<Locale, string>;

const page = (
  id: string,
  view: View,
  layout: Layout,
  path: string,
  extra: Partial<PageDef> = {},
): PageDef => ({ id, view, layout, access: 'public', paths: same(path), ...extra });

const validLegalRegion: PageDef['validate'] = (params) => isLegalRegion(params.region);

export const CABINET_SECTIONS = [
  'orders',
  'mass',
  'payment',
  'payment-history',
  'income',
  'api',
  'notifications',
  'price',
  'profile',
] as const;
export type CabinetSection = (typeof CABINET_SECTIONS)[number] | 'dashboard';

/** Cabinet sections with a screen (and a chunk) of their own; the rest share 'cp-section'. */
const CABINET_VIEWS: Partial<Record<(typeof CABINET_SECTIONS)[number], View>> = {
  orders: 'cp-orders',
  mass: 'cp-mass',
  'payment-history': 'cp-payment-history',
  income: 'cp-income',
  api: 'cp-api',
  notifications: 'cp-notifications',
  price: 'cp-price',
  profile: 'cp-profile',
};

/**
 * The staff console's pages, one view (their screens are lazy parts of one chunk).
 * A page's id is its path's last word, singular before a param: `orders` → staff-orders,
 * `orders/:id` → staff-order, `providers/:provider/import` → staff-import. A `:id` is checked
 * by their loader (client/features/staff/staff-route.loader.ts), in that chunk.
 */
const STAFF_PAGES =
  ' orders orders/:id users users/:id adjustments audit services services/:tag prices/:tag providers providers/:provider/import payments payments/:id withdrawals articles articles/:key landing-copy'.split(
    ' ',
  );

export const LANDING_PLATFORMS = ['telegram', 'threads', 'tiktok', 'vk', 'youtube'] as const;

export const PAGES: PageDef[] = [
  page('home', 'home', 'landing3', '/', { platform: 'instagram' }),
  ...LANDING_PLATFORMS.map((platform) =>
    page(platform, 'platform', 'landing3', `/${platform}/`, { platform }),
  ),
  page('tt', 'platform', 'landing3', '/tt/', { platform: 'tiktok', canonicalOf: 'tiktok' }),
  ...SERVICE_PAGES.map((service) => ({
    id: `service:${service.id}`,
    view: 'service' as const,
    layout: 'landing3' as const,
    access: 'public' as const,
    platform: service.platform,
    service: service.id,
    paths: Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        locale === 'ru' ? `/uslugi/${service.slugs.ru}/` : `/${service.slugs[locale]}/`,
      ]),
    ) as Record<Locale, string>,
  })),
  page('login', 'login', 'auth', '/login/', { access: 'guest' }),
  page('signup', 'signup', 'auth', '/signup/', { access: 'guest' }),
  page('slogin', 'slogin', 'auth', '/slogin/', { access: 'open' }),
  page('reset', 'reset', 'auth', '/reset/', { access: 'guest' }),
  page('reset-code', 'reset-code', 'auth', '/reset/:code/', { access: 'guest' }),
  page('close', 'close', 'auth', '/close/', { access: 'open' }),
  page('blog', 'blog', 'default', '/blog/', { access: 'open' }),
  page('article', 'article', 'default', '/blog/:slug/', { access: 'open' }),
  page('cp', 'cabinet', 'cp', '/cp/', { access: 'protected' }),
  ...CABINET_SECTIONS.map((section) =>
    page(
      `cp-${section}`,
      CABINET_VIEWS[section] ?? 'cp-section',
      'cp',
      `/cp/${section.replace('-', '/')}/`,
      {
        access: 'protected',
      },
    ),
  ),
  page('private-policy', 'legal', 'default', '/private-policy/:region/', {
    access: 'open',
    validate: validLegalRegion,
  }),
  page('public-agreement', 'legal', 'default', '/public-agreement/:region/', {
    access: 'open',
    validate: validLegalRegion,
  }),
  page('refund-policy', 'legal', 'default', '/refund-policy/:region/', {
    access: 'open',
    validate: validLegalRegion,
  }),
  page('thanks', 'thanks', 'default', '/thanks/', { access: 'open' }),
  page('thanks-error', 'thanks', 'default', '/thanks/error/', { access: 'open' }),
  page('thanks-waiting', 'thanks', 'default', '/thanks/waiting/', { access: 'open' }),
  ...STAFF_PAGES.map((path) =>
    page(
      `staff${path && '-'}${path.replace(/s?\/:\w+$/, '').replace(/.*\//, '')}`,
      'staff',
      'staff',
      `/staff/${path}${path && '/'}`,
      { access: 'staff' },
    ),
  ),
];

const byId = new Map(PAGES.map((def) => [def.id, def]));

export function pageById(id: string): PageDef {
  const def = byId.get(id);
  if (!def) throw new Error(`Unknown page id: ${id}`);
  return def;
}

/** The full path of a page in a locale, params filled in: pagePath('login', 'en') → '/en/login/'. */
export function pagePath(
  id: string,
  locale: Locale,
  params: Record<string, string | undefined> = {},
): string {
  const path = pageById(id).paths[locale].replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing param ${name} for page ${id}`);
    return encodeURIComponent(value);
  });
  return `${localePrefix(locale)}${path}`;
}

/** The same page in every locale (hreflang alternates, the language switcher). */
export function pageAlternates(
  id: string,
  params: Record<string, string | undefined> = {},
): { locale: Locale; path: string }[] {
  return LOCALES.map((locale) => ({ locale, path: pagePath(id, locale, params) }));
}

/** Paths that are not pages: the server must never add a slash to these or render them. */
export const NON_PAGE_PREFIXES = ['/api/', '/assets/', '/socket.io/', '/healthz'];

export function isNonPagePath(pathname: string): boolean {
  return NON_PAGE_PREFIXES.some(
    (prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix),
  );
}

const PARAM = /:(\w+)/g;
type Compiled = { def: PageDef; locale: Locale; names: string[]; regex: RegExp };
/** Paths without params are looked up directly; only the few with params are tried in turn. */
const STATIC_PAGES = new Map<string, { def: PageDef; locale: Locale }>();
const DYNAMIC_PAGES: Compiled[] = [];
for (const def of PAGES) {
  for (const locale of LOCALES) {
    const full = `${localePrefix(locale)}${def.paths[locale]}`;
    const names = [...full.matchAll(PARAM)].map((m) => m[1]!);
    if (!names.length) {
      STATIC_PAGES.set(full, { def, locale });
      continue;
    }
    const source = full.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '([^/]+)');
    DYNAMIC_PAGES.push({ def, locale, names, regex: new RegExp(`^${source}$`) });
  }
}

export interface PageMatch {
  def: PageDef;
  locale: Locale;
  params: Record<string, string>;
}

/** The page (and locale and params) a path belongs to, or null. */
export function matchPage(pathname: string): PageMatch | null {
  const fixed = STATIC_PAGES.get(pathname);
  if (fixed) return { ...fixed, params: {} };
  for (const { def, locale, names, regex } of DYNAMIC_PAGES) {
    const found = regex.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    names.forEach((name, index) => {
      const raw = found[index + 1] ?? '';
      try {
        params[name] = decodeURIComponent(raw);
      } catch {
        params[name] = raw;
      }
    });
    return { def, locale, params };
  }
  return null;
}
