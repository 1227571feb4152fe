import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../lib/app-error.ts';
import { rawQuery } from './query-string.ts';

/** Two or more slashes in a row, or a backslash (which URL parsers read as a slash). */
const UNEVEN = /\/{2,}|\\/;

/**
 * One path for the whole app: `//x/cp/` skipped the access redirects, which match
 * the route table, while the renderer read it as a protocol-relative URL and rendered
 * `/cp/`. Here, before anything reads the path, runs of slashes and backslashes become one
 * slash: a page read is redirected there (301, query kept), any other request is refused.
 */
export function normalisePath(req: Request, res: Response, next: NextFunction): void {
  const path = req.path;
  if (!UNEVEN.test(path)) {
    next();
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    next(new AppError('The path is not valid', 400));
    return;
  }
  res.redirect(301, `${path.replace(/[/\\]+/g, '/')}${rawQuery(req)}`);
}
