import type { Request } from 'express';

/** The raw query of the request, with its '?', or '' (redirects keep it as it came). */
export function rawQuery(req: Request): string {
  const index = req.originalUrl.indexOf('?');
  return index >= 0 ? req.originalUrl.slice(index) : '';
}
