import type { NextFunction, Request, Response } from 'express';
import { isNonPagePath } from '#shared/routes.ts';
import { rawQuery } from './query-string.ts';

/** Files (/robots.txt, /favicon.ico) are not pages. */
const FILE_PATH = /\.[a-z0-9]{1,8}$/i;

/**
 * docs/product.md §2: every page path ends with a slash; a page path without one is answered with a
 * 301 to the slashed path, query kept. Leading slashes and backslashes collapse to one, so
 * '//evil.example' can never become a protocol-relative redirect.
 */
export function trailingSlash(req: Request, res: Response, next: NextFunction): void {
  const path = req.path;
  const isPageRead = req.method === 'GET' || req.method === 'HEAD';
  if (!isPageRead || path.endsWith('/') || isNonPagePath(path) || FILE_PATH.test(path)) {
    next();
    return;
  }
  res.redirect(301, `/${path.replace(/^[/\\]+/, '')}/${rawQuery(req)}`);
}
