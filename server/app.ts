import path from 'node:path';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import type { RouteObject } from 'react-router';
import type { Config } from './config.ts';
import { benchCeiling } from './http/bench-ceiling.ts';
import { apiNotFound, errorHandler } from './http/error-handler.ts';
import { localeRedirects } from './http/locale.ts';
import { requestLogging } from './http/logging.ts';
import { cspNonce, securityHeaders } from './http/security-headers.ts';
import { trailingSlash } from './http/trailing-slash.ts';
import { visitorOf } from './http/visitor.ts';
import type { Logger } from './lib/logger.ts';
import type { Assets } from './ssr/assets.ts';
import { PageCache } from './ssr/page-cache.ts';
import { pageRenderer } from './ssr/render.tsx';

export interface AppDeps {
  config: Config;
  logger: Logger;
  assets: Assets;
  /** Answers /healthz: false while the process is shutting down. */
  isHealthy?: () => boolean;
  /** The page routes; tests may hand in their own, the app uses the shared route tree. */
  routes?: RouteObject[];
}

/** The whole HTTP app without listen(): main.ts serves it, tests drive it with supertest. */
export function createApp({
  config,
  logger,
  assets,
  isHealthy = () => true,
  routes,
}: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.get('/healthz', (_req, res) => {
    const healthy = isHealthy();
    res
      .status(healthy ? 200 : 503)
      .json({ status: healthy ? 'ok' : 'shutting-down', uptime: Math.round(process.uptime()) });
  });

  app.use(requestLogging(logger));
  // compression flushes after every chunk React writes, so streaming survives gzip
  if (config.compression) app.use(compression());

  app.use(
    '/assets',
    express.static(path.resolve(config.clientDir, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
    }),
  );

  app.use(cspNonce, securityHeaders(config), cookieParser());

  app.use('/api', express.json({ limit: '100kb' }), apiNotFound);

  app.use(trailingSlash);
  app.use((req, res, next) => {
    res.locals.visitor = visitorOf(req, config.publicUrl);
    next();
  });
  app.use(localeRedirects);
  if (config.benchCeilingFile) app.get('/__bench/ceiling/', benchCeiling(config.benchCeilingFile));
  app.get(
    '/{*path}',
    pageRenderer({
      assets,
      logger,
      routes,
      renderTimeoutMs: config.renderTimeoutMs,
      cache: new PageCache(config.pageCacheMaxEntries, config.pageCacheTtlMs),
    }),
  );

  app.use(errorHandler(logger));
  return app;
}
