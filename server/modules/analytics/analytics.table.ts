import type { Generated, Selectable } from 'kysely';

/** One web-vitals measurement a browser sent (POST /api/analytics): no person, no URL kept. */
export interface WebVitalsTable {
  id: Generated<number>;
  /** the page kind (the route table's view: home, service, cabinet …) */
  page_kind: string;
  /** LCP, INP, CLS, FCP or TTFB */
  name: string;
  value: number;
  rating: string | null;
  created_at: string;
}

/** An analytics event waiting for the worker to forward it (GA4, Metrika): never on a request. */
export interface AnalyticsOutboxTable {
  id: Generated<number>;
  /** `ga4` or `metrika` */
  target: string;
  /** JSON: what the forwarder sends */
  payload: string;
  attempts: number;
  next_attempt_at: string;
  created_at: string;
}

export type WebVitalRow = Selectable<WebVitalsTable>;
export type AnalyticsOutboxRow = Selectable<AnalyticsOutboxTable>;
