import { SUPPORT_EMAIL } from '../shared/brand.ts';
import type { OAuthProviderConfig } from './integrations/oauth/oauth-provider.ts';

/**
 * Every setting comes from the environment, is validated once at start (a bad value stops
 * the process with the names of the bad keys) and is documented in docs/configuration.md.
 */

/** The sandbox gateway's signing secret in development: public (docs/configuration.md). */
const PUBLIC_SANDBOX_SECRET = 'sandbox-development-secret';

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Origin used in canonical and hreflang links and in mails. */
  publicUrl: string;
  /** Express 'trust proxy': false, true, a hop count, or a list of addresses/subnets. */
  trustProxy: boolean | number | string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  logPretty: boolean;
  compression: boolean;
  /** zlib level (-1: zlib's default, 6) and the least size compressed, in bytes. */
  compressionLevel: number;
  compressionThreshold: number;
  /** The largest JSON or form body the API reads, in bytes (larger: 413). */
  bodyLimitBytes: number;
  /** Sources added to the CSP's script-src, connect-src and img-src (analytics, CDNs). */
  cspExtra: { scriptSrc: string[]; connectSrc: string[]; imgSrc: string[] };
  /** Node's HTTP server timeouts: whole headers, an idle kept-alive connection, a request. */
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  requestTimeoutMs: number;
  cspReportOnly: boolean;
  cspReportUri: string | null;
  shutdownTimeoutMs: number;
  /** On SIGTERM, how long the server keeps listening after readiness turned unhealthy. */
  shutdownDelayMs: number;
  renderTimeoutMs: number;
  /** Folder of the browser build (manifest.json and assets/). */
  clientDir: string;
  /** PostgreSQL URL; without it the embedded SQLite file is used. */
  databaseUrl: string | null;
  databaseFile: string;
  /** SMTP URL for real mail; without it mails are written to mailOutboxDir. */
  smtpUrl: string | null;
  mailOutboxDir: string;
  mailFrom: string;
  /** Social login providers whose client id and secret are set (VK ID, Google). */
  oauthProviders: OAuthProviderConfig[];
  /** Attempts per minute and address at login, sign-up and password reset. */
  authRateLimitPerMinute: number;
  /** Login attempts an hour for one account, from any address (0: no limit). */
  authAccountAttemptsPerHour: number;
  /** Rendered pages of anonymous visitors kept in memory (0 turns the cache off). */
  pageCacheMaxEntries: number;
  pageCacheTtlMs: number;
  /**
   * SPEC §2 meta-platform restriction per domain: on these hosts, visitors from these
   * countries ('*': all) see no Instagram or Threads pages.
   */
  metaRules: MetaRule[];
  /** The background worker's round (0: no worker in this process, e.g. a web-only instance). */
  workerIntervalMs: number;
  /** How long a worker holds the orders it took: a worker that died frees them after this. */
  workerLeaseMs: number;
  /** how often a running order is asked about at its provider */
  fulfilmentSyncMs: number;
  /** A payment still waiting this long is asked of its gateway; this long, given up. */
  paymentRecheckAfterMs: number;
  paymentExpireAfterMs: number;
  /**
   * The built-in sandbox gateway: buyers "pay" without money. On by default (the embedded
   * set-up); production sets it off, and methods without a real gateway are then not offered.
   */
  paymentSandbox: boolean;
  /** The built-in provider simulator over HTTP (npm run simulator) instead of in process. */
  simulatorUrl: string | null;
  /** The in-process simulator's delivery speed (units a minute) and start delay. */
  simulator: { speedPerMinute: number; startDelayMs: number };
  /** The sandbox gateway's webhook signing secret (it is our own gateway: any long string). */
  sandboxSecret: string;
  /** Stripe Checkout for the methods whose gateway is `stripe`; the sandbox serves them without it. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string } | null;
  /**
   * Redis: the socket.io adapter (live events between instances, and from the worker
   * process); without it one web instance serves the live channel alone.
   */
  redisUrl: string | null;
  /** The Redis channel prefix of the live channel: deployments sharing a Redis keep apart. */
  liveChannelKey: string;
  /** Reseller API (/api/v2) calls per key and minute (0 turns the limit off). */
  resellerRateLimitPerMinute: number;
  /**
   * Resellers' status webhooks: private, loopback and link-local targets are refused unless
   * this is on (tests and local development only); each POST waits at most `webhookTimeoutMs`.
   */
  webhookAllowPrivate: boolean;
  webhookTimeoutMs: number;
  /** GA4 Measurement Protocol and Metrika forwarding (issue 17); null: not configured. */
  ga4: { measurementId: string; apiSecret: string; endpoint: string } | null;
  metrika: { endpoint: string; token: string | null } | null;
  /** host → Metrika counter id (SPEC §3 per-domain rules; `*` for any other host) */
  metrikaCounters: Map<string, string>;
  analyticsTimeoutMs: number;
  /** The currency rates feed (a central bank's daily XML); null: rates stay as stored. */
  ratesUrl: string | null;
  ratesRefreshMs: number;
  /** analytics calls (mp, mpy, yaHit, the vitals beacon) per address and minute */
  analyticsRateLimitPerMinute: number;
  /** POST unshorten and POST logger calls per address and minute (0: no limit). */
  unshortenRateLimitPerMinute: number;
  clientLogRateLimitPerMinute: number;
  /** How often a process looks for stored notifications not yet pushed live (the outbox). */
  livePushMs: number;
  /** The least a withdraw request may ask, per account currency, in major units. */
  withdrawMin: Record<string, number>;
  /** Folder of the written content: legal texts, articles (content/). */
  contentDir: string;
  /** Files served as they are at the site's root: icons, the web manifest, share cards. */
  staticDir: string;
  /**
   * The operator's details the legal texts name (`LEGAL_*`): required in production, a marked
   * sample elsewhere (SAMPLE_OPERATOR_ENV).
   */
  legal: {
    operatorName: string;
    operatorAddress: string;
    operatorRegistration: string;
    operatorTaxId: string;
    operatorJurisdiction: string;
    contactEmail: string;
    privacyEmail: string;
  };
  /**
   * Prometheus metrics: `/metrics` on the app for `Authorization: Bearer <metricsToken>`, or
   * on a port of its own (bound to metricsHost); neither set: not exposed.
   */
  metricsToken: string | null;
  metricsPort: number | null;
  metricsHost: string;
  /** Benchmark only: serve this file's bytes at /__bench/ceiling/ (see scripts/bench). */
  benchCeilingFile: string | null;
}

