import type { NextFunction, Request, Response } from 'express';
import { createStaticRouter, type RouteObject, StaticRouterProvider } from 'react-router';
import { App } from '#client/app/app.tsx';
import { createRoutes } from '#client/app/routes.tsx';
import { IconSpriteContext } from '#client/components/icons/sprite-context.ts';
import type { ReadHandlers } from '../http/reads.ts';
import type { Logger } from '../lib/logger.ts';
import { PAGE_MESSAGES } from '../lib/messages.ts';
import { ssrRenderQueue } from '../lib/metrics.ts';
import type { Assets } from './assets.ts';
import { toFetchRequest } from './fetch-request.ts';
import { pageRouterContext } from './in-process-api.ts';
import type { PageCache } from './page-cache.ts';
import { sendDocument } from './page-document.tsx';
import { matchedBranch, pageHandlers } from './page-handlers.ts';
import { pageState } from './page-state.ts';
import { renderTurns } from './render-turns.ts';
import { subtreeCache } from './subtree-cache.ts';

interface RenderDeps {
  /** the API's reads, which the pages' loaders call in process (in-process-api.ts) */
  reads: ReadHandlers;
  assets: Assets;
  logger: Logger;
  renderTimeoutMs: number;
  /** where a rendered anonymous page is kept (pageCacheMiddleware gives its key) */
  cache: PageCache;
  routes?: RouteObject[];
}

/**
 * Pages (behind pageCacheMiddleware): react-router's static handler runs the loaders, then
 * React renders the document: in one piece when nothing in it waits, else streamed (people get
 * the shell as soon as it is ready, crawlers the complete document).
 */
export function pageRenderer({
  assets,
  logger,
  renderTimeoutMs,
  cache,
  routes = createRoutes(),
  reads,
}: RenderDeps) {
  const routerContextOf = pageRouterContext(reads);
  const handlerFor = pageHandlers(routes);
  const turns = renderTurns();
  const subtrees = subtreeCache();

  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const { visitor, user } = res.locals.context;
      const nonce: string = res.locals.cspNonce;
      const cacheKey: string | null = res.locals.pageCacheKey ?? null;
      ssrRenderQueue.inc();
      await turns.next();
      ssrRenderQueue.dec();
      // a visitor who left while the page waited gets no render
      if (req.socket.destroyed) return;
      const context = await handlerFor(res.locals.page).query(toFetchRequest(req, res), {
        requestContext: routerContextOf(req, res),
      });
      if (context instanceof Response) {
        const location = context.headers.get('Location');
        if (location) return res.redirect(context.status, location);
        return next(new Error(`Unexpected ${context.status} response from a loader`));
      }
      const { store, pageAssets, stateJson } = pageState(context, visitor, user, assets);
      // only the matched branch: the static router rebuilds its route manifest per request
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
      sendDocument(element, res, {
        loader: assets.loader,
        nonce,
        status: context.statusCode,
        waitForAll: visitor.device.isCrawler,
        timeoutMs: renderTimeoutMs,
        keep: cacheKey ? (body) => cache.set(cacheKey, 200, body, nonce) : null,
        // the kept subtrees this page asked for, rendered on their own once the page is out
        onSent: () =>
          pageSubtrees.keep(
            // a content renders from its props and the intl they give (kept-subtree.tsx): no
            // store, no router; only the icons' sprite, the same for the process
            (content) => (
              <IconSpriteContext.Provider value={pageAssets.sprite}>
                {content}
              </IconSpriteContext.Provider>
            ),
            (error) => req.log?.warn({ err: error }, 'subtree not kept'),
          ),
        onShellError: next,
        onError: (error) => req.log?.error({ err: error }, 'render error'),
      });
    } catch (error) {
      logger.error({ err: error }, 'page render failed');
      next(error);
    }
  };
}
