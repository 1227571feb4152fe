import type { Request, RequestHandler, Response } from 'express';
import { COOKIE_NAMES } from '#shared/constants.ts';
import { deviceClassOf } from '#shared/device.ts';
import { DEFAULT_LOCALE, isLocale, type Locale, localeOfPath } from '#shared/locales.ts';
import {
  type Currency,
  defaultCurrency,
  isCurrency,
  isGdprCountry,
  regionOfCountry,
} from '#shared/regions.ts';
import type { PublicUser } from '#shared/user.ts';
import type { VisitorState } from '#shared/visitor.ts';
import type { MetaRule, PublicConfig } from '../config.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import { countryOfIp } from '../modules/geo/geo.service.ts';
import { deviceRecordOf } from './device-record.ts';
import { pageOfReferer } from './return-path.ts';

/**
 * Who asks, from where, in which language and currency (docs/product.md §3, §15, §13): decided once per
 * request, before the API and the pages, and read by every route from `res.locals.context`.
 */
export interface RequestContext {
  /** what the page's store gets (never a token or the user's private data) */
  visitor: VisitorState;
  user: PublicUser | null;
  /** the token of a logged-in request (logout revokes it) */
  authToken: string | undefined;
  /** how the token came: API clients send a Bearer header, browsers the httpOnly cookie */
  authVia: 'bearer' | 'cookie' | null;
}

function tokenOf(req: Request): {
  token: string | undefined;
  via: RequestContext['authVia'];
} {
  const header = req.get('authorization');
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  const cookie: unknown = req.cookies?.[COOKIE_NAMES.auth];
  return typeof cookie === 'string' && cookie
    ? { token: cookie, via: 'cookie' }
    : { token: undefined, via: null };
}

/**
 * The locale of a request: a page's is its path's (docs/product.md §15 Language). An API call's is the
 * page it was made from (the Referer), else the `locale` cookie, else the user's language,
 * else the default; a call may still name its own (`lang`, an order's `return_path`).
 */
function localeOf(req: Request, user: PublicUser | null, publicUrl: string): Locale {
  if (!req.path.startsWith('/api/')) return localeOfPath(req.path);
  const page = pageOfReferer(req, publicUrl);
  if (page) return localeOfPath(page);
  const cookie: unknown = req.cookies?.[COOKIE_NAMES.locale];
  if (isLocale(cookie)) return cookie;
  return user && isLocale(user.lang) ? user.lang : DEFAULT_LOCALE;
}

/** The visitor's part of the context (the store's `visitor`). */
function visitorOf(
  req: Request,
  user: PublicUser | null,
  { publicUrl, socialProviders }: PublicConfig,
  metaRules: readonly MetaRule[],
  hiddenServicePages: string[],
): VisitorState {
  const device = deviceRecordOf(req.get('user-agent'));
  const country = countryOfIp(req.ip);
  const locale = localeOf(req, user, publicUrl);
  const chosen: unknown = req.cookies?.[COOKIE_NAMES.currency];
  return {
    locale,
    // the visitor's chosen currency, else RUB for ru and USD for the rest
    currency: isCurrency(chosen) ? chosen : defaultCurrency(locale),
    country,
    region: regionOfCountry(country),
    isGdpr: isGdprCountry(country),
    device,
    deviceClass: deviceClassOf(device),
    publicUrl,
    socialProviders,
    metaRestricted: metaRules.some(
      (rule) =>
        rule.domain === req.hostname &&
        (rule.countries.includes('*') || rule.countries.includes(country)),
    ),
    hiddenServicePages,
    consentPending: isGdprCountry(country) && !isConsent(req.cookies?.[COOKIE_NAMES.consent]),
  };
}

const isConsent = (value: unknown) => value === 'granted' || value === 'denied';

/** Builds the context: the user of the token (or none), then the visitor. */
export function requestContext({
  auth,
  publicConfig,
  metaRules,
  hiddenServicePages = async () => [],
}: {
  auth: AuthService;
  publicConfig: PublicConfig;
  metaRules: readonly MetaRule[];
  /** the service pages the shop does not sell now (the catalogue's, cached with it) */
  hiddenServicePages?: () => Promise<string[]>;
}): RequestHandler {
  return async (req, res, next) => {
    const { token, via } = tokenOf(req);
    const [user, hidden] = await Promise.all([auth.authenticate(token), hiddenServicePages()]);
    res.locals.context = {
      visitor: visitorOf(req, user, publicConfig, metaRules, hidden),
      user,
      authToken: user ? token : undefined,
      authVia: user ? via : null,
    };
    next();
  };
}

/** The request's context (set for every request that reaches the API or the pages). */
export const contextOf = (res: Response): RequestContext => res.locals.context;

export const currentUser = (res: Response): PublicUser | null => res.locals.context?.user ?? null;

/**
 * The currency a price is quoted in: a logged-in user's own (they pay in it), else the one
 * the call asks for, else the visitor's.
 */
export function priceCurrency(context: RequestContext, asked?: unknown): Currency {
  if (context.user && isCurrency(context.user.cur)) return context.user.cur;
  return isCurrency(asked) ? asked : context.visitor.currency;
}
