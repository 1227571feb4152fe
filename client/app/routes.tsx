import { type ComponentType, useContext } from 'react';
import { data, type LoaderFunctionArgs, type RouteObject, redirectDocument } from 'react-router';
import { DEFAULT_LOCALE, LOCALES, type Locale, localePrefix } from '#shared/locales.ts';
import { LAYOUT_MESSAGE_SETS, messageSetsOf, VIEW_MESSAGE_SETS } from '#shared/message-sets.ts';
import { type Layout, PAGES, type PageDef, type View } from '#shared/routes.ts';
import { SERVICE_PAGES } from '#shared/service-pages.ts';
import { landingLoader } from '../features/landing/landing.loader.ts';
import { DefaultLayout } from '../layouts/default-layout.tsx';
import { LayoutErrorBoundary, RootErrorBoundary } from '../layouts/error-boundary.tsx';
import { LandingLayout } from '../layouts/landing-layout.tsx';
import { withMessageSets } from '../layouts/parts/message-sets.tsx';
import { RootShell } from '../layouts/root-shell.tsx';
import { importWithReload } from '../lib/chunk-reload.ts';
import { loadMessageSets } from '../lib/intl.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import { ViewCssContext } from '../lib/view-css.ts';
import { LAZY_LAYOUTS } from './lazy-layouts.ts';
import { lookUpRoutes } from './look-up-routes.ts';

/**
 * A screen's module: its component and, for a screen no landing shows (thanks, blog, article,
 * legal), its route's loader, which so comes in the screen's chunk rather than in the entry.
 */
export interface ViewModule {
  default: ComponentType;
  routeLoader?: (def: PageDef, locale: Locale) => NonNullable<RouteObject['loader']>;
  /** the route's action and when its loader runs again (the staff console's writes) */
  routeAction?: (def: PageDef) => NonNullable<RouteObject['action']>;
  routeShouldRevalidate?: (def: PageDef) => NonNullable<RouteObject['shouldRevalidate']>;
}

/**
 * One chunk per screen; the build's manifest maps these files to their hashed chunks by file
 * name, so a screen's file is always `<view>.page.tsx`.
 */
const VIEW_MODULES: Record<View, () => Promise<ViewModule>> = {
  home: () => import('../pages/home/home.page.tsx'),
  platform: () => import('../pages/platform/platform.page.tsx'),
  service: () => import('../pages/service/service.page.tsx'),
  login: () => import('../pages/auth/login.page.tsx'),
  signup: () => import('../pages/auth/signup.page.tsx'),
  slogin: () => import('../pages/auth/slogin.page.tsx'),
  reset: () => import('../pages/auth/reset.page.tsx'),
  'reset-code': () => import('../pages/auth/reset-code.page.tsx'),
  close: () => import('../pages/auth/close.page.tsx'),
  blog: () => import('../pages/blog/blog.page.tsx'),
  article: () => import('../pages/blog/article.page.tsx'),
  cabinet: () => import('../pages/cabinet/dashboard/cabinet.page.tsx'),
  'cp-orders': () => import('../pages/cabinet/orders/cp-orders.page.tsx'),
  'cp-mass': () => import('../pages/cabinet/mass/cp-mass.page.tsx'),
  'cp-payment-history': () => import('../pages/cabinet/history/cp-payment-history.page.tsx'),
  'cp-price': () => import('../pages/cabinet/price/cp-price.page.tsx'),
  'cp-profile': () => import('../pages/cabinet/profile/cp-profile.page.tsx'),
  'cp-api': () => import('../pages/cabinet/api/cp-api.page.tsx'),
  'cp-income': () => import('../pages/cabinet/income/cp-income.page.tsx'),
  'cp-notifications': () => import('../pages/cabinet/notifications/cp-notifications.page.tsx'),
  'cp-section': () => import('../pages/cabinet/cp-section.page.tsx'),
  legal: () => import('../pages/legal/legal.page.tsx'),
  thanks: () => import('../pages/thanks/thanks.page.tsx'),
  staff: () => import('../pages/staff/staff.page.tsx'),
};

/** Every layout: those in the entry, or null for a chunk of its own (lazy-layouts.ts). */
const LAYOUTS: Record<Layout, ComponentType | null> = {
  auth: null,
  cp: null,
  landing3: LandingLayout,
  default: DefaultLayout,
  staff: null,
};

/** A layout route's component, or its lazy() when the layout is a chunk of its own. */
function layoutComponent(layout: Layout): Pick<RouteObject, 'Component' | 'lazy'> {
  const sets = LAYOUT_MESSAGE_SETS[layout];
  const inEntry = LAYOUTS[layout];
  if (inEntry) return { Component: withMessageSets(sets, inEntry) };
  const { load } = LAZY_LAYOUTS[layout]!;
  return {
    lazy: async () => ({ Component: withMessageSets(sets, await importWithReload(load)) }),
  };
}

/**
 * A screen renders its own stylesheet links; React hoists them into <head> and, on a client
 * navigation, waits for them to load before it shows the screen (no flash of an unstyled page).
 */
