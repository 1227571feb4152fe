import { count, httpUrl, ms, parseCounters, text } from './parsers.ts';
import { allSet, parser, setting, type Values } from './reader.ts';

const GA = ['GA_MEASUREMENT_ID', 'GA_API_SECRET'] as const;

/** Forwarding to GA4 and Metrika and the analytics endpoints' limits. */
export const analytics = {
  ga4: {
    measurementId: setting({
      env: 'GA_MEASUREMENT_ID',
      default: null,
      parse: text('a measurement id'),
      doc: 'GA4 Measurement Protocol (G-…), with the API secret',
    }),
    apiSecret: setting({
      env: 'GA_API_SECRET',
      default: null,
      parse: text('an API secret'),
      doc: "the GA4 stream's API secret, with the measurement id",
    }),
    endpoint: setting({
      env: 'GA_ENDPOINT',
      default: 'https://www.google-analytics.com/mp/collect',
      parse: httpUrl,
      when: GA,
      doc: 'where GA4 events go (tests point it at a local fake)',
    }),
  },
  metrikaCounters: setting({
    env: 'METRIKA_COUNTERS',
    default: new Map<string, string>(),
    parse: parser(
      'rules like example.ru:12345678;*:87654321 (host or *, then the counter id)',
      parseCounters,
    ),
    doc: 'Metrika counter per host (docs/product.md §3); set, Metrika hits are forwarded',
  }),
  metrika: {
    endpoint: setting({
      env: 'METRIKA_ENDPOINT',
      default: 'https://mc.yandex.ru',
      parse: httpUrl,
      when: ['METRIKA_COUNTERS'],
      doc: "Metrika's measurement protocol base",
    }),
    token: setting({
      env: 'METRIKA_TOKEN',
      default: null,
      parse: text('a token'),
      when: ['METRIKA_COUNTERS'],
      doc: "the counter's measurement protocol token",
    }),
  },
  analyticsTimeoutMs: setting({
    env: 'ANALYTICS_TIMEOUT_MS',
    default: 3000,
    parse: ms(100, 60_000),
    doc: 'how long one forward waits',
  }),
  analyticsRateLimitPerMinute: setting({
    env: 'ANALYTICS_RATE_LIMIT_PER_MINUTE',
    default: 120,
    parse: count(100_000),
    doc: 'analytics calls (mp, mpy, yaHit, vitals) per address and minute',
  }),
};

/** GA4 is on with both its keys (checks.ts refuses one alone), Metrika with its counters. */
export function analyticsConfig({ ga4, metrika, ...rest }: Values<typeof analytics>) {
  return {
    ...rest,
    ga4: allSet(ga4, 'measurementId', 'apiSecret'),
    metrika: rest.metrikaCounters.size ? metrika : null,
  };
}
