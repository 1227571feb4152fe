import { bool, httpUrl, ms, origin, parseAmounts, text } from './parsers.ts';
import { allSet, parser, setting, type Values } from './reader.ts';

/** The sandbox gateway's signing secret in development: public (docs/configuration.md). */
export const PUBLIC_SANDBOX_SECRET = 'sandbox-development-secret';

const STRIPE = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Money: the gateways, how long a payment waits, withdraw minimums and currency rates. */
export const payments = {
  paymentSandbox: setting({
    env: 'PAYMENT_SANDBOX',
    default: true,
    parse: bool,
    doc: 'the built-in sandbox gateway pays for methods without a real one',
  }),
  sandboxSecret: setting({
    env: 'PAYMENT_SANDBOX_SECRET',
    default: PUBLIC_SANDBOX_SECRET,
    parse: parser('at least 16 characters', (raw) => (raw.length >= 16 ? raw : undefined)),
    doc: "the sandbox gateway's webhook signing key",
  }),
  stripe: {
    secretKey: setting({
      env: 'STRIPE_SECRET_KEY',
      default: null,
      parse: text('an API key'),
      doc: 'Stripe Checkout, with the webhook secret',
    }),
    webhookSecret: setting({
      env: 'STRIPE_WEBHOOK_SECRET',
      default: null,
      parse: text('a signing secret'),
      doc: "the webhook endpoint's signing secret, with the API key",
    }),
    apiUrl: setting({
      env: 'STRIPE_API_URL',
      default: 'https://api.stripe.com',
      parse: origin('an http(s) origin'),
      when: STRIPE,
      doc: "Stripe's API origin (tests point it at a local fake)",
    }),
  },
  paymentRecheckAfterMs: setting({
    env: 'PAYMENT_RECHECK_AFTER_MS',
    default: 60_000,
    parse: ms(0, 86_400_000),
    doc: 'a payment still waiting this long is asked of its gateway',
  }),
  paymentExpireAfterMs: setting({
    env: 'PAYMENT_EXPIRE_AFTER_MS',
    default: 3_600_000,
    parse: ms(60_000, 30 * 86_400_000),
    doc: 'a payment still waiting this long is given up, and its order expires',
  }),
  withdrawMin: setting({
    env: 'WITHDRAW_MIN',
    default: { RUB: 1000, USD: 15, EUR: 15 },
    docDefault: '`RUB:1000,USD:15,EUR:15`',
    parse: parser('amounts per currency like RUB:1000,USD:15,EUR:15', parseAmounts),
    doc: 'the least a withdraw request may ask, per currency, in major units',
  }),
  ratesUrl: setting({
    env: 'RATES_URL',
    default: null,
    parse: httpUrl,
    doc: 'the currency rates feed (a central bank daily XML)',
  }),
  ratesRefreshMs: setting({
    env: 'RATES_REFRESH_MS',
    default: 300_000,
    parse: ms(10_000, 86_400_000),
    doc: 'how often the rates feed is asked',
  }),
};

/** Stripe is on when both its keys are set (checks.ts refuses one alone). */
export function paymentsConfig({ stripe, ...rest }: Values<typeof payments>) {
  return { ...rest, stripe: allSet(stripe, 'secretKey', 'webhookSecret') };
}
