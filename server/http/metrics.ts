import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import onHeaders from 'on-headers';
import { httpDuration, httpRequests, registry, ssrRender, ssrTtfb } from '../lib/metrics.ts';

/** Where the routers of a path are mounted (by the time an error is answered, Express has
 * left the router and `req.baseUrl` is empty again). */
const mountOf = (req: Request) =>
  req.baseUrl ||
  (req.originalUrl.startsWith('/api/v2')
    ? '/api/v2'
    : req.originalUrl.startsWith('/api/')
      ? '/api'
      : '');

/** The route label: the matched API route, `page` for rendered pages, else a kind of path. */
function routeOf(req: Request, res: Response): string {
  if (res.locals.rendered) return 'page';
  if (req.route?.path) return `${mountOf(req)}${String(req.route.path)}`;
  if (req.path.startsWith('/assets/')) return 'assets';
  if (req.path.startsWith('/api/')) return 'api-unmatched';
  if (res.statusCode >= 300 && res.statusCode < 400) return 'redirect';
  return 'other';
}

/**
 * Times every request: by route and status, and for rendered pages the time to
 * the first byte and to the end, by page-cache result (`res.locals.rendered`, set by the
 * renderer). Mounted first, so it sees every answer.
 */
export function httpMetrics(req: Request, res: Response, next: NextFunction): void {
  const start = process.hrtime.bigint();
  let firstByte = 0;
  let route = '';
  onHeaders(res, () => {
    firstByte = Number(process.hrtime.bigint() - start) / 1e9;
    route = routeOf(req, res);
  });
  res.once('finish', () => {
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const labels = {
      method: req.method,
      route: route || routeOf(req, res),
      status: String(res.statusCode),
    };
    httpRequests.inc(labels);
    httpDuration.observe(labels, seconds);
    const rendered = res.locals.rendered as 'hit' | 'miss' | 'off' | undefined;
    if (rendered) {
      ssrTtfb.observe({ cache: rendered }, firstByte || seconds);
      ssrRender.observe({ cache: rendered }, seconds);
    }
  });
  next();
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** `/metrics` on the app, for a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`. */
export function metricsRoute(token: string) {
  return async (req: Request, res: Response): Promise<void> => {
    const given = req.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
    if (!sameSecret(given, token)) {
      res
        .status(401)
        .setHeader('WWW-Authenticate', 'Bearer')
        .type('text/plain')
        .send('Unauthorized');
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.type(registry.contentType).send(await registry.metrics());
  };
}

/** `/metrics` on a port of its own (METRICS_PORT), bound to METRICS_HOST: no token needed. */
export function startMetricsServer(port: number, host: string): Promise<Server> {
  const server = createServer(async (req, res) => {
    if (req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
    res.end(await registry.metrics());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
