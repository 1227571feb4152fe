import type { NextFunction, Request, Response } from 'express';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { App } from '../../client/app/app.tsx';
import type { PageState } from '../../client/app/page-state.ts';
import { createRoutes } from '../../client/app/routes.tsx';
import { createStore } from '../../client/app/store.ts';
import { serializeForScript } from '../../shared/serialize.ts';
import type { VisitorState } from '../../shared/visitor.ts';
import type { Logger } from '../lib/logger.ts';
import type { Assets } from './assets.ts';
import { toFetchRequest } from './fetch-request.ts';
import { hydrationData } from './hydration-data.ts';
import { MESSAGES } from './messages.ts';

interface RenderDeps {
  assets: Assets;
  logger: Logger;
  renderTimeoutMs: number;
  routes?: RouteObject[];
}

/**
 * Pages: react-router's static handler runs the loaders, then React streams the document.
 * People get the shell as soon as it is ready; crawlers get the complete document.
 */
export function pageRenderer({
  assets,
  logger,
  renderTimeoutMs,
  routes = createRoutes(),
}: RenderDeps) {
  const handler = createStaticHandler(routes);

  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const context = await handler.query(toFetchRequest(req, res));
      if (context instanceof Response) {
        const location = context.headers.get('Location');
        if (location) return res.redirect(context.status, location);
        return next(new Error(`Unexpected ${context.status} response from a loader`));
      }
      const visitor = res.locals.visitor as VisitorState;
      const nonce = res.locals.cspNonce as string;
      const store = createStore({ visitor });
      const pageAssets = assets.forMatches(context.matches);
      const state: PageState = {
        store: store.getState(),
        router: hydrationData(context),
        assets: pageAssets,
      };
      const stateJson = serializeForScript(state);
      const router = createStaticRouter(handler.dataRoutes, context);

      let failed = false;
      const stream = renderToPipeableStream(
        <App
          store={store}
          locale={visitor.locale}
          messages={MESSAGES[visitor.locale]}
          assets={pageAssets}
          stateJson={stateJson}
          nonce={nonce}
        >
          <StaticRouterProvider router={router} context={context} hydrate={false} nonce={nonce} />
        </App>,
        {
          nonce,
          bootstrapModules: [assets.entry],
          [visitor.device.isCrawler ? 'onAllReady' : 'onShellReady']() {
            res.status(failed ? 500 : context.statusCode);
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.setHeader('Cache-Control', 'private, no-cache');
            stream.pipe(res);
          },
          onShellError(error: unknown) {
            next(error);
          },
          onError(error: unknown) {
            failed = true;
            req.log?.error({ err: error }, 'render error');
          },
        },
      );
      // a render that never finishes must not hold the connection forever
      const timer = setTimeout(() => stream.abort(new Error('render timed out')), renderTimeoutMs);
      res.on('close', () => clearTimeout(timer));
    } catch (error) {
      logger.error({ err: error }, 'page render failed');
      next(error);
    }
  };
}
