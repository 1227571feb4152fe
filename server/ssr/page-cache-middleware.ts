import type { NextFunction, Request, Response } from 'express';
import { COOKIE_NAMES } from '#shared/constants.ts';
import type { VisitorState } from '#shared/visitor.ts';
import { pageCacheLookups } from '../lib/metrics.ts';
import { type PageCache, sendCached } from './page-cache.ts';

/** What a page depends on besides its URL: the parts of the visitor the render reads. */
function cacheKeyOf(req: Request, visitor: VisitorState): string | null {
  if (req.method !== 'GET' || req.cookies?.[COOKIE_NAMES.auth]) return null;
  const { userAgent: _ignored, ...flags } = visitor.device;
  const deviceBits = Object.values(flags)
    .map((flag) => (flag ? 1 : 0))
    .join('');
  return `${req.originalUrl}\n${visitor.locale}|${visitor.currency}|${visitor.country}|${visitor.deviceClass}|${deviceBits}|${visitor.metaRestricted ? 1 : 0}|${visitor.consentPending ? 1 : 0}`;
}

/**
 * In front of the renderer: an anonymous visitor's page that is in the cache is sent from it
 * (with this response's nonce); otherwise the renderer gets the key to keep what it renders
 * under (`res.locals.pageCacheKey`, null when the page may not be kept). The metrics
 * middleware labels the page's timings with `res.locals.rendered`.
 */
export function pageCacheMiddleware(cache: PageCache) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const key = cache.enabled ? cacheKeyOf(req, res.locals.context.visitor) : null;
    const cached = key ? cache.get(key) : undefined;
    res.locals.rendered = cached ? 'hit' : key ? 'miss' : 'off';
    res.locals.pageCacheKey = key;
    if (key) pageCacheLookups.inc({ result: cached ? 'hit' : 'miss' });
    if (!cached) {
      next();
      return;
    }
    res.status(cached.status).type('html').setHeader('Cache-Control', 'private, no-cache');
    sendCached(res, cached, res.locals.cspNonce);
  };
}

/**
 * Staff writes change what pages show (prices, services, articles published or not): a write
 * that succeeded empties this process's page cache. Other instances keep theirs for at most
 * PAGE_CACHE_TTL_MS, as they keep the catalogue's snapshot.
 */
export function pageCacheDropOnWrite(cache: PageCache) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      res.on('finish', () => {
        if (res.statusCode < 400) cache.clear();
      });
    next();
  };
}
