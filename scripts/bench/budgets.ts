/**
 * Performance budgets, in one place. The size budgets are enforced by a test in `npm test`
 * (scripts/bench/size.test.ts); the throughput and Lighthouse targets are checked by
 * `npm run bench` and `npm run bench:lighthouse`, which print them beside the figures.
 */
export const SIZE_BUDGETS_KIB = {
  /** JS and CSS a first visit downloads, gzip, per page kind. */
  landing: { jsGzip: 90, cssGzip: 12 },
  service: { jsGzip: 90, cssGzip: 12 },
  cabinet: { jsGzip: 110, cssGzip: 12 },
} as const;

export const THROUGHPUT_TARGETS = {
  /** home as a person, req/s at 10 connections, as a share of the ceiling's */
  homeShareOfCeilingAt10: 0.4,
  /** p99 latency at 50 connections, ms */
  p99At50Ms: 50,
  /** time to first byte, p50 at 1 connection, ms */
  ttfbP50Ms: 5,
  /** resident memory after the load, MB */
  rssMb: 250,
  /** spawn → first 200, ms */
  coldStartMs: 1000,
} as const;

export const LIGHTHOUSE_TARGETS = {
  performance: 95,
  accessibility: 95,
  'best-practices': 95,
  seo: 100,
} as const;