export interface MetaRule {
  domain: string;
  countries: string[];
}

/**
 * A clearly marked sample operator: it fills the legal texts' details in development and tests,
 * and the project's own production launchers (benchmarks, browser tests) pass it. A production
 * site sets its own: the server refuses to start in production without them.
 */
export const SAMPLE_OPERATOR_ENV: Readonly<Record<string, string>> = {
  LEGAL_OPERATOR_NAME: 'Sample Operator LLC (sample details)',
  LEGAL_OPERATOR_ADDRESS: '1 Sample Street, Sample City (sample details)',
  LEGAL_OPERATOR_REGISTRATION: '0000000000000 (sample details)',
  LEGAL_OPERATOR_TAX_ID: '0000000000 (sample details)',
  LEGAL_OPERATOR_JURISDICTION: 'Sample Country (sample details)',
};

const OPERATOR_KEYS = ['NAME', 'ADDRESS', 'REGISTRATION', 'TAX_ID', 'JURISDICTION'] as const;

/** `LEGAL_*`: each detail; unset, the sample's outside production and nothing in it. */
function legalDetails(
  read: ReturnType<typeof envReader>['read'],
  production: boolean,
): Config['legal'] {
  const text = (key: (typeof OPERATOR_KEYS)[number]) =>
    read(
      `LEGAL_OPERATOR_${key}`,
      production ? '' : SAMPLE_OPERATOR_ENV[`LEGAL_OPERATOR_${key}`]!,
      (raw) => (raw.length <= 300 ? raw : undefined),
      'text up to 300 characters',
    );
  const email = (key: string, fallback: string) =>
    read(
      `LEGAL_${key}`,
      fallback,
      (raw) => (/^[^\s@]+@[^\s@]+$/.test(raw) ? raw : undefined),
      'an e-mail address',
    );
  const contactEmail = email('CONTACT_EMAIL', SUPPORT_EMAIL);
  return {
    operatorName: text('NAME'),
    operatorAddress: text('ADDRESS'),
    operatorRegistration: text('REGISTRATION'),
    operatorTaxId: text('TAX_ID'),
    operatorJurisdiction: text('JURISDICTION'),
    contactEmail,
    privacyEmail: email('PRIVACY_EMAIL', contactEmail),
  };
}

