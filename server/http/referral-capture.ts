import type { CookieOptions, NextFunction, Request, Response } from 'express';
import { COOKIE_MAX_AGE_MS, COOKIE_NAMES } from '#shared/constants.ts';
import { isRefCode } from '#shared/referrals.ts';
import { contextOf } from './request-context.ts';

/**
 * The referral program (docs/product.md §8): `?ref=CODE` on any page keeps the code in a
 * first-party cookie for 30 days; the first link followed wins, and a logged-in visitor is
 * nobody's referral. The page is then served at its own address without the code (one cached
 * page, a clean address to share). A malformed code is dropped the same way.
 */
export function referralCapture({ secureCookies }: { secureCookies: boolean }) {
  const cookie: CookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies,
    path: '/',
    maxAge: COOKIE_MAX_AGE_MS.ref,
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    const ref = req.query.ref;
    if (ref === undefined || (req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    const known: unknown = req.cookies?.[COOKIE_NAMES.ref];
    if (isRefCode(ref) && !isRefCode(known) && !contextOf(res).user)
      res.cookie(COOKIE_NAMES.ref, ref, cookie);
    // the path as it came (one leading slash: never a protocol-relative address), the query
    // without the code
    const at = req.originalUrl.indexOf('?');
    const path = req.originalUrl.slice(0, at).replace(/^[/\\]+/, '/');
    const query = new URLSearchParams(req.originalUrl.slice(at + 1));
    query.delete('ref');
    const rest = query.toString();
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, `${path}${rest ? `?${rest}` : ''}`);
  };
}
