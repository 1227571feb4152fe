import { type ConfigError, loadConfig } from '../config.ts';

describe('the keys that turn an integration on', () => {
  const problemsOf = (env: Record<string, string | undefined>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as ConfigError).problems;
    }
    return [];
  };

  it('turns Stripe on with both keys, and refuses one alone', () => {
    expect(loadConfig({}).stripe).toBeNull();
    const keys = { STRIPE_SECRET_KEY: ' sk_test_x ', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(loadConfig(keys).stripe).toEqual({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      apiUrl: 'https://api.stripe.com',
    });
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_x' })).toEqual([
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    ]);
    // its API origin is read only when Stripe is on
    expect(problemsOf({ STRIPE_API_URL: 'ftp://x' })).toEqual([]);
    expect(problemsOf({ ...keys, STRIPE_API_URL: 'ftp://x' })).toEqual([
      'STRIPE_API_URL="ftp://x" is not an http(s) origin',
    ]);
  });

  it('turns GA4 on with a G- id and its secret, and refuses anything less', () => {
    expect(loadConfig({}).ga4).toBeNull();
    expect(loadConfig({ GA_MEASUREMENT_ID: 'G-TEST1234', GA_API_SECRET: 's' }).ga4).toEqual({
      measurementId: 'G-TEST1234',
      apiSecret: 's',
      endpoint: 'https://www.google-analytics.com/mp/collect',
    });
    for (const env of [
      { GA_API_SECRET: 's' },
      { GA_MEASUREMENT_ID: 'G-TEST1234' },
      { GA_MEASUREMENT_ID: 'UA-1234', GA_API_SECRET: 's' },
    ])
      expect(problemsOf(env)).toEqual([
        'GA_MEASUREMENT_ID (G-…) and GA_API_SECRET must be set together',
      ]);
  });

  it('turns a social provider on with its client id and secret only', () => {
    expect(loadConfig({ OAUTH_VK_CLIENT_ID: 'id' }).oauthProviders).toEqual([]);
    const [google, ...others] = loadConfig({
      OAUTH_GOOGLE_CLIENT_ID: 'id',
      OAUTH_GOOGLE_CLIENT_SECRET: 'secret',
      OAUTH_GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token',
    }).oauthProviders;
    expect(others).toEqual([]);
    expect(google).toEqual({
      name: 'google',
      scope: 'openid email',
      clientId: 'id',
      clientSecret: 'secret',
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'http://127.0.0.1:9/token',
      userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    });
    // an endpoint is read only when its client is set
    expect(problemsOf({ OAUTH_VK_TOKEN_URL: 'nope' })).toEqual([]);
    expect(
      problemsOf({
        OAUTH_VK_CLIENT_ID: 'id',
        OAUTH_VK_CLIENT_SECRET: 's',
        OAUTH_VK_TOKEN_URL: 'nope',
      }),
    ).toEqual(['OAUTH_VK_TOKEN_URL="nope" is not an http(s) URL']);
  });

  it('turns Metrika on with its counters', () => {
    expect(loadConfig({ METRIKA_TOKEN: 't' }).metrika).toBeNull();
    const config = loadConfig({ METRIKA_COUNTERS: 'Shop.test:123;*:456', METRIKA_TOKEN: 't' });
    expect([...config.metrikaCounters]).toEqual([
      ['shop.test', '123'],
      ['*', '456'],
    ]);
    expect(config.metrika).toEqual({ endpoint: 'https://mc.yandex.ru', token: 't' });
  });
});

describe('the tables', () => {
  it('give every load its own lists and maps', () => {
    const first = loadConfig({});
    first.cspExtra.scriptSrc.push('https://a.example');
    first.metrikaCounters.set('*', '1');
    first.withdrawMin.RUB = 1;
    const second = loadConfig({});
    expect(second.cspExtra.scriptSrc).toEqual([]);
    expect(second.metrikaCounters.size).toBe(0);
    expect(second.withdrawMin).toEqual({ RUB: 1000, USD: 15, EUR: 15 });
  });

  it('follow an earlier key in a default', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '0' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({
      logLevel: 'silent',
      databaseFile: ':memory:',
    });
    expect(loadConfig({ LEGAL_CONTACT_EMAIL: 'law@shop.test' }).legal.privacyEmail).toBe(
      'law@shop.test',
    );
  });
});