function withViewStyles(view: View, Page: ComponentType): ComponentType {
  function Styled() {
    const css = useContext(ViewCssContext)[view] ?? [];
    return (
      <>
        {css.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        <Page />
      </>
    );
  }
  Styled.displayName = `View(${view})`;
  return Styled;
}

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** A service page's service: its id and kind (the loader brings that page's texts). */
function serviceOfPage(id: string | undefined) {
  const page = id === undefined ? undefined : SERVICE_PAGES.find((entry) => entry.id === id);
  return page && { id: page.id, kind: page.kind };
}

/** Views whose page carries the order form and its catalogue data. */
const ORDER_FORM_VIEWS: readonly View[] = ['home', 'platform', 'service'];

/** The loaders in the entry: the landings' order form, and the validate hook of others. */
function loaderOf(def: PageDef, locale: Locale): RouteObject['loader'] {
  const { validate, platform } = def;
  if (SCREEN_LOADERS.includes(def.view)) return undefined;
  // docs/product.md §2 validate hook: a page whose params do not pass answers 404
  if (validate)
    return ({ params }: LoaderFunctionArgs) => {
      if (!validate(params)) throw notFound();
      return null;
    };
  if (platform && ORDER_FORM_VIEWS.includes(def.view))
    return landingLoader(platform, locale, serviceOfPage(def.service));
  return undefined;
}

/**
 * Views whose loader is their module's `routeLoader` (given with the screen by `lazy`); the
 * staff pages' too (client/features/staff/staff-route.loader.ts).
 */
const SCREEN_LOADERS: readonly View[] = [
  'thanks',
  'blog',
  'article',
  'legal',
  'staff',
  'cabinet',
  'cp-orders',
  'cp-mass',
  'cp-payment-history',
  'cp-price',
  'cp-profile',
  'cp-api',
  'cp-income',
  'cp-notifications',
  'cp-section',
];

function pageRoute(def: PageDef, locale: Locale): RouteObject {
  const handle: RouteHandle = { pageId: def.id };
  return {
    id: `${locale}:${def.id}`,
    path: `${localePrefix(locale)}${def.paths[locale]}`,
    handle,
    loader: loaderOf(def, locale),
    lazy: async () => {
      // a screen comes with its layout's and its own message sets (chunks of their own)
      const [module] = await Promise.all([
        importWithReload(VIEW_MODULES[def.view]),
        importWithReload(() => loadMessageSets(messageSetsOf(def), locale)),
      ]);
      const sets = VIEW_MESSAGE_SETS[def.view] ?? [];
      const Component = withMessageSets(sets, withViewStyles(def.view, module.default));
      return {
        Component,
        ...(module.routeLoader ? { loader: module.routeLoader(def, locale) } : {}),
        ...(module.routeAction ? { action: module.routeAction(def) } : {}),
        ...(module.routeShouldRevalidate
          ? { shouldRevalidate: module.routeShouldRevalidate(def) }
          : {}),
      };
    },
  };
}

/** Everything under a language's prefix (Russian has none). */
const everythingIn = (locale: Locale) => (locale === DEFAULT_LOCALE ? '*' : `/${locale}/*`);

/** Anything unmatched under a locale answers 404 inside the default layout. */
function notFoundRoute(locale: Locale): RouteObject {
  const handle: RouteHandle = { pageId: 'not-found' };
  return {
    id: `${locale}:not-found`,
    path: everythingIn(locale),
    handle,
    loader: () => {
      throw notFound();
    },
  };
}

/**
 * Another language's paths in a browser that knows one language's routes: they load as a
 * document, so the server answers them (a page of that language, or its 404).
 */
function elsewhereRoute(locale: Locale): RouteObject {
  const handle: RouteHandle = { pageId: 'not-found' };
  return {
    id: `${locale}:elsewhere`,
    path: everythingIn(locale),
    handle,
    loader: ({ request }) => redirectDocument(request.url),
  };
}

/**
 * The route tree shared by the server render and the browser: root → layout → page. The
 * server's has every language's pages. The browser's has those of its page's language only
 * (`only`, from the path, so it matches the server's route): react-router ranks and tries
 * every route on each match, and 7 languages' copies cost a phone ~20 ms at start; a link
 * into another language loads as a document (the language switcher's always do).
 */
export function createRoutes(only?: Locale): RouteObject[] {
  const locales = only ? [only] : LOCALES;
  const layouts = (Object.keys(LAYOUTS) as Layout[]).map(
    (layout): RouteObject => ({
      id: `layout:${layout}`,
      ...layoutComponent(layout),
      ErrorBoundary: LayoutErrorBoundary,
      children: [
        ...locales.flatMap((locale) =>
          PAGES.filter((def) => def.layout === layout).map((def) => pageRoute(def, locale)),
        ),
        ...(layout === 'default'
          ? LOCALES.map((locale) =>
              !only || locale === only ? notFoundRoute(locale) : elsewhereRoute(locale),
            )
          : []),
      ],
    }),
  );
  return [
    {
      id: 'root',
      Component: RootShell,
      ErrorBoundary: RootErrorBoundary,
      // the forms' look-ups (fetchers only: a document request for one answers 404)
      children: [...layouts, ...lookUpRoutes],
    },
  ];
}
