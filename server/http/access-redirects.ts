import type { NextFunction, Request, Response } from 'express';
import { isLocale, type Locale, localePrefix } from '#shared/locales.ts';
import { isPublicId } from '#shared/orders.ts';
import { META_PLATFORMS } from '#shared/platforms.ts';
import { matchPage, pagePath } from '#shared/routes.ts';
import { isSafeRedirect } from '#shared/safe-redirect.ts';
import { rawQuery } from './query-string.ts';
import { contextOf } from './request-context.ts';

/** Payment returns land on public pages and must be shown there, logged in or not. */
const PAYMENT_ACTIONS = ['PaymentCancel', 'PaymentSuccess', 'PaymentWaiting'];
export const REDIRECT_PARAM = 'redirect';

/**
 * docs/product.md §2 Redirects and §15 Login, before any rendering:
 * - a logged-in user on a public page goes to the cabinet in their language, query kept,
 *   unless fromCp=true or a payment action is in the query; on a guest page (login …) they
 *   go to the remembered path if it is safe, else to the cabinet;
 * - a guest on a protected page goes to the login page, remembering the path;
 * - seo and proxy accounts have no cabinet: they go to the home page;
 * - staff console pages are never redirected (their loader answers 404 to non-staff);
 * - where the meta-platform restriction is on, Instagram and Threads pages go to /404;
 * - back from a payment gateway (`?action=Payment…&payment=id`), the buyer goes to the
 *   waiting page, which follows the payment to the thanks or the failure page.
 */
export function accessRedirects(req: Request, res: Response, next: NextFunction): void {
  const page = req.method === 'GET' || req.method === 'HEAD' ? matchPage(req.path) : null;
  // matched once per request: the renderer renders this page without matching again
  res.locals.page = page;
  if (!page) {
    next();
    return;
  }
  // back from a gateway (docs/product.md): the waiting page follows the payment to its end
  const { action, payment } = req.query;
  if (
    typeof action === 'string' &&
    PAYMENT_ACTIONS.includes(action) &&
    isPublicId(payment) &&
    page.def.view !== 'thanks'
  ) {
    res.redirect(302, `${pagePath('thanks-waiting', page.locale)}?payment=${payment}`);
    return;
  }
  // docs/product.md §2: with the meta-platform restriction on, Instagram and Threads pages (not home) 404
  const { visitor, user } = contextOf(res);
  if (
    visitor.metaRestricted &&
    page.def.id !== 'home' &&
    page.def.platform &&
    META_PLATFORMS.includes(page.def.platform)
  ) {
    res.redirect(302, `${localePrefix(page.locale)}/404/`);
    return;
  }
  const { access } = page.def;
  // the staff console: never indexed, whoever asks; an account without a staff role
  // gets the site's 404 from the page's loader (client/features/staff/staff-route.loader.ts)
  if (access === 'staff') {
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    next();
    return;
  }
  const userLocale: Locale = user && isLocale(user.lang) ? user.lang : page.locale;

  if (user && !user.noCp && (access === 'public' || access === 'guest')) {
    if (access === 'public') {
      const { fromCp, action } = req.query;
      if (fromCp === 'true' || (typeof action === 'string' && PAYMENT_ACTIONS.includes(action))) {
        next();
        return;
      }
      res.redirect(302, `${pagePath('cp', userLocale)}${rawQuery(req)}`);
      return;
    }
    const back = req.query[REDIRECT_PARAM];
    res.redirect(302, isSafeRedirect(back) ? back : pagePath('cp', userLocale));
    return;
  }
  if (access === 'protected') {
    if (!user) {
      const back = `${req.path}${rawQuery(req)}`;
      res.redirect(
        302,
        `${pagePath('login', page.locale)}?${REDIRECT_PARAM}=${encodeURIComponent(back)}`,
      );
      return;
    }
    if (user.noCp) {
      res.redirect(302, pagePath('home', page.locale));
      return;
    }
  }
  next();
}