/** CSP sources: `https://a.example`, `https://*.a.example:8443`, `wss:` … (no keywords). */
export function cspSources(raw: string): string[] | undefined {
  const list = raw.split(/\s+/).filter(Boolean);
  const source =
    /^(?:https?|wss?):\/\/(?:\*\.)?[a-z0-9.-]+(?::\d{1,5})?(?:\/[\w./-]*)?$|^(?:https|wss|data|blob):$/i;
  return list.length <= 20 && list.every((item) => source.test(item)) ? list : undefined;
}

/** `example.ru:12345678;*:87654321` → host → counter; undefined when malformed. */
export function parseCounters(raw: string): Map<string, string> | undefined {
  const counters = new Map<string, string>();
  for (const part of raw
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const match = /^(\*|[a-z0-9.-]+):(\d{1,12})$/i.exec(part);
    if (!match) return undefined;
    counters.set(match[1]!.toLowerCase(), match[2]!);
  }
  return counters.size ? counters : undefined;
}

/** `RUB:1000,USD:15` → { RUB: 1000, USD: 15 }; undefined when malformed. */
export function parseAmounts(raw: string): Record<string, number> | undefined {
  const amounts: Record<string, number> = {};
  for (const part of raw.split(',').map((item) => item.trim())) {
    const match = /^([A-Z]{3}):(\d+(?:\.\d{1,2})?)$/.exec(part);
    if (!match) return undefined;
    amounts[match[1]!] = Number(match[2]);
  }
  return amounts;
}

/** `example.ru:RU,BY;shop.example:*` → rules; undefined when malformed. */
export function parseMetaRules(raw: string): MetaRule[] | undefined {
  const rules: MetaRule[] = [];
  for (const part of raw
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const match = /^([a-z0-9.-]+):(\*|[A-Z]{2}(?:,[A-Z]{2})*)$/.exec(part);
    if (!match) return undefined;
    rules.push({ domain: match[1]!, countries: match[2]!.split(',') });
  }
  return rules;
}

/** Values that may be shown to browsers; nothing else of the config ever reaches a page. */
export interface PublicConfig {
  publicUrl: string;
  socialProviders: string[];
}

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

/** Where VK ID and Google answer; every URL can be overridden (tests use a local fake). */
const OAUTH_DEFAULTS: Omit<OAuthProviderConfig, 'clientId' | 'clientSecret'>[] = [
  {
    name: 'vk',
    authorizeUrl: 'https://id.vk.com/authorize',
    tokenUrl: 'https://id.vk.com/oauth2/auth',
    userInfoUrl: 'https://id.vk.com/oauth2/user_info',
    scope: 'email',
  },
  {
    name: 'google',
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scope: 'openid email',
  },
];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;

/** Reads keys of `env`, collecting every bad value (named with what was expected). */
function envReader(env: Env) {
  const problems: string[] = [];
  const read = <T>(
    key: string,
    fallback: T,
    parse: (raw: string) => T | undefined,
    expected: string,
  ): T => {
    const raw = env[key]?.trim();
    if (raw === undefined || raw === '') return fallback;
    const value = parse(raw);
    if (value === undefined) {
      problems.push(`${key}=${JSON.stringify(raw)} is not ${expected}`);
      return fallback;
    }
    return value;
  };
  return { read, problems };
}

const int = (min: number, max: number) => (raw: string) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};
const share = (raw: string) => {
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : undefined;
};
const bool = (raw: string) =>
  ['true', '1', 'yes'].includes(raw)
    ? true
    : ['false', '0', 'no'].includes(raw)
      ? false
      : undefined;
