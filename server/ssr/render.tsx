import type { NextFunction, Request, Response } from 'express';
import { createStaticRouter, type RouteObject, StaticRouterProvider } from 'react-router';
import { App, AppContext } from '../../client/app/app.tsx';
import type { PageState } from '../../client/app/page-state.ts';
import { createRoutes } from '../../client/app/routes.tsx';
import { createStore } from '../../client/app/store.ts';
import { ARTICLES_CONTEXT_KEY } from '../../client/features/content/articles.loader.ts';
import { LEGAL_CONTEXT_KEY, type LegalReader } from '../../client/features/content/legal.loader.ts';
import { STOREFRONT_CONTEXT_KEY } from '../../client/features/order-form/order-form.loader.ts';
import { PAYMENTS_CONTEXT_KEY } from '../../client/features/payment/payment.loader.ts';
import { registerMessageSet } from '../../client/lib/intl.ts';
import { COOKIE_NAMES } from '../../shared/constants.ts';
import { LOCALES } from '../../shared/locales.ts';
import { MESSAGE_SETS } from '../../shared/message-sets.ts';
import { serializeForScript } from '../../shared/serialize.ts';
import type { VisitorState } from '../../shared/visitor.ts';
import { visitorOf } from '../http/visitor-hash.ts';
import type { Logger } from '../lib/logger.ts';
import { PAGE_MESSAGES, PAGE_SET_MESSAGES } from '../lib/messages.ts';
import { pageCacheLookups, ssrRenderQueue } from '../lib/metrics.ts';
import type { ArticlesService } from '../modules/articles/articles.service.ts';
import type { CatalogService } from '../modules/catalog/catalog.service.ts';
import type { LegalService } from '../modules/content/legal.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import type { PaymentMethodsService } from '../modules/payments/payment-methods.service.ts';
import type { PaymentsService } from '../modules/payments/payments.service.ts';
import { articlesReader } from './articles-reader.ts';
import type { Assets } from './assets.ts';
import { toFetchRequest } from './fetch-request.ts';
import { hydrationData } from './hydration-data.ts';
import { type PageCache, sendCached } from './page-cache.ts';
import { streamDocument, wholeDocument } from './page-document.tsx';
import { matchedBranch, pageHandlers } from './page-handlers.ts';
import { paymentsReader } from './payments-reader.ts';
import { renderTurns } from './render-turns.ts';
import { storefrontReader } from './storefront-reader.ts';
import { subtreeCache } from './subtree-cache.ts';

interface RenderDeps {
  assets: Assets;
  logger: Logger;
  renderTimeoutMs: number;
  cache: PageCache;
  routes?: RouteObject[];
  catalog: CatalogService;
  payments: PaymentsService;
  paymentMethods: PaymentMethodsService;
  orders: OrdersService;
  legal: LegalService;
  articles: ArticlesService;
}

/** What a page depends on besides its URL: the parts of the visitor the render reads. */
function cacheKeyOf(req: Request, visitor: VisitorState): string | null {
  if (req.method !== 'GET' || req.cookies?.[COOKIE_NAMES.auth]) return null;
  const { userAgent: _ignored, ...flags } = visitor.device;
  const deviceBits = Object.values(flags)
    .map((flag) => (flag ? 1 : 0))
    .join('');
  return `${req.originalUrl}\n${visitor.locale}|${visitor.currency}|${visitor.country}|${visitor.deviceClass}|${deviceBits}|${visitor.metaRestricted ? 1 : 0}`;
}

// the server has every message set of every language at hand; the browser loads its own chunks
for (const set of MESSAGE_SETS)
  for (const locale of LOCALES) registerMessageSet(set, locale, PAGE_SET_MESSAGES[set][locale]);

/**
 * Pages: react-router's static handler runs the loaders, then React renders the document: in
 * one piece when nothing in it waits, else streamed (people get the shell as soon as it is
 * ready, crawlers the complete document).
 */
