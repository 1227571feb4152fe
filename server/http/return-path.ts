import type { Request } from 'express';
import { isSafeRedirect } from '../../shared/safe-redirect.ts';

/** The page a payment was started on (our own, safe): the gateway sends the buyer back there. */
export function returnPathOf(req: Request, publicUrl: string): string {
  // the page says where it is; else the Referer, when the browser sends one
  const asked: unknown = (req.body as { return_path?: unknown } | undefined)?.return_path;
  if (typeof asked === 'string' && isSafeRedirect(asked)) return new URL(asked, publicUrl).pathname;
  const referer = req.get('referer');
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    if (url.origin !== new URL(publicUrl).origin) return '/';
    return isSafeRedirect(url.pathname) ? url.pathname : '/';
  } catch {
    return '/';
  }
}
