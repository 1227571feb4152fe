import type { Request } from 'express';
import { isSafeRedirect } from '#shared/safe-redirect.ts';

/** The path of our own page the request came from (its Referer), if safe; else null. */
export function pageOfReferer(req: Request, publicUrl: string): string | null {
  const referer = req.get('referer');
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.origin !== new URL(publicUrl).origin) return null;
    return isSafeRedirect(url.pathname) ? url.pathname : null;
  } catch {
    return null;
  }
}

/**
 * The page a payment was started on (our own, safe), or null when unknown: the page says
 * where it is (`return_path`, or `data.return_path` of c_orders/async), else the Referer.
 */
export function pageOfRequest(req: Request, publicUrl: string): string | null {
  const body = req.body as { return_path?: unknown; data?: { return_path?: unknown } } | undefined;
  const asked: unknown = body?.return_path ?? body?.data?.return_path;
  if (typeof asked === 'string' && isSafeRedirect(asked)) return new URL(asked, publicUrl).pathname;
  return pageOfReferer(req, publicUrl);
}

/** Where the gateway sends the buyer back to: that page, else home. */
export function returnPathOf(req: Request, publicUrl: string): string {
  return pageOfRequest(req, publicUrl) ?? '/';
}
