import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../lib/app-error.ts';
import type { Logger } from '../lib/logger.ts';
import { ValidationError } from '../lib/validate.ts';

/** The JSON envelope of docs/api.md/§12 for API errors; validation errors also name each field. */
export function apiError(
  res: Response,
  statusCode: number,
  message: string,
  errors?: Record<string, string>,
): void {
  res
    .status(statusCode)
    .json({ status: 'error', message, statusCode, ...(errors ? { errors } : {}) });
}

export function apiNotFound(_req: Request, res: Response): void {
  apiError(res, 404, 'This page could not be found');
}

/**
 * Last stop for errors: AppErrors keep their message and status, anything else becomes a
 * 500 'An error occurred' (no stack or SQL reaches a client) and is logged in full.
 */
export function errorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const known = error instanceof AppError;
    const bodyError = (error as { type?: string; status?: number })?.type?.startsWith('entity.');
    // Express's and its parsers' own refusals (http-errors: a path with bad percent-encoding,
    // a body that does not decode) keep their 4xx: the client sent something wrong
    const clientStatus = (error as { status?: unknown; expose?: unknown })?.status;
    const refused =
      !known &&
      typeof clientStatus === 'number' &&
      clientStatus >= 400 &&
      clientStatus < 500 &&
      // http-errors mark what a client may see; the router's bad-parameter decoding is a
      // URIError it gives status 400
      ((error as { expose?: unknown }).expose === true || error instanceof URIError);
    const statusCode = known
      ? error.statusCode
      : bodyError
        ? ((error as { status: number }).status ?? 400)
        : refused
          ? clientStatus
          : 500;
    const message = known
      ? error.message
      : bodyError
        ? 'The request body is not valid'
        : refused
          ? 'The request is not valid'
          : 'An error occurred';
    if (statusCode >= 500) (req.log ?? logger).error({ err: error }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (req.originalUrl.startsWith('/api/')) {
      apiError(
        res,
        statusCode,
        message,
        error instanceof ValidationError ? error.fields : undefined,
      );
      return;
    }
    res
      .status(statusCode)
      .type('html')
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Error ${statusCode}</title><body style="font-family:system-ui;text-align:center;padding:15vh 1rem"><h1>Error ${statusCode}</h1><p>${message}</p><p><a href="/">Go back</a></p></body></html>`,
      );
  };
}
