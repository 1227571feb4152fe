import type { Request, Response } from 'express';
import { RouterContextProvider } from 'react-router';
import { ApiError } from '#client/lib/api.ts';
import { type ApiClient, apiClientContext } from '#client/lib/route-api.ts';
import { pageVisitorContext } from '#client/lib/route-visitor.ts';
import {
  type ReadHandler,
  type ReadHandlers,
  type ReadKey,
  readCallOf,
  readInput,
} from '../http/reads.ts';
import { AppError } from '../lib/app-error.ts';
import { ValidationError } from '../lib/validate.ts';

interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
}

/** An AppError as the browser's transport would have thrown it (client/lib/api.ts). */
function asApiError(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  return new ApiError(
    error.message,
    error.statusCode,
    error instanceof ValidationError ? error.fields : {},
  );
}

/**
 * The API client of a page's loaders on the server: each call runs the read's own handler
 * (the one its GET route serves, server/http/reads.ts) in process, on behalf of the page's
 * request, with no HTTP hop; a failure is the ApiError the browser's fetch would have thrown.
 * A page's loaders only read: a write or a read no module handles here is a bug, said loudly.
 */
export function inProcessApi(reads: ReadHandlers, req: Request, res: Response): ApiClient {
  const call = readCallOf(req, res);
  return (async (key: string, options: CallOptions = {}) => {
    const handler = reads[key as ReadKey] as ReadHandler<ReadKey> | undefined;
    if (!handler) throw new Error(`${key} has no in-process handler: add it to its module's reads`);
    const query = Object.fromEntries(
      Object.entries(options.query ?? {}).filter((field) => field[1] !== undefined),
    );
    try {
      return await handler(readInput(key as ReadKey, options.params ?? {}, query), call);
    } catch (error) {
      throw asApiError(error);
    }
  }) as ApiClient;
}

/** The router context of a page's loaders on the server: its API client and its visitor. */
export function pageRouterContext(reads: ReadHandlers) {
  return (req: Request, res: Response): RouterContextProvider => {
    const context = new RouterContextProvider();
    context.set(apiClientContext, inProcessApi(reads, req, res));
    context.set(pageVisitorContext, res.locals.context.visitor);
    return context;
  };
}
