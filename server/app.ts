import { readdirSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import type { RouteObject } from 'react-router';
import { type Config, publicConfig } from './config.ts';
import { accessRedirects } from './http/access-redirects.ts';
import { benchCeiling } from './http/bench-ceiling.ts';
import { refuseControlChars, refuseControlCharsInBody } from './http/control-chars.ts';
import { listEndpoints } from './http/endpoints.ts';
import { apiNotFound, errorHandler } from './http/error-handler.ts';
import { healthRoutes, type Readiness } from './http/health.ts';
import { localeRedirects } from './http/locale.ts';
import { requestLogging } from './http/logging.ts';
import { httpMetrics, metricsRoute } from './http/metrics.ts';
import { normalisePath } from './http/path-normalisation.ts';
import { createLimits, type Limits } from './http/rate-limit.ts';
import { referralCapture } from './http/referral-capture.ts';
import { requestContext } from './http/request-context.ts';
import { sameOriginWrites } from './http/same-origin.ts';
import { cspNonce, securityHeaders } from './http/security-headers.ts';
import { trailingSlash } from './http/trailing-slash.ts';
import { sandboxRoutes } from './integrations/payments/sandbox.routes.ts';
import type { Logger } from './lib/logger.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { articlesRoutes } from './modules/articles/articles.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { socialRoutes } from './modules/auth/social.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { contentRoutes, crawlRoutes } from './modules/content/content.routes.ts';
import { ledgerRoutes } from './modules/ledger/ledger.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { paymentsRoutes, webhookRoutes } from './modules/payments/payments.routes.ts';
import { referralsRoutes } from './modules/referrals/referrals.routes.ts';
import { apiKeysRoutes } from './modules/reseller/api-keys.routes.ts';
import { massOrdersRoutes } from './modules/reseller/mass-orders.routes.ts';
import { panelApiRoutes } from './modules/reseller/panel-api.routes.ts';
import { webhooksRoutes } from './modules/reseller/webhooks.routes.ts';
import { staffCatalogueRoutes } from './modules/staff/sections/staff-catalogue.routes.ts';
import { staffContentRoutes } from './modules/staff/sections/staff-content.routes.ts';
import { staffMoneyRoutes } from './modules/staff/sections/staff-payments.routes.ts';
import { staffProvidersRoutes } from './modules/staff/sections/staff-providers.routes.ts';
import {
  staffOrdersRoutes,
  staffUsersRoutes,
} from './modules/staff/sections/staff-sections.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { toolsRoutes } from './modules/tools/tools.routes.ts';
import { levelsRoutes } from './modules/users/levels.routes.ts';
import { profileRoutes } from './modules/users/profile.routes.ts';
import { pageReads } from './page-reads.ts';
import type { Services } from './services.ts';
import type { Assets } from './ssr/assets.ts';
import { PageCache } from './ssr/page-cache.ts';
import { pageCacheDropOnWrite, pageCacheMiddleware } from './ssr/page-cache-middleware.ts';
import { pageRenderer } from './ssr/render.tsx';

export interface AppDeps {
  config: Config;
  logger: Logger;
  assets: Assets;
  /** Answers /readyz (http/health.ts); without it the app reports itself ready. */
  readiness?: Readiness;
  /** Where rate limits count: Redis in main.ts when configured, else this process. */
  limits?: Limits;
  /** The page routes; tests may hand in their own, the app uses the shared route tree. */
  routes?: RouteObject[];
  /** The domain services (server/bootstrap.ts), shared with the worker. */
  services: Services;
}

/** The URL paths of the files under a folder (read once at start). */
function listFiles(dir: string): Set<string> {
  const files = new Set<string>();
  try {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
      if (entry.isFile())
        files.add(
          `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`,
        );
  } catch {
    // no folder: no files
  }
  return files;
}

/** Before any route: probes, logging, compression, the assets and static files, security headers. */
function mountFront(app: Express, { config, logger }: Pick<AppDeps, 'config' | 'logger'>) {
  if (config.metricsToken) app.get('/metrics', metricsRoute(config.metricsToken));
  app.use(httpMetrics);

  app.use(requestLogging(logger));
  app.use(refuseControlChars, normalisePath);
  // compression flushes after every chunk React writes, so streaming survives gzip
  if (config.compression)
    app.use(
      compression({ level: config.compressionLevel, threshold: config.compressionThreshold }),
    );

  app.use(
    '/assets',
    express.static(path.resolve(config.clientDir, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
    }),
  );

  // the icons, the web manifest and the share cards (static/, made by scripts/make-images.ts):
  // only their own paths reach the file system, not every page's
  const staticFiles = listFiles(path.resolve(config.staticDir));
  const serveStatic = express.static(path.resolve(config.staticDir), {
    index: false,
    maxAge: '1d',
    fallthrough: true,
    dotfiles: 'ignore',
    setHeaders: (res, file) => {
      if (file.endsWith('.webmanifest')) res.setHeader('Content-Type', 'application/manifest+json');
    },
  });
  app.use((req, res, next) => (staticFiles.has(req.path) ? serveStatic(req, res, next) : next()));

  app.use(cspNonce, securityHeaders(config), cookieParser());
}

/** The staff console's API: its sign-in, and each section's routes behind its gate. */
function staffApi({
  config,
  services,
  limits,
}: Pick<AppDeps, 'config' | 'services'> & { limits: Limits }) {
  const { orders, payments } = services;
  return staffRoutes({
    staffAuth: services.staffAuth,
    audit: services.audit,
    dashboard: services.staffDashboard,
    adjustments: services.staffAdjustments,
    secureCookies: config.publicUrl.startsWith('https:'),
    sessionMs: config.staffSessionMs,
    limits,
    sections: [
      staffOrdersRoutes({
        orders,
        audit: services.audit,
        callsOf: services.orderCalls,
      }),
      staffUsersRoutes({
        users: services.staffUsers,
        adjustments: services.staffAdjustments,
      }),
      staffCatalogueRoutes({ catalogue: services.staffCatalogue }),
      staffProvidersRoutes({ catalogue: services.staffCatalogue }),
      staffMoneyRoutes({
        payments,
        orders,
        withdrawals: services.withdrawals,
        audit: services.audit,
      }),
      staffContentRoutes({
        articles: services.articles,
        landingCopy: services.landingCopy,
        audit: services.audit,
      }),
    ],
  });
}

/**
 * The JSON API under /api: webhooks and the resellers' panel API first (their own parsing),
 * then the JSON parser and the same-origin check, then each module's routes.
 */
function apiRouter({
  config,
  logger,
  services,
  limits,
}: Pick<AppDeps, 'config' | 'logger' | 'services'> & { limits: Limits }) {
  const { auth, catalog, paymentMethods, payments, orders } = services;
  const api = express.Router();
  // gateways post from their own servers: before the JSON parser and the same-origin check
  api.use(webhookRoutes({ payments }));
  // resellers' panels: their own parsing and answers, no browser rules (before the rest)
  api.use(
    '/v2',
    panelApiRoutes({
      apiKeys: services.apiKeys,
      panel: services.panel,
      logger,
      perMinute: config.resellerRateLimitPerMinute,
      bodyLimitBytes: config.bodyLimitBytes,
      limits,
    }),
  );
  api.use(
    express.json({ limit: config.bodyLimitBytes }),
    refuseControlCharsInBody,
    sameOriginWrites(config.publicUrl),
  );
  api.use(
    authRoutes({
      auth,
      secureCookies: config.publicUrl.startsWith('https:'),
      rateLimitPerMinute: config.authRateLimitPerMinute,
      accountAttemptsPerHour: config.authAccountAttemptsPerHour,
      limits,
    }),
  );
  api.use(
    socialRoutes({
      auth,
      providers: config.oauthProviders,
      publicUrl: config.publicUrl,
      secureCookies: config.publicUrl.startsWith('https:'),
      logger,
    }),
  );
  // GET endpoints lists every call of this router, read from it once it is complete
  api.use(catalogRoutes({ catalog, paymentMethods, endpoints: () => endpoints }));
  api.use(
    contentRoutes({
      legal: services.legal,
      guide: services.guide,
      landingCopy: services.landingCopy,
    }),
  );
  api.use(articlesRoutes({ articles: services.articles }));
  api.use(
    profileRoutes({
      profile: services.profile,
      auth,
      secureCookies: config.publicUrl.startsWith('https:'),
      rateLimitPerMinute: config.authRateLimitPerMinute,
      limits,
    }),
  );
  api.use(ledgerRoutes({ ledgerReads: services.ledgerReads }));
  api.use(levelsRoutes({ levels: services.levels }));
  api.use(notificationsRoutes({ notifications: services.notifications }));
  api.use(apiKeysRoutes({ apiKeys: services.apiKeys }));
  api.use(webhooksRoutes({ webhooks: services.webhooks }));
  api.use(referralsRoutes({ income: services.income, withdrawals: services.withdrawals }));
  api.use(staffApi({ config, services, limits }));
  api.use(massOrdersRoutes({ massOrders: services.massOrders, publicUrl: config.publicUrl }));
  api.use(ordersRoutes({ orders, publicUrl: config.publicUrl }));
  api.use(paymentsRoutes({ payments, orders, paymentMethods, publicUrl: config.publicUrl }));
  api.use(
    analyticsRoutes({
      analytics: services.analytics,
      counters: config.metrikaCounters,
      limits,
      perMinute: config.analyticsRateLimitPerMinute,
    }),
  );
  api.use(
    toolsRoutes({
      unshorten: services.unshorten,
      logger,
      limits,
      unshortenPerMinute: config.unshortenRateLimitPerMinute,
      loggerPerMinute: config.clientLogRateLimitPerMinute,
    }),
  );
  api.use(apiNotFound);
  // the router complete: the endpoints catalogRoutes lists
  const endpoints = listEndpoints(api, '/api').sort();
  return api;
}

/** After the API: the sitemap, the page redirects and every page, server-rendered. */
function mountPages(
  app: Express,
  {
    config,
    logger,
    assets,
    routes,
    services,
    pageCache,
  }: Pick<AppDeps, 'config' | 'logger' | 'assets' | 'routes' | 'services'> & {
    pageCache: PageCache;
  },
) {
  app.use(crawlRoutes({ crawl: services.crawl }));
  app.use(trailingSlash);
  app.use(localeRedirects);
  app.use(referralCapture({ secureCookies: config.publicUrl.startsWith('https:') }));
  app.use(accessRedirects);
  if (config.benchCeilingFile) app.get('/__bench/ceiling/', benchCeiling(config.benchCeilingFile));
  app.get(
    '/{*path}',
    pageCacheMiddleware(pageCache),
    pageRenderer({
      assets,
      logger,
      routes,
      renderTimeoutMs: config.renderTimeoutMs,
      cache: pageCache,
      reads: pageReads(services),
    }),
  );
}

/** The whole HTTP app without listen(): main.ts serves it, tests drive it with supertest. */
export function createApp({
  config,
  logger,
  assets,
  readiness,
  limits = createLimits(null),
  routes,
  services,
}: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  // probes answer before anything else (and are not logged)
  app.use(healthRoutes({ readiness: readiness ?? null }));
  mountFront(app, { config, logger });

  const { auth, sandbox } = services;
  // who asks, from where, in which language and currency: once, for the API and the pages
  app.use(
    requestContext({
      auth,
      publicConfig: publicConfig(config),
      metaRules: config.metaRules,
      hiddenServicePages: () => services.catalog.hiddenServicePages(),
    }),
  );

  const api = apiRouter({ config, logger, services, limits });
  const pageCache = new PageCache(config.pageCacheMaxEntries, config.pageCacheTtlMs);
  app.use('/api/staff', pageCacheDropOnWrite(pageCache));
  app.use('/api', api);
  if (sandbox) app.use('/sandbox', sandboxRoutes(sandbox));

  mountPages(app, { config, logger, assets, routes, services, pageCache });

  app.use(errorHandler(logger));
  return app;
}