const oneOf =
  <T extends string>(values: readonly T[]) =>
  (raw: string) =>
    (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
/** An http(s) origin (no path). */
const url = (raw: string) => {
  try {
    const parsed = new URL(raw);
    return ['http:', 'https:'].includes(parsed.protocol) && parsed.pathname === '/'
      ? parsed.origin
      : undefined;
  } catch {
    return undefined;
  }
};
/** Any http(s) URL. */
const url2 = (raw: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(raw).protocol) ? raw : undefined;
  } catch {
    return undefined;
  }
};
const trust = (raw: string): Config['trustProxy'] | undefined => {
  const asBool = bool(raw);
  if (asBool !== undefined) return asBool;
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return list.length ? list : undefined;
};

/** The simulator's delivery speed and start delay: one rule for the app and `npm run simulator`. */
const simulatorPace = (read: ReturnType<typeof envReader>['read']) => ({
  speedPerMinute: read('SIMULATOR_SPEED', 1000, int(1, 10_000_000), 'units a minute (1-10000000)'),
  startDelayMs: read(
    'SIMULATOR_START_DELAY_MS',
    30_000,
    int(0, 3_600_000),
    'milliseconds (0-3600000)',
  ),
});

export function loadConfig(env: Env = process.env): Config {
  const { read, problems } = envReader(env);
  const nodeEnv = read(
    'NODE_ENV',
    'development',
    oneOf(NODE_ENVS),
    `one of ${NODE_ENVS.join(', ')}`,
  );
  const port = read('PORT', 3000, int(0, 65535), 'a port number (0-65535)');
  const config: Config = {
    nodeEnv,
    host: read('HOST', '0.0.0.0', (raw) => raw, 'a host'),
    port,
    publicUrl: read(
      'PUBLIC_URL',
      `http://localhost:${port || 3000}`,
      url,
      'an http(s) origin such as https://example.com',
    ),
    trustProxy: read(
      'TRUST_PROXY',
      false,
      trust,
      'true, false, a hop count or a list of addresses',
    ),
    logLevel: read(
      'LOG_LEVEL',
      nodeEnv === 'test' ? 'silent' : 'info',
      oneOf(LOG_LEVELS),
      `one of ${LOG_LEVELS.join(', ')}`,
    ),
    logPretty: read('LOG_PRETTY', false, bool, 'true or false'),
    compression: read('COMPRESSION', true, bool, 'true or false'),
    compressionLevel: read('COMPRESSION_LEVEL', -1, int(-1, 9), 'a zlib level (-1 to 9)'),
    compressionThreshold: read(
      'COMPRESSION_THRESHOLD',
      1024,
      int(0, 10_485_760),
      'bytes (0-10485760)',
    ),
    bodyLimitBytes: read(
      'BODY_LIMIT_BYTES',
      102_400,
      int(1024, 10_485_760),
      'bytes (1024-10485760)',
    ),
    cspExtra: {
      scriptSrc: read('CSP_SCRIPT_SRC', [], cspSources, 'space-separated origins or schemes'),
      connectSrc: read('CSP_CONNECT_SRC', [], cspSources, 'space-separated origins or schemes'),
      imgSrc: read('CSP_IMG_SRC', [], cspSources, 'space-separated origins or schemes'),
    },
    headersTimeoutMs: read(
      'HEADERS_TIMEOUT_MS',
      60_000,
      int(1000, 600_000),
      'milliseconds (1000-600000)',
    ),
    keepAliveTimeoutMs: read(
      'KEEP_ALIVE_TIMEOUT_MS',
      5000,
      int(0, 600_000),
      'milliseconds (0-600000)',
    ),
    requestTimeoutMs: read(
      'REQUEST_TIMEOUT_MS',
      300_000,
      int(0, 3_600_000),
      'milliseconds (0-3600000)',
    ),
    cspReportOnly: read('CSP_REPORT_ONLY', false, bool, 'true or false'),
    cspReportUri: read(
      'CSP_REPORT_URI',
      null,
      (raw) => url(raw) ?? (raw.startsWith('/') ? raw : undefined),
      'a URL or an absolute path',
    ),
    shutdownTimeoutMs: read(
      'SHUTDOWN_TIMEOUT_MS',
      10_000,
      int(0, 600_000),
      'milliseconds (0-600000)',
    ),
    shutdownDelayMs: read('SHUTDOWN_DELAY_MS', 0, int(0, 60_000), 'milliseconds (0-60000)'),
    renderTimeoutMs: read(
      'RENDER_TIMEOUT_MS',
      10_000,
      int(100, 120_000),
      'milliseconds (100-120000)',
    ),
    clientDir: read('CLIENT_DIR', 'dist/client', (raw) => raw, 'a folder'),
    databaseUrl: read(
      'DATABASE_URL',
      null,
      (raw) => (/^postgres(ql)?:\/\//.test(raw) ? raw : undefined),
      'a postgres:// URL',
    ),
    databaseFile: read(
      'DATABASE_FILE',
      nodeEnv === 'test' ? ':memory:' : 'var/storefront.sqlite',
      (raw) => raw,
      'a file path',
    ),
    smtpUrl: read(
      'SMTP_URL',
      null,
      (raw) => (/^smtps?:\/\//.test(raw) ? raw : undefined),
      'an smtp:// or smtps:// URL',
    ),
    mailOutboxDir: read('MAIL_OUTBOX_DIR', 'var/outbox', (raw) => raw, 'a folder'),
    mailFrom: read('MAIL_FROM', 'Boostly <no-reply@boostly.example>', (raw) => raw, 'an address'),
    oauthProviders: OAUTH_DEFAULTS.flatMap((defaults) => {
      const key = defaults.name.toUpperCase();
      const clientId = env[`OAUTH_${key}_CLIENT_ID`]?.trim();
      const clientSecret = env[`OAUTH_${key}_CLIENT_SECRET`]?.trim();
      if (!clientId || !clientSecret) return [];
      const endpoint = (name: string, fallback: string) =>
        read(`OAUTH_${key}_${name}`, fallback, url2, 'an http(s) URL');
      return [
        {
          ...defaults,
          clientId,
          clientSecret,
          authorizeUrl: endpoint('AUTHORIZE_URL', defaults.authorizeUrl),
          tokenUrl: endpoint('TOKEN_URL', defaults.tokenUrl),
          userInfoUrl: endpoint('USERINFO_URL', defaults.userInfoUrl),
        },
      ];
    }),
    paymentSandbox: read('PAYMENT_SANDBOX', true, bool, 'true or false'),
    simulatorUrl: read('SIMULATOR_URL', null, url2, 'an http(s) URL'),
    simulator: simulatorPace(read),
    sandboxSecret: read(
      'PAYMENT_SANDBOX_SECRET',
      PUBLIC_SANDBOX_SECRET,
      (raw) => (raw.length >= 16 ? raw : undefined),
      'at least 16 characters',
    ),
    workerIntervalMs: read(
      'WORKER_INTERVAL_MS',
      30_000,
      int(0, 3_600_000),
      'milliseconds (0-3600000)',
    ),
    workerLeaseMs: read(
      'WORKER_LEASE_MS',
      60_000,
      int(100, 3_600_000),
      'milliseconds (100-3600000)',
    ),
    fulfilmentSyncMs: read(
      'FULFILMENT_SYNC_MS',
      60_000,
      int(1_000, 3_600_000),
      'milliseconds (1000-3600000)',
    ),
    paymentRecheckAfterMs: read(
      'PAYMENT_RECHECK_AFTER_MS',
      60_000,
      int(0, 86_400_000),
      'milliseconds (0-86400000)',
    ),
    paymentExpireAfterMs: read(
      'PAYMENT_EXPIRE_AFTER_MS',
      3_600_000,
      int(60_000, 30 * 86_400_000),
      'milliseconds (60000-2592000000)',
    ),
    stripe: (() => {
      const secretKey = env.STRIPE_SECRET_KEY?.trim();
      const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
      if (!secretKey && !webhookSecret) return null;
      if (!secretKey || !webhookSecret) {
        problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together');
        return null;
      }
      return {
        secretKey,
        webhookSecret,
        apiUrl: read('STRIPE_API_URL', 'https://api.stripe.com', url, 'an http(s) origin'),
      };
    })(),
    metaRules: read(
      'META_RULES',
      [],
      parseMetaRules,
      'rules like example.ru:RU,BY;shop.example:* (host, then ISO countries or *)',
    ),
    authRateLimitPerMinute: read(
      'AUTH_RATE_LIMIT_PER_MINUTE',
      10,
      int(0, 10_000),
      'a count (0 turns it off)',
    ),
    authAccountAttemptsPerHour: read(
      'AUTH_ACCOUNT_ATTEMPTS_PER_HOUR',
      20,
      int(0, 1_000_000),
      'a count (0 turns it off)',
    ),
    pageCacheMaxEntries: read(
      'PAGE_CACHE_MAX_ENTRIES',
      1000,
      int(0, 1_000_000),
      'a count (0-1000000)',
    ),
    pageCacheTtlMs: read(
      'PAGE_CACHE_TTL_MS',
      60_000,
      int(0, 86_400_000),
      'milliseconds (0-86400000)',
    ),
    redisUrl: read(
      'REDIS_URL',
      null,
      (raw) => (/^rediss?:\/\//.test(raw) ? raw : undefined),
      'a redis:// or rediss:// URL',
    ),
    liveChannelKey: read(
      'LIVE_CHANNEL_KEY',
      'socket.io',
      (raw) => (/^[\w.:-]{1,64}$/.test(raw) ? raw : undefined),
      'letters, digits, . : _ - (at most 64)',
    ),
    resellerRateLimitPerMinute: read(
      'RESELLER_RATE_LIMIT_PER_MINUTE',
      600,
      int(0, 1_000_000),
      'a count (0 turns it off)',
    ),
    webhookAllowPrivate: read('WEBHOOK_ALLOW_PRIVATE', false, bool, 'true or false'),
    webhookTimeoutMs: read(
      'WEBHOOK_TIMEOUT_MS',
      10_000,
      int(100, 60_000),
      'milliseconds (100-60000)',
    ),
    ga4: (() => {
      const measurementId = env.GA_MEASUREMENT_ID?.trim();
      const apiSecret = env.GA_API_SECRET?.trim();
      if (!measurementId && !apiSecret) return null;
      if (!measurementId || !apiSecret || !/^G-[A-Z0-9]{4,20}$/.test(measurementId)) {
        problems.push('GA_MEASUREMENT_ID (G-…) and GA_API_SECRET must be set together');
        return null;
      }
      return {
        measurementId,
        apiSecret,
        endpoint: read(
          'GA_ENDPOINT',
          'https://www.google-analytics.com/mp/collect',
          url2,
          'an http(s) URL',
        ),
      };
    })(),
    metrikaCounters: read(
      'METRIKA_COUNTERS',
      new Map<string, string>(),
      parseCounters,
      'rules like example.ru:12345678;*:87654321 (host or *, then the counter id)',
    ),
    metrika: env.METRIKA_COUNTERS?.trim()
      ? {
          endpoint: read('METRIKA_ENDPOINT', 'https://mc.yandex.ru', url2, 'an http(s) URL'),
          token: env.METRIKA_TOKEN?.trim() || null,
        }
      : null,
    ratesUrl: read('RATES_URL', null, url2, 'an http(s) URL'),
    ratesRefreshMs: read(
      'RATES_REFRESH_MS',
      300_000,
      int(10_000, 86_400_000),
      'milliseconds (10000-86400000)',
    ),
    analyticsTimeoutMs: read(
      'ANALYTICS_TIMEOUT_MS',
      3000,
      int(100, 60_000),
      'milliseconds (100-60000)',
    ),
    analyticsRateLimitPerMinute: read(
      'ANALYTICS_RATE_LIMIT_PER_MINUTE',
      120,
      int(0, 100_000),
      'a count (0 turns it off)',
    ),
    unshortenRateLimitPerMinute: read(
      'UNSHORTEN_RATE_LIMIT_PER_MINUTE',
      30,
      int(0, 100_000),
      'a count (0 turns it off)',
    ),
    clientLogRateLimitPerMinute: read(
      'CLIENT_LOG_RATE_LIMIT_PER_MINUTE',
      60,
      int(0, 100_000),
      'a count (0 turns it off)',
    ),
    livePushMs: read('LIVE_PUSH_MS', 500, int(50, 60_000), 'milliseconds (50-60000)'),
    withdrawMin: read(
      'WITHDRAW_MIN',
      { RUB: 1000, USD: 15, EUR: 15 },
      parseAmounts,
      'amounts per currency like RUB:1000,USD:15,EUR:15',
    ),
    contentDir: read('CONTENT_DIR', 'content', (raw) => raw, 'a folder'),
    staticDir: read('STATIC_DIR', 'static', (raw) => raw, 'a folder'),
    legal: legalDetails(read, nodeEnv === 'production'),
    metricsToken: read(
      'METRICS_TOKEN',
      null,
      (raw) => (/^[\x21-\x7e]{16,200}$/.test(raw) ? raw : undefined),
      '16 to 200 visible ASCII characters',
    ),
    metricsPort: read('METRICS_PORT', null, int(1, 65_535), 'a port (1-65535)'),
    metricsHost: read('METRICS_HOST', '127.0.0.1', (raw) => raw, 'a host or address'),
    benchCeilingFile: read('BENCH_CEILING_FILE', null, (raw) => raw, 'a file path'),
  };
  // a kept-alive connection must be closed before its headers timeout (Node's advice)
  if (config.keepAliveTimeoutMs >= config.headersTimeoutMs)
    problems.push('KEEP_ALIVE_TIMEOUT_MS must be below HEADERS_TIMEOUT_MS');
  if (config.requestTimeoutMs !== 0 && config.requestTimeoutMs < config.headersTimeoutMs)
    problems.push('REQUEST_TIMEOUT_MS must be 0 (none) or at least HEADERS_TIMEOUT_MS');
  // the default signing secret is public: in production it would let anyone settle payments
  if (
    config.nodeEnv === 'production' &&
    config.paymentSandbox &&
    (!env.PAYMENT_SANDBOX_SECRET?.trim() || config.sandboxSecret === PUBLIC_SANDBOX_SECRET)
  )
    problems.push(
      'PAYMENT_SANDBOX_SECRET must be set in production while PAYMENT_SANDBOX is on, to another value than its default (which is public)',
    );
  // the legal pages name the operator: a shop in production never prints a placeholder
  const unset = OPERATOR_KEYS.filter((key) => !env[`LEGAL_OPERATOR_${key}`]?.trim());
  if (config.nodeEnv === 'production' && unset.length)
    problems.push(
      `${unset.map((key) => `LEGAL_OPERATOR_${key}`).join(', ')} must be set in production (the legal pages name the operator)`,
    );
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze(config);
}

export function publicConfig(config: Config): PublicConfig {
  return {
    publicUrl: config.publicUrl,
    socialProviders: config.oauthProviders.map((provider) => provider.name),
  };
}

/** `npm run simulator`: the simulator as an HTTP server of its own (docs/configuration.md). */
export interface SimulatorConfig {
  port: number;
  host: string;
  key: string;
  speedPerMinute: number;
  startDelayMs: number;
  partialRate: number;
  cancelRate: number;
  errorRate: number;
}

export function loadSimulatorConfig(env: Env = process.env): SimulatorConfig {
  const { read, problems } = envReader(env);
  const config: SimulatorConfig = {
    port: read('SIMULATOR_PORT', 3400, int(0, 65_535), 'a port (0-65535)'),
    host: read('SIMULATOR_HOST', '127.0.0.1', (raw) => raw, 'a host'),
    key: read('SIMULATOR_KEY', 'simulator-key', (raw) => raw, 'a key'),
    ...simulatorPace(read),
    partialRate: read('SIMULATOR_PARTIAL_RATE', 0, share, 'a share from 0 to 1'),
    cancelRate: read('SIMULATOR_CANCEL_RATE', 0, share, 'a share from 0 to 1'),
    errorRate: read('SIMULATOR_ERROR_RATE', 0, share, 'a share from 0 to 1'),
  };
  if (config.partialRate + config.cancelRate > 1)
    problems.push('SIMULATOR_PARTIAL_RATE and SIMULATOR_CANCEL_RATE add up to more than 1');
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze(config);
}
