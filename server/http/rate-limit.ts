import type { NextFunction, Request, Response } from 'express';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { apiError } from './error-handler.ts';

/** The node-redis client the limits keep their counts in (the same package as the live channel). */
export interface LimitsRedis {
  isOpen: boolean;
}

/**
 * Where rate limits count (rate-limiter-flexible): in Redis when `REDIS_URL` is set,
 * so every instance agrees (an in-memory insurance takes over while Redis is down), else in
 * this process's memory. Each limit has a name, so keys of different limits never meet.
 */
export interface Limits {
  /** A limit of `points` per `durationSec`; null when `points` is 0 (off). */
  limiter(name: string, points: number, durationSec: number): RateLimiterAbstract | null;
  shared: boolean;
}

export function createLimits(redis: LimitsRedis | null, prefix = 'limits'): Limits {
  return {
    shared: redis !== null,
    limiter(name, points, durationSec) {
      if (points <= 0) return null;
      const memory = new RateLimiterMemory({ keyPrefix: name, points, duration: durationSec });
      if (!redis) return memory;
      return new RateLimiterRedis({
        storeClient: redis,
        useRedisPackage: true,
        keyPrefix: `${prefix}:${name}`,
        points,
        duration: durationSec,
        insuranceLimiter: memory,
      });
    },
  };
}

/** Takes a point for `key`; answers null when allowed, else the seconds to wait. */
export async function take(
  limiter: RateLimiterAbstract | null,
  key: string,
): Promise<{ wait: number; remaining: number } | null> {
  if (!limiter) return null;
  try {
    await limiter.consume(key);
    return null;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes)
      return {
        wait: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)),
        remaining: refusal.remainingPoints,
      };
    throw refusal;
  }
}

export const TOO_MANY = 'Too many attempts. Please try again in a minute.';

/**
 * A limit per client address and route, as middleware: login, sign-up, password reset and the
 * profile's password checks use it against guessing and mail flooding.
 */
export function rateLimit(limits: Limits, name: string, perMinute: number) {
  const limiter = limits.limiter(name, perMinute, 60);
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (!limiter) return next();
    const refused = await take(limiter, `${req.ip}|${req.baseUrl}${req.path}`);
    res.setHeader('RateLimit-Limit', String(perMinute));
    if (refused) {
      res.setHeader('Retry-After', String(refused.wait));
      apiError(res, 429, TOO_MANY);
      return;
    }
    next();
  };
}