export function pageRenderer({
  assets,
  logger,
  renderTimeoutMs,
  cache,
  routes = createRoutes(),
  catalog,
  payments,
  paymentMethods,
  orders,
  legal,
  articles,
}: RenderDeps) {
  const thanks = paymentsReader(payments, orders, paymentMethods);
  const legalReader: LegalReader = {
    document: async (doc, region, lang) => legal.document(doc, region, lang),
  };
  const handlerFor = pageHandlers(routes);
  const turns = renderTurns();
  const subtrees = subtreeCache();

  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const { visitor, user } = res.locals.context;
      const nonce = res.locals.cspNonce;
      const cacheKey = cache.enabled ? cacheKeyOf(req, visitor) : null;
      const cached = cacheKey ? cache.get(cacheKey) : undefined;
      // the metrics middleware labels this page's timings with it
      res.locals.rendered = cached ? 'hit' : cacheKey ? 'miss' : 'off';
      if (cacheKey) pageCacheLookups.inc({ result: cached ? 'hit' : 'miss' });
      if (cached) {
        res.status(cached.status).type('html').setHeader('Cache-Control', 'private, no-cache');
        sendCached(res, cached, nonce);
        return;
      }
      ssrRenderQueue.inc();
      await turns.next();
      ssrRenderQueue.dec();
      // a visitor who left while the page waited gets no render
      if (req.socket.destroyed) return;
      // loaders read the catalogue in process through the request context (no HTTP hop)
      const context = await handlerFor(res.locals.page).query(toFetchRequest(req, res), {
        requestContext: {
          [STOREFRONT_CONTEXT_KEY]: storefrontReader(catalog, visitor, user),
          [PAYMENTS_CONTEXT_KEY]: thanks,
          [LEGAL_CONTEXT_KEY]: legalReader,
          [ARTICLES_CONTEXT_KEY]: articlesReader(articles, visitorOf(req)),
        },
      });
      if (context instanceof Response) {
        const location = context.headers.get('Location');
        if (location) return res.redirect(context.status, location);
        return next(new Error(`Unexpected ${context.status} response from a loader`));
      }
      // the browser knows its own user agent: leaving it out keeps pages shareable in the cache
      const store = createStore({
        visitor: { ...visitor, device: { ...visitor.device, userAgent: '' } },
        session: { user },
      });
      const pageAssets = assets.forMatches(context.matches, visitor.locale);
      const state: PageState = {
        store: store.getState(),
        router: hydrationData(context),
        assets: pageAssets,
      };
      const stateJson = serializeForScript(state);
      // only the matched branch: the static router rebuilds its route manifest per request,
      // and the full tree (every page × 7 languages) is hundreds of routes it never renders
      const router = createStaticRouter(matchedBranch(context.matches), context);

      const pageContext = {
        store,
        locale: visitor.locale,
        messages: PAGE_MESSAGES[visitor.locale],
        assets: pageAssets,
      };
      const pageSubtrees = subtrees.forPage();
      const element = (
        <App {...pageContext} subtrees={pageSubtrees} stateJson={stateJson} nonce={nonce}>
          <StaticRouterProvider router={router} context={context} hydrate={false} nonce={nonce} />
        </App>
      );
      const startPage = (status: number) => {
        res.status(status);
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'private, no-cache');
        return cacheKey !== null && status === 200;
      };
      const body = wholeDocument(element, assets.loader, nonce);
      if (body !== null) {
        if (startPage(context.statusCode) && cacheKey) cache.set(cacheKey, 200, body, nonce);
        res.end(body);
        // the kept subtrees this page asked for, rendered on their own once the page is out
        pageSubtrees.keep(
          (content) => <AppContext {...pageContext}>{content}</AppContext>,
          (error) => req.log?.warn({ err: error }, 'subtree not kept'),
        );
        return;
      }
      streamDocument(element, res, {
        loader: assets.loader,
        nonce,
        waitForAll: visitor.device.isCrawler,
        timeoutMs: renderTimeoutMs,
        start: (failed) => startPage(failed ? 500 : context.statusCode),
        onComplete: (body) => {
          if (cacheKey) cache.set(cacheKey, 200, body, nonce);
        },
        onShellError: next,
        onError: (error) => req.log?.error({ err: error }, 'render error'),
      });
    } catch (error) {
      logger.error({ err: error }, 'page render failed');
      next(error);
    }
  };
}
