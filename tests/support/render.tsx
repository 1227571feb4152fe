import './jsdom.ts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import {
  type ActionFunction,
  createMemoryRouter,
  type LoaderFunction,
  type RouteObject,
  RouterContextProvider,
} from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { applyMiddleware, legacy_createStore } from 'redux';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import { lookUpRoutes } from '#client/app/look-up-routes.ts';
import { appReducer, createStore, type PreloadedState } from '#client/app/store.ts';
import { DropdownProvider } from '#client/components/dropdown/dropdown.tsx';
import { IconSpriteContext } from '#client/components/icons/sprite-context.ts';
import { expandMessages, intlFor } from '#client/lib/intl.ts';
import { pageVisitorContext } from '#client/lib/route-visitor.ts';
import cabinetMessages from '#locales/cabinet/en.json' with { type: 'json' };
import cabinetScreensMessages from '#locales/cabinet-screens/en.json' with { type: 'json' };
import baseMessages from '#locales/en.json' with { type: 'json' };
import keptMessages from '#locales/kept/en.json' with { type: 'json' };
import pagesMessages from '#locales/pages/en.json' with { type: 'json' };
import staffMessages from '#locales/staff/en.json' with { type: 'json' };
import type { MessageSet } from '#shared/message-sets.ts';
import type { PublicUser } from '#shared/user.ts';
import type { VisitorState } from '#shared/visitor.ts';

/**
 * Client components in jsdom as the browser runs them (React Testing Library): the store of
 * the app's reducers, react-intl with the real English messages, the icon sprite, the dropdown
 * group (root-shell.tsx) and a memory router; the API answered through a replaced fetch.
 */

/* ------------------------------------------------------------------ state */

/** A visitor from the USA on the English site, as the server's request context makes one. */
export function visitorState(overrides: Partial<VisitorState> = {}): VisitorState {
  return {
    locale: 'en',
    currency: 'USD',
    country: 'US',
    region: 'USA',
    isGdpr: false,
    device: {
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) jsdom',
      isMobile: false,
      isMobileOrTablet: false,
      isTablet: false,
      isDesktop: true,
      isDesktopOrTablet: true,
      isIos: false,
      isAndroid: false,
      isWindows: false,
      isMacOS: false,
      isSafari: false,
      isChrome: false,
      isFirefox: false,
      isEdge: false,
      isSamsung: false,
      isCrawler: false,
    },
    deviceClass: 'desktop',
    publicUrl: 'https://shop.test',
    socialProviders: [],
    metaRestricted: false,
    hiddenServicePages: [],
    consentPending: false,
    ...overrides,
  };
}

/** A logged-in buyer paying in dollars (GET user). */
export function publicUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 7,
    email: 'buyer@example.com',
    login: 'buyer',
    lang: 'en',
    cur: 'USD',
    balance: 0,
    roles: ['ROLE_USER'],
    role: 'user',
    scopes: [],
    isStaff: false,
    noCp: false,
    refCode: 'R7BUYER',
    discountLevel: 1,
    createdAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

type Store = ReturnType<typeof createStore>;
const running: ReturnType<ReturnType<typeof createSagaMiddleware>['run']>[] = [];

/**
 * The app's store for a visitor (and a logged-in user): the app's own createStore (reducers
 * only, as on the server), or, when a behaviour needs a saga, a store of the same reducers with
 * that saga running until stopSagas.
 */
export function appStore(
  { visitor = visitorState(), user = null }: { visitor?: VisitorState; user?: PublicUser | null },
  saga?: Saga,
): Store {
  const preloaded: PreloadedState = { visitor, session: { user } };
  if (!saga) return createStore(preloaded);
  const sagaMiddleware = createSagaMiddleware();
  // the app's reducers (client/app/store.ts), with the feature's saga running
  const store = legacy_createStore(
    appReducer,
    preloaded as Parameters<typeof appReducer>[0],
    applyMiddleware(sagaMiddleware),
  ) as Store;
  running.push(sagaMiddleware.run(saga));
  return store;
}

/** Cancels the sagas appStore started (afterEach), so none answers into the next test. */
export function stopSagas(): void {
  for (const task of running.splice(0)) task.cancel();
}

/* ------------------------------------------------------------------ rendering */

const SETS: Record<MessageSet, Record<string, string>> = {
  cabinet: cabinetMessages,
  'cabinet-screens': cabinetScreensMessages,
  kept: keptMessages,
  pages: pagesMessages,
  staff: staffMessages,
};

/** The page's messages as the browser has them: the language's, plus its layout's sets. */
function intlOf(sets: readonly MessageSet[]) {
  const merged = Object.assign({}, baseMessages, ...sets.map((set) => SETS[set]));
  return intlFor('en', expandMessages(merged));
}

