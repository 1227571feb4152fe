import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

/** The Express request as a fetch Request for react-router's static handler. */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return new Request(new URL(req.originalUrl, origin), {
    method: req.method,
    headers,
    signal: controller.signal,
  });
}
