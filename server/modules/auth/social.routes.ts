import { randomBytes } from 'node:crypto';
import { type CookieOptions, type Request, type Response, Router } from 'express';
import { COOKIE_MAX_AGE_MS, COOKIE_NAMES } from '#shared/constants.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#shared/locales.ts';
import { isRefCode } from '#shared/referrals.ts';
import { pagePath } from '#shared/routes.ts';
import {
  authorizeUrl,
  fetchProfile,
  type OAuthProviderConfig,
  OAuthProviderError,
  pkcePair,
} from '../../integrations/oauth/oauth-provider.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AuthService } from './auth.service.ts';

/** The social token on its way to the page: docs/product.md §15 reads it from a cookie starting with Bearer. */
export const SOCIAL_COOKIE = 'slogin';
const FLOW_COOKIE = 'oauth_flow';
const FLOW_TTL_MS = 10 * 60 * 1000;

interface Flow {
  provider: string;
  state: string;
  verifier: string;
  lang: Locale;
}

export interface SocialRoutesDeps {
  auth: AuthService;
  providers: OAuthProviderConfig[];
  publicUrl: string;
  secureCookies: boolean;
  logger: Logger;
}

/**
 * docs/product.md §15 social strategy over the OAuth 2 code flow (PKCE):
 * GET  /api/slogin/:provider          → the provider's consent page
 * GET  /api/slogin/:provider/callback → code → profile → account; the token goes into the
 *                                       `slogin` cookie ("Bearer …") and the visitor to /login/
 *                                       (docs/product.md §2: the callback lands on /login/)
 * POST /api/slogin/auth               → trades that cookie for data.token (and the auth cookie);
 *                                       a bad one resets the strategy (the cookie is dropped)
 */
export function socialRoutes({
  auth,
  providers,
  publicUrl,
  secureCookies,
  logger,
}: SocialRoutesDeps): Router {
  const router = Router();
  const cookie: CookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies,
    path: '/',
  };
  const callbackUrl = (name: string) => `${publicUrl}/api/slogin/${name}/callback`;
  const providerOf = (name: unknown) => providers.find((provider) => provider.name === name);
  const fail = (res: Response, lang: Locale, reason: string) => {
    logger.warn({ reason }, 'social login failed');
    res.clearCookie(FLOW_COOKIE, cookie).clearCookie(SOCIAL_COOKIE, cookie);
    res.redirect(302, `${pagePath('login', lang)}?error=social`);
  };

  router.post('/slogin/auth', async (req: Request, res: Response, next) => {
    try {
      const raw: unknown = req.cookies?.[SOCIAL_COOKIE] ?? req.body?.token;
      const token = typeof raw === 'string' && raw.startsWith('Bearer ') ? raw.slice(7) : undefined;
      const user = await auth.authenticate(token);
      res.clearCookie(SOCIAL_COOKIE, cookie);
      if (!user || !token) {
        res.status(401).json({ status: 'error', message: 'Social login failed', statusCode: 401 });
        return;
      }
      res.cookie(COOKIE_NAMES.auth, token, { ...cookie, maxAge: COOKIE_MAX_AGE_MS.auth });
      res.json({ status: 'success', data: { token, user } });
    } catch (error) {
      next(error);
    }
  });

  router.get('/slogin/:provider', (req, res) => {
    const lang = isLocale(req.query.lang) ? req.query.lang : DEFAULT_LOCALE;
    const provider = providerOf(req.params.provider);
    if (!provider) {
      fail(res, lang, `unknown provider ${req.params.provider}`);
      return;
    }
    const { verifier, challenge } = pkcePair();
    const flow: Flow = {
      provider: provider.name,
      state: randomBytes(16).toString('base64url'),
      verifier,
      lang,
    };
    res.cookie(FLOW_COOKIE, JSON.stringify(flow), { ...cookie, maxAge: FLOW_TTL_MS });
    res.redirect(
      302,
      authorizeUrl(provider, {
        redirectUri: callbackUrl(provider.name),
        state: flow.state,
        challenge,
      }),
    );
  });

  router.get('/slogin/:provider/callback', async (req, res, next) => {
    let flow: Flow | undefined;
    try {
      flow = JSON.parse(String(req.cookies?.[FLOW_COOKIE] ?? 'null')) as Flow | undefined;
    } catch {
      flow = undefined;
    }
    const lang = flow && isLocale(flow.lang) ? flow.lang : DEFAULT_LOCALE;
    const provider = providerOf(req.params.provider);
    const { code, state, error } = req.query;
    if (!provider || !flow || flow.provider !== provider.name)
      return fail(res, lang, 'no flow for this provider');
    if (typeof error === 'string') return fail(res, lang, `provider said ${error}`);
    if (typeof state !== 'string' || state !== flow.state) return fail(res, lang, 'state mismatch');
    if (typeof code !== 'string' || !code) return fail(res, lang, 'no code');
    try {
      const profile = await fetchProfile(provider, {
        code,
        redirectUri: callbackUrl(provider.name),
        verifier: flow.verifier,
      });
      const ref: unknown = req.cookies?.[COOKIE_NAMES.ref];
      const { token } = await auth.socialLogin(
        provider.name,
        profile,
        lang,
        isRefCode(ref) ? ref : undefined,
      );
      res.clearCookie(FLOW_COOKIE, cookie);
      res.cookie(SOCIAL_COOKIE, `Bearer ${token}`, { ...cookie, maxAge: FLOW_TTL_MS });
      res.redirect(302, `${pagePath('login', lang)}?done=1`);
    } catch (err) {
      if (err instanceof OAuthProviderError) return fail(res, lang, err.message);
      next(err);
    }
  });

  return router;
}
