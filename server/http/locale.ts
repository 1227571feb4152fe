import type { NextFunction, Request, Response } from 'express';
import { COOKIE_MAX_AGE_MS, COOKIE_NAMES } from '#shared/constants.ts';
import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  localeFromAcceptLanguage,
} from '#shared/locales.ts';
import type { VisitorState } from '#shared/visitor.ts';
import { rawQuery } from './query-string.ts';

/** docs/product.md §15 Language: a CIS visitor who is not a crawler gets the locale cookie set to ru. */
export function cisLocaleCookie(
  req: Request,
  res: Response,
  visitor: VisitorState,
): Locale | undefined {
  const current: unknown = req.cookies?.[COOKIE_NAMES.locale];
  if (visitor.region !== 'CIS' || visitor.device.isCrawler)
    return isLocale(current) ? current : undefined;
  if (current !== 'ru') {
    res.cookie(COOKIE_NAMES.locale, 'ru', {
      maxAge: COOKIE_MAX_AGE_MS.locale,
      sameSite: 'lax',
      path: '/',
    });
  }
  return 'ru';
}

/**
 * docs/product.md §15 Language, for the root only: the locale comes from the cookie, then the browser
 * language; a crawler or ?fwd=0 stays on ru. Anything but ru is redirected to its prefix.
 */
export function rootLocale(
  req: Request,
  visitor: VisitorState,
  cookieLocale: Locale | undefined,
): Locale {
  if (visitor.device.isCrawler || req.query.fwd === '0') return DEFAULT_LOCALE;
  return cookieLocale ?? localeFromAcceptLanguage(req.get('accept-language')) ?? DEFAULT_LOCALE;
}

export function localeRedirects(req: Request, res: Response, next: NextFunction): void {
  const { visitor } = res.locals.context;
  const cookieLocale = cisLocaleCookie(req, res, visitor);
  const isRootRead = req.path === '/' && (req.method === 'GET' || req.method === 'HEAD');
  const locale = isRootRead ? rootLocale(req, visitor, cookieLocale) : DEFAULT_LOCALE;
  // the answer at / depends on these: caches must not share it across visitors
  if (isRootRead) res.vary('Cookie').vary('Accept-Language');
  if (locale === DEFAULT_LOCALE) {
    next();
    return;
  }
  res.redirect(302, `/${locale}/${rawQuery(req)}`);
}
