import type { NextFunction, Request, Response } from 'express';
import { apiError } from './error-handler.ts';

/**
 * A fixed-window limit per client address and route, in memory (per instance). Login,
 * sign-up and password reset use it against guessing and mail flooding.
 */
export function rateLimit({
  limit,
  windowMs,
  now = Date.now,
}: {
  limit: number;
  windowMs: number;
  now?: () => number;
}) {
  const hits = new Map<string, { count: number; resetAt: number }>();
  return (req: Request, res: Response, next: NextFunction): void => {
    if (limit <= 0) {
      next();
      return;
    }
    const at = now();
    const key = `${req.ip}|${req.baseUrl}${req.path}`;
    let entry = hits.get(key);
    if (!entry || entry.resetAt <= at) {
      entry = { count: 0, resetAt: at + windowMs };
      hits.set(key, entry);
      // forget old windows now and then so the map cannot grow without bound
      if (hits.size > 10_000) for (const [k, v] of hits) if (v.resetAt <= at) hits.delete(k);
    }
    entry.count += 1;
    res.setHeader('RateLimit-Limit', String(limit));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, limit - entry.count)));
    if (entry.count > limit) {
      res.setHeader('Retry-After', String(Math.ceil((entry.resetAt - at) / 1000)));
      apiError(res, 429, 'Too many attempts. Please try again in a minute.');
      return;
    }
    next();
  };
}
