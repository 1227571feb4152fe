import type { OAuthProviderConfig } from '../integrations/oauth/oauth-provider.ts';
import { count, httpUrl, text } from './parsers.ts';
import { allSet, setting, type Values } from './reader.ts';

/** A provider's endpoint: read only when its client is set. */
const endpoint = (env: string, fallback: string, client: readonly string[]) =>
  setting({
    env,
    default: fallback,
    parse: httpUrl,
    when: client,
    doc: "the provider's endpoint (tests point it at a local fake)",
  });

const VK = ['OAUTH_VK_CLIENT_ID', 'OAUTH_VK_CLIENT_SECRET'] as const;
const GOOGLE = ['OAUTH_GOOGLE_CLIENT_ID', 'OAUTH_GOOGLE_CLIENT_SECRET'] as const;

/** Sign-in: its rate limits and the social providers (VK ID, Google). */
export const auth = {
  authRateLimitPerMinute: setting({
    env: 'AUTH_RATE_LIMIT_PER_MINUTE',
    default: 10,
    parse: count(10_000),
    doc: 'login, sign-up, reset and set-password attempts per minute per address and route',
  }),
  authAccountAttemptsPerHour: setting({
    env: 'AUTH_ACCOUNT_ATTEMPTS_PER_HOUR',
    default: 20,
    parse: count(1_000_000),
    doc: 'login attempts an hour for one account, from any address',
  }),
  oauth: {
    vk: {
      clientId: setting({
        env: 'OAUTH_VK_CLIENT_ID',
        default: null,
        parse: text('a client id'),
        doc: 'VK ID sign-in, with the secret',
      }),
      clientSecret: setting({
        env: 'OAUTH_VK_CLIENT_SECRET',
        default: null,
        parse: text('a client secret'),
        doc: 'VK ID sign-in, with the id',
      }),
      authorizeUrl: endpoint('OAUTH_VK_AUTHORIZE_URL', 'https://id.vk.com/authorize', VK),
      tokenUrl: endpoint('OAUTH_VK_TOKEN_URL', 'https://id.vk.com/oauth2/auth', VK),
      userInfoUrl: endpoint('OAUTH_VK_USERINFO_URL', 'https://id.vk.com/oauth2/user_info', VK),
    },
    google: {
      clientId: setting({
        env: 'OAUTH_GOOGLE_CLIENT_ID',
        default: null,
        parse: text('a client id'),
        doc: 'Google sign-in, with the secret',
      }),
      clientSecret: setting({
        env: 'OAUTH_GOOGLE_CLIENT_SECRET',
        default: null,
        parse: text('a client secret'),
        doc: 'Google sign-in, with the id',
      }),
      authorizeUrl: endpoint(
        'OAUTH_GOOGLE_AUTHORIZE_URL',
        'https://accounts.google.com/o/oauth2/v2/auth',
        GOOGLE,
      ),
      tokenUrl: endpoint('OAUTH_GOOGLE_TOKEN_URL', 'https://oauth2.googleapis.com/token', GOOGLE),
      userInfoUrl: endpoint(
        'OAUTH_GOOGLE_USERINFO_URL',
        'https://openidconnect.googleapis.com/v1/userinfo',
        GOOGLE,
      ),
    },
  },
};

const SCOPES = { vk: 'email', google: 'openid email' } as const;

/** The providers whose client id and secret are both set; one alone leaves it off. */
export function authConfig({ oauth, ...limits }: Values<typeof auth>) {
  const oauthProviders: OAuthProviderConfig[] = (['vk', 'google'] as const).flatMap((name) => {
    const client = allSet(oauth[name], 'clientId', 'clientSecret');
    return client ? [{ name, scope: SCOPES[name], ...client }] : [];
  });
  return { ...limits, oauthProviders };
}
