import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

/**
 * The Express request as the fetch Request react-router's static handler asks for. Loaders
 * read only its path, query and abort signal (their data comes through the request context),
 * so the request's headers are not copied (a Headers object per request was ~1 % of a
 * rendered page) and the origin is fixed: a client's Host header cannot change what a
 * loader sees or make the URL invalid.
 */
const ORIGIN = 'http://localhost';

export function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const controller = new AbortController();
  // a visitor who leaves stops the loaders; a finished answer aborts nothing (an abort makes
  // a DOMException, ~1 % of a rendered page when it ran after every answer)
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return new Request(`${ORIGIN}${req.originalUrl}`, {
    method: req.method,
    signal: controller.signal,
  });
}
