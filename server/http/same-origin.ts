import type { NextFunction, Request, Response } from 'express';
import { apiError } from './error-handler.ts';

/**
 * Cookie-carried writes must come from our own pages (docs/architecture.md): a browser marks requests
 * from other sites with Sec-Fetch-Site and Origin. API clients with a Bearer token are not
 * browsers riding a cookie, so they pass.
 */
export function sameOriginWrites(publicUrl: string) {
  const ours = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction): void => {
    const safeMethod = req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS';
    if (safeMethod || req.get('authorization')?.startsWith('Bearer ')) {
      next();
      return;
    }
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const requestOrigin = `${req.protocol}://${req.get('host')}`;
    const foreignOrigin = origin !== undefined && origin !== ours && origin !== requestOrigin;
    if (site === 'cross-site' || site === 'same-site' || foreignOrigin) {
      apiError(res, 403, 'Requests from other sites are not accepted');
      return;
    }
    next();
  };
}
