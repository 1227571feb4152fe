import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { localeOfPath } from '../shared/locales.ts';
import { BodyApp } from './app/app.tsx';
import { PAGE_STATE_ID, type PageState } from './app/page-state.ts';
import { createRoutes } from './app/routes.tsx';
import { createBrowserStore } from './app/store.ts';
import { intlFor, loadMessages } from './lib/intl.ts';
import { selectLocale } from './lib/locale.ts';
import { nextTask } from './lib/next-task.ts';
import { hydrateWithBrowserIds } from './lib/preact/hydrate.ts';
import { setBrowserViewCss } from './lib/view-css.ts';

declare global {
  interface Window {
    __staticRouterHydrationData?: PageState['router'];
  }
}

/** Loads the lazy chunks of the routes the server rendered, so hydration matches at once. */
async function resolveLazyMatches(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}

async function start() {
  const stateElement = document.getElementById(PAGE_STATE_ID)!;
  const stateJson = stateElement.textContent ?? '{}';
  const state = JSON.parse(stateJson) as PageState;
  // the server leaves the user agent out of the page (pages are shared by the page cache)
  state.store.visitor.device.userAgent = navigator.userAgent;
  // react-router reads (and revives the errors of) its hydration data from here
  window.__staticRouterHydrationData = state.router;

  const locale = selectLocale(state.store);
  setBrowserViewCss(state.assets.viewCss);
  const routes = createRoutes(localeOfPath(window.location.pathname));
  const [messages] = await Promise.all([loadMessages(locale), resolveLazyMatches(routes)]);
  // the start-up's parts run as tasks of their own, so that none blocks a slow phone for long
  // (ICU's data for the language loads with the first intl)
  intlFor(locale, messages);
  await nextTask();
  const router = createBrowserRouter(routes);
  const { store, start: startStore } = createBrowserStore(state.store);
  await nextTask();

  // the page, then each HydrateLater region (header, order form, static subtrees) in a task of
  // its own; the store holds what it is sent until they all have hydrated, then starts
  await hydrateWithBrowserIds(
    <BodyApp store={store} locale={locale} messages={messages} assets={state.assets}>
      <RouterProvider router={router} />
    </BodyApp>,
    document.body,
  );
  startStore();
  // the page is live: end-to-end tests wait for this
  document.documentElement.dataset.hydrated = 'true';
}

start().catch((error: unknown) => console.error('hydration failed', error));
