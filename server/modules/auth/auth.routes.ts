import { type CookieOptions, type Response, Router } from 'express';
import { API } from '#shared/api-contract/index.ts';
import { COOKIE_MAX_AGE_MS, COOKIE_NAMES, STAFF_COOKIE_PATHS } from '#shared/constants.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#shared/locales.ts';
import { isRefCode } from '#shared/referrals.ts';
import { defaultCurrency, isCurrency } from '#shared/regions.ts';
import { type Limits, rateLimit, take } from '../../http/rate-limit.ts';
import { contextOf, currentUser } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import type { AuthService } from './auth.service.ts';

export interface AuthRoutesDeps {
  auth: AuthService;
  secureCookies: boolean;
  rateLimitPerMinute: number;
  /** failed logins of one account an hour, from anywhere (0: no limit) */
  accountAttemptsPerHour: number;
  limits: Limits;
}

export const ACCOUNT_LOCKED =
  'Too many attempts to sign in to this account. Please try again later or reset the password.';

/** docs/api.md Auth: login/local, register, user, logout, reset, set_password. */
export function authRoutes({
  auth,
  secureCookies,
  rateLimitPerMinute,
  accountAttemptsPerHour,
  limits,
}: AuthRoutesDeps): Router {
  const router = Router();
  // per address and route, and per account from any address (a botnet guessing one password)
  const limited = rateLimit(limits, 'auth', rateLimitPerMinute);
  const perAccount = limits.limiter('login-account', accountAttemptsPerHour, 3600);
  const cookie: CookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies,
    path: '/',
  };
  const signIn = (res: Response, token: string) =>
    res.cookie(COOKIE_NAMES.auth, token, { ...cookie, maxAge: COOKIE_MAX_AGE_MS.auth });
  const localeOf = (value: unknown): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

  router.post('/login/local', limited, async (req, res) => {
    const input = validate<{ login: string; password: string }>(
      API['POST login/local'].body.schema,
      req.body,
    );
    const account = input.login.trim().toLowerCase();
    const refused = await take(perAccount, account);
    if (refused) {
      res.setHeader('Retry-After', String(refused.wait));
      throw new AppError(ACCOUNT_LOCKED, 429);
    }
    const { token, user } = await auth.login(input.login, input.password);
    // a success forgives the account's failed attempts
    await perAccount?.delete(account);
    signIn(res, token);
    res.json({ status: 'success', data: { token, user } });
  });

  router.post('/register', limited, async (req, res) => {
    const input = validate<{
      email: string;
      login: string;
      password: string;
      lang?: string;
      cur?: string;
      ref?: string;
    }>(API['POST register'].body.schema, req.body);
    const lang = localeOf(input.lang);
    const refCookie: unknown = req.cookies?.[COOKIE_NAMES.ref];
    const { token, user } = await auth.register({
      email: input.email,
      login: input.login,
      password: input.password,
      lang,
      cur: isCurrency(input.cur) ? input.cur : defaultCurrency(lang),
      ref: input.ref ?? (isRefCode(refCookie) ? refCookie : undefined),
    });
    signIn(res, token);
    res.status(201).json({ status: 'success', data: { token, user } });
  });

  // docs/api.md: GET user and GET user/ both answer, with a success flag for the client
  router.get(['/user', '/user/'], (_req, res) => {
    const user = currentUser(res);
    res.json({ status: 'success', success: Boolean(user), data: user });
  });

  router.post('/logout', async (_req, res) => {
    const token = contextOf(res).authToken;
    if (token) await auth.logout(token);
    res.clearCookie(COOKIE_NAMES.auth, cookie);
    // the staff session was bound to this sign-in and ended with it: its cookie goes too
    for (const path of STAFF_COOKIE_PATHS)
      res.clearCookie(COOKIE_NAMES.staff, { ...cookie, sameSite: 'strict', path });
    res.json({ status: 'success', data: null });
  });

  router.post('/reset', limited, async (req, res) => {
    const input = validate<{ email: string; lang?: string }>(
      API['POST reset'].body.schema,
      req.body,
    );
    // the page's language: the mail and the pages its link opens speak it
    await auth.requestReset(input.email, isLocale(input.lang) ? input.lang : undefined);
    // the same answer whether or not the address has an account
    res.json({ status: 'success', data: { sent: true } });
  });

  router.post('/set_password', limited, async (req, res) => {
    const input = validate<{ code: string; password: string }>(
      API['POST set_password'].body.schema,
      req.body,
    );
    const { token, user } = await auth.setPassword(input.code, input.password);
    // a new password lifts the account's lock, whichever name the guesses were made under
    for (const name of [user.login, user.email])
      if (name) await perAccount?.delete(name.trim().toLowerCase());
    signIn(res, token);
    res.json({ status: 'success', data: { token, user } });
  });

  return router;
}
