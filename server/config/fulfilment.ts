import { bool, count, httpUrl, ms } from './parsers.ts';
import { setting } from './reader.ts';
import { simulatorPace } from './simulator.ts';

/** The worker, the providers it calls (the simulator among them) and the reseller API. */
export const fulfilment = {
  workerIntervalMs: setting({
    env: 'WORKER_INTERVAL_MS',
    default: 30_000,
    parse: ms(0, 3_600_000),
    doc: 'the pause between worker rounds (0: no worker in this process)',
  }),
  workerLeaseMs: setting({
    env: 'WORKER_LEASE_MS',
    default: 60_000,
    parse: ms(100, 3_600_000),
    doc: 'how long a worker holds the orders it took; a dead one frees them after this',
  }),
  fulfilmentSyncMs: setting({
    env: 'FULFILMENT_SYNC_MS',
    default: 60_000,
    parse: ms(1_000, 3_600_000),
    doc: 'how often a running order is asked about at its provider',
  }),
  subscriptionCheckMs: setting({
    env: 'SUBSCRIPTION_CHECK_MS',
    default: 60_000,
    parse: ms(100, 3_600_000),
    doc: "how often a subscription's account is looked at for new posts",
  }),
  serviceStatsEveryMs: setting({
    env: 'SERVICE_STATS_EVERY_MS',
    default: 3_600_000,
    parse: ms(60_000, 3_600_000),
    doc: "how often each service's figures (/api/v2 services) are worked out again",
  }),
  simulatorUrl: setting({
    env: 'SIMULATOR_URL',
    default: null,
    parse: httpUrl,
    doc: 'the simulator over HTTP instead of in process',
  }),
  simulator: simulatorPace,
  providerAllowPrivate: setting({
    env: 'PROVIDER_ALLOW_PRIVATE',
    default: false,
    parse: bool,
    doc: 'providers added in the staff console may be on private addresses (a panel on your own network; tests)',
  }),
  resellerRateLimitPerMinute: setting({
    env: 'RESELLER_RATE_LIMIT_PER_MINUTE',
    default: 600,
    parse: count(1_000_000),
    doc: 'reseller API calls per key and minute',
  }),
  webhookAllowPrivate: setting({
    env: 'WEBHOOK_ALLOW_PRIVATE',
    default: false,
    parse: bool,
    doc: "resellers' webhooks may target private addresses (tests only: SSRF)",
  }),
  webhookTimeoutMs: setting({
    env: 'WEBHOOK_TIMEOUT_MS',
    default: 10_000,
    parse: ms(100, 60_000),
    doc: 'how long one webhook POST waits for an answer',
  }),
};
