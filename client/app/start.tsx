import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  isRouteErrorResponse,
  matchRoutes,
  type RouteObject,
  RouterContextProvider,
} from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { localeOfPath } from '#shared/locales.ts';
import { KeptPageContext, keptPage } from '../components/static-subtree/kept-subtree.tsx';
import { importWithReload } from '../lib/chunk-reload.ts';
import { HydrationRoot, pageHydration } from '../lib/hydration.ts';
import { intlFor, loadMessages } from '../lib/intl.ts';
import { selectLocale } from '../lib/locale.ts';
import { nextTask } from '../lib/next-task.ts';
import { reportClientError } from '../lib/report-error.ts';
import { pageVisitorContext } from '../lib/route-visitor.ts';
import { App } from './app.tsx';
import { PAGE_STATE_ID, type PageState } from './page-state.ts';
import { createRoutes } from './routes.tsx';
import { createBrowserStore, serverSnapshot } from './store.ts';
// what most screens share, in the shell's file (shell-shared.ts)
import './shell-shared.ts';

declare global {
  interface Window {
    __staticRouterHydrationData?: PageState['router'];
    /** The buttons clicked before React had a root (server/ssr/page-document.tsx). */
    __earlyClicks?: () => HTMLButtonElement[];
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

/** What React says went wrong, into the server's log (a route's 404 response is no error). */
function reportFromReact(
  error: unknown,
  source: string,
  info: { componentStack?: string | null },
  level?: 'warn',
) {
  if (isRouteErrorResponse(error) || error instanceof Response) return;
  reportClientError(error, source, { componentStack: info.componentStack ?? '' }, level);
}

/** Hydrates the page the server rendered, then starts its side effects. */
export async function start(): Promise<void> {
  const stateElement = document.getElementById(PAGE_STATE_ID)!;
  const stateJson = stateElement.textContent ?? '{}';
  const state = JSON.parse(stateJson) as PageState;
  // what the server rendered, then the user agent it leaves out of the page (pages are shared
  // by the page cache)
  const serverState = serverSnapshot(structuredClone(state.store));
  state.store.visitor.device.userAgent = navigator.userAgent;
  // react-router reads (and revives the errors of) its hydration data from here
  window.__staticRouterHydrationData = state.router;

  const locale = selectLocale(state.store);
  const routes = createRoutes(localeOfPath(window.location.pathname));
  const [messages] = await Promise.all([loadMessages(locale), resolveLazyMatches(routes)]);
  // the start's parts run as tasks of their own, so that none blocks a slow phone for long
  // (ICU's data for the language is there already: the page's script asked for it)
  intlFor(locale, messages);
  await nextTask();
  const { store, listen } = createBrowserStore(state.store);
  // the loaders' context: the API over fetch (route-api.ts's default) and the store's visitor
  const router = createBrowserRouter(routes, {
    getContext: () => {
      const context = new RouterContextProvider();
      context.set(pageVisitorContext, store.getState().visitor);
      return context;
    },
  });
  await nextTask();

  // React hydrates the document's shell, then each HydrationBoundary region (header, order
  // form, kept subtrees) in work of its own; components read the server's state meanwhile.
  // As a transition, the shell's hydration yields to the browser every few milliseconds too
  // (a click still hydrates its region at once)
  // the page has hydrated when React says so: the root's effect, and one inside each region
  const hydration = pageHydration();
  // the server's markup of the kept subtrees, which they keep without their code
  const kept = keptPage(document.body, locale, (to, options) => router.navigate(to, options));
  startTransition(() => {
    hydrateRoot(
      document,
      <HydrationRoot hydration={hydration}>
        <KeptPageContext value={kept}>
          <App
            store={store}
            serverState={serverState}
            locale={locale}
            messages={messages}
            assets={state.assets}
            stateJson={stateJson}
            nonce={stateElement.nonce || undefined}
          >
            <RouterProvider router={router} />
          </App>
        </KeptPageContext>
      </HydrationRoot>,
      {
        onRecoverableError: (error, info) => {
          console.error('hydration: React recovered from', error, info.componentStack ?? '');
          reportFromReact(error, 'react.recoverable', info, 'warn');
        },
        // an error boundary caught it (react-router's, which shows the error page)
        onCaughtError: (error, info) => {
          console.error('React caught', error, info.componentStack ?? '');
          reportFromReact(error, 'react.caught', info);
        },
        onUncaughtError: (error, info) => {
          console.error('React could not render', error, info.componentStack ?? '');
          reportFromReact(error, 'react.uncaught', info);
        },
      },
    );
  });
  // React hears events from here on, and replays on a region the clicks it hears before that
  // region has hydrated; the clicks that came before it had a root, it hears now
  for (const button of window.__earlyClicks?.() ?? []) if (button.isConnected) button.click();
  await hydration.hydrated;
  // the page is live: end-to-end tests wait for this
  document.documentElement.dataset.hydrated = 'true';
  // the side effects start now, over every action sent so far (app/store.ts)
  const { runSagas } = await importWithReload(() => import('./sagas.ts'));
  // the sagas' evaluation and their start (every action so far replayed) in two tasks
  await nextTask();
  runSagas(store, listen);
}