interface RenderOptions {
  store: Store;
  /** the page's address (the memory router's first entry) */
  path?: string;
  /** the route's handle, as client/app/routes.tsx gives each page */
  pageId?: string;
  /** the message sets of the page's layout (shared/message-sets.ts): the cabinet's, say */
  sets?: readonly MessageSet[];
  /** the route's loader, for a page that reads its loader's data (the page's own: routeLoader) */
  loader?: LoaderFunction;
  /** the route's action, for a page that writes through it (its fetchers submit to it) */
  action?: ActionFunction;
  /** other addresses the page may move to, each with its own page id (the same `ui`) */
  otherPages?: Record<string, string>;
  /** what the route shows when its loader or element throws (the app's error page) */
  errorElement?: ReactNode;
  /** routes beside the page's and the app's look-ups (client/app/look-up-routes.ts) */
  routes?: RouteObject[];
  /** each page's own route parts by its page id (the staff pages' loader, action, revalidation) */
  routeOf?: (
    pageId: string,
  ) => Partial<Pick<RouteObject, 'loader' | 'action' | 'shouldRevalidate'>>;
}

/**
 * Renders `ui` as a page of the app: inside the store, intl, icons (client/app/app.tsx), the
 * dropdown group (root-shell.tsx) and a memory router at `path`, whose state tells the URL.
 */
export function renderPage(
  ui: ReactNode,
  {
    store,
    path = '/en/',
    pageId = 'home',
    sets = [],
    loader,
    action,
    otherPages = {},
    errorElement,
    routes = [],
    routeOf,
  }: RenderOptions,
) {
  const route = (at: string, id: string) => ({
    path: at,
    element: ui,
    handle: { pageId: id },
    loader,
    action,
    ...routeOf?.(id),
    ...(errorElement ? { errorElement } : {}),
  });
  const router = createMemoryRouter(
    [
      ...routes,
      ...lookUpRoutes,
      ...Object.entries(otherPages).map(([at, id]) => route(at, id)),
      route('*', pageId),
    ],
    {
      initialEntries: [path],
      // the loaders' context as the browser's start.tsx makes it (apiOf: fetch, as faked below)
      getContext: () => {
        const context = new RouterContextProvider();
        context.set(pageVisitorContext, store.getState().visitor);
        return context;
      },
    },
  );
  const result = render(
    <Provider store={store}>
      <RawIntlProvider value={intlOf(sets)}>
        <IconSpriteContext.Provider value="/assets/icons-TEST.svg">
          <DropdownProvider>
            <RouterProvider router={router} />
          </DropdownProvider>
        </IconSpriteContext.Provider>
      </RawIntlProvider>
    </Provider>,
  );
  return { ...result, router, store };
}

/* ------------------------------------------------------------------ the API */

export interface ApiCall {
  method: string;
  /** the path under /api/, without the query (`payment/methods`) */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** An answer of the API's error envelope: `{status:'error', message, statusCode}`. */
export class ApiRefusal {
  readonly statusCode: number;
  readonly message: string;
  /** what the envelope adds (`errors` by field, a mass order's `lines`) */
  readonly extra: Record<string, unknown>;
  constructor(statusCode: number, message: string, extra: Record<string, unknown> = {}) {
    this.statusCode = statusCode;
    this.message = message;
    this.extra = extra;
  }
}

/** Answers a call with `data`, an ApiRefusal, or undefined for a route the API lacks (404). */
export type ApiRoutes = Record<string, (call: ApiCall) => unknown>;

/**
 * Replaces fetch with the API of docs/api.md: `routes` keyed `'GET payment/methods'` answer
 * each call's data, sent in the API's envelope; an aborted request rejects as the browser's
 * does. `calls` lists what was asked, in order; `restore` puts fetch back.
 */
export function fakeApi(routes: ApiRoutes) {
  const calls: ApiCall[] = [];
  const before = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'https://shop.test');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\//, '');
    const call: ApiCall = {
      method,
      path,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const { signal } = init;
    const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
    return new Promise<Response>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(aborted()));
      Promise.resolve()
        .then(() => routes[`${method} ${path}`]?.(call))
        .then((answer) => {
          if (signal?.aborted) return reject(aborted());
          const route = `${method} ${path}` in routes;
          const [status, body] = !route
            ? [404, { status: 'error', message: 'This page could not be found', statusCode: 404 }]
            : answer instanceof ApiRefusal
              ? [
                  answer.statusCode,
                  {
                    status: 'error',
                    message: answer.message,
                    statusCode: answer.statusCode,
                    ...answer.extra,
                  },
                ]
              : [200, { status: 'success', data: answer ?? null }];
          resolve({ ok: status < 400, status, json: async () => body } as Response);
        }, reject);
    });
  }) as typeof fetch;
  return {
    calls,
    /** the calls of one route (`'GET c_orders'`) */
    callsOf: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
    restore: () => {
      globalThis.fetch = before;
    },
  };
}
