import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of this process (prom-client; docs/operations.md "Metrics" names the
 * dashboards and alerts built on them). One registry per process, exposed at /metrics behind
 * METRICS_TOKEN or on METRICS_PORT; the parts of the app record into it as they work.
 */
export const registry = new Registry();

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route (the matched route, "page" or a kind) and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request to the end of its answer, by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const ssrRender = new Histogram({
  name: 'ssr_render_duration_seconds',
  help: 'Server-rendered pages: time to the end of the streamed document, by page-cache result',
  labelNames: ['cache'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const ssrTtfb = new Histogram({
  name: 'ssr_ttfb_seconds',
  help: 'Server-rendered pages: time to the first byte (headers and the shell), by page-cache result',
  labelNames: ['cache'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const ssrRenderQueue = new Gauge({
  name: 'ssr_render_queue',
  help: 'Pages waiting for their turn to render (one starts per event-loop turn, first come first served)',
  registers: [registry],
});

export const keptSubtreeLookups = new Counter({
  name: 'ssr_kept_subtree_lookups_total',
  help: 'Kept subtrees (footer, header menus, landing sections) a render looked up, by result (hit: written from kept markup, miss: rendered)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const pageCacheLookups = new Counter({
  name: 'page_cache_lookups_total',
  help: 'Page cache lookups of anonymous pages, by result (hit or miss)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const dbQueryDuration = new Histogram({
  name: 'db_query_duration_seconds',
  help: 'Database queries, by engine and outcome',
  labelNames: ['engine', 'outcome'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'worker_job_duration_seconds',
  help: 'Worker jobs: time one run took, by job',
  labelNames: ['job'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const jobFailures = new Counter({
  name: 'worker_job_failures_total',
  help: 'Worker jobs that threw, by job',
  labelNames: ['job'] as const,
  registers: [registry],
});

export const workerLag = new Gauge({
  name: 'worker_round_lag_seconds',
  help: 'How late the last worker round started against its schedule (a busy worker lags)',
  registers: [registry],
});

export const workerLastRound = new Gauge({
  name: 'worker_last_round_timestamp_seconds',
  help: 'When the last worker round ended (a stuck worker stops moving it)',
  registers: [registry],
});

export const providerErrors = new Counter({
  name: 'provider_errors_total',
  help: 'Upstream provider failures, by provider and kind (refused, unreachable, unknown, sync)',
  labelNames: ['provider', 'kind'] as const,
  registers: [registry],
});

export const webhookAttempts = new Counter({
  name: 'webhook_attempts_total',
  help: "Resellers' status webhook attempts, by result (delivered, failed, given_up)",
  labelNames: ['result'] as const,
  registers: [registry],
});

export const ratesAge = new Gauge({
  name: 'currency_rates_age_seconds',
  help: 'How old the stored currency rates are after the last refresh attempt (-1: never set)',
  registers: [registry],
});

/** Counted when scraped, by whoever knows (the web process sets these up in main.ts). */
export function gaugeOf(
  name: string,
  help: string,
  labelNames: readonly string[],
  collect: (set: (labels: Record<string, string>, value: number) => void) => Promise<void> | void,
): Gauge {
  const existing = registry.getSingleMetric(name);
  if (existing) registry.removeSingleMetric(name);
  return new Gauge({
    name,
    help,
    labelNames: [...labelNames],
    registers: [registry],
    async collect() {
      this.reset();
      await collect((labels, value) => this.set(labels, value));
    },
  });
}
