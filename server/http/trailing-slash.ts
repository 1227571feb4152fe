import type { NextFunction, Request, Response } from 'express';
import { isNonPagePath } from '../../shared/routes.ts';

/**
 * SPEC §2: every page path ends with a slash; a page path without one is answered with a
 * 301 to the slashed path, query kept. Leading slashes and backslashes collapse to one, so
 * '//evil.example' can never become a protocol-relative redirect.
 */
export function trailingSlash(req: Request, res: Response, next: NextFunction): void {
  const path = req.path;
  if ((req.method !== 'GET' && req.method !== 'HEAD') || path.endsWith('/') || isNonPagePath(path)) {
    return next();
  }
  // files (/robots.txt, /favicon.ico) are not pages
  if (/\.[a-z0-9]{1,8}$/i.test(path)) return next();
  const query = req.originalUrl.slice(req.originalUrl.indexOf('?') >= 0 ? req.originalUrl.indexOf('?') : req.originalUrl.length);
  const safePath = `/${path.replace(/^[/\\]+/, '')}/`;
  res.redirect(301, `${safePath}${query}`);
}
