import type { RequestHandler } from 'express';
import { AppError } from '../lib/app-error.ts';
import { currentUser } from './request-context.ts';

/**
 * A guest's call of an account's read answers 401 whatever its query (docs/api.md): put on
 * the read's paths ahead of `mountReads`, which checks the query before the handler runs.
 */
export const loginFirst =
  (message: string): RequestHandler =>
  (_req, res, next) => {
    if (!currentUser(res)) throw new AppError(message, 401);
    next();
  };
