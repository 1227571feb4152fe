import { matchPage } from '#shared/routes.ts';
import type { Db } from '../../db/database.ts';
import {
  type ForwarderConfig,
  type Ga4Event,
  type MetrikaHit,
  sendGa4,
  sendMetrika,
} from '../../integrations/analytics/forwarders.ts';
import type { Logger } from '../../lib/logger.ts';
import {
  claimDue,
  deleteEvent,
  deleteVitalsBefore,
  enqueue,
  insertVitals,
  retryAt,
  vitalsSince,
} from './analytics.repository.ts';

export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** An event is tried this many times, then dropped (a dead endpoint only logs). */
const MAX_ATTEMPTS = 5;
/** Measurements are kept this long. */
const KEEP_VITALS_MS = 30 * 24 * 3_600_000;

/** The kind of page a path is (the route table's view), for the vitals summary. */
export function pageKindOf(path: string): string {
  try {
    return matchPage(new URL(path, 'http://x').pathname)?.def.view ?? 'other';
  } catch {
    return 'other';
  }
}

/** The value at a percentile of sorted values (nearest rank). */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Analytics: web-vitals beacons stored by page kind and summarised (p75), and the
 * events of GA4 and Metrika queued in the outbox and forwarded by the worker.
 */
export function createAnalyticsService({
  db,
  forwarders,
  logger,
  now = () => new Date(),
}: {
  db: Db;
  forwarders: ForwarderConfig;
  logger: Logger;
  now?: () => Date;
}) {
  return {
    /** Whether events of a target are forwarded at all (else they are not even queued). */
    forwards(target: 'ga4' | 'metrika'): boolean {
      return forwarders[target] !== null;
    },

    async recordVitals(
      path: string,
      metrics: { name: VitalName; value: number; rating?: string | undefined }[],
    ): Promise<void> {
      const at = now().toISOString();
      const page_kind = pageKindOf(path);
      await insertVitals(
        db,
        metrics.map((metric) => ({
          page_kind,
          name: metric.name,
          value: metric.value,
          rating: metric.rating ?? null,
          created_at: at,
        })),
      );
    },

    /** p75 (and the count) of each metric per page kind over the last `days`. */
    async vitalsSummary(days: number) {
      const since = new Date(now().getTime() - days * 24 * 3_600_000).toISOString();
      const groups = new Map<string, number[]>();
      for (const row of await vitalsSince(db, since)) {
        const key = `${row.page_kind}\n${row.name}`;
        groups.set(key, [...(groups.get(key) ?? []), Number(row.value)]);
      }
      return [...groups].map(([key, values]) => {
        const [pageKind, name] = key.split('\n') as [string, string];
        const sorted = [...values].sort((a, b) => a - b);
        return { pageKind, name, p75: percentile(sorted, 75), count: sorted.length };
      });
    },

    queueGa4(event: Ga4Event): Promise<void> {
      return enqueue(db, {
        target: 'ga4',
        payload: JSON.stringify(event),
        at: now().toISOString(),
      });
    },

    queueMetrika(hit: MetrikaHit): Promise<void> {
      return enqueue(db, {
        target: 'metrika',
        payload: JSON.stringify(hit),
        at: now().toISOString(),
      });
    },

    /** The worker's job: one attempt for each due event; a failure waits, then is dropped. */
    async forwardDue({ limit = 100 }: { limit?: number } = {}) {
      const at = now();
      const claimed = await claimDue(db, {
        at: at.toISOString(),
        leaseUntil: new Date(at.getTime() + 60_000).toISOString(),
        limit,
      });
      let sent = 0;
      await Promise.all(
        claimed.map(async (row) => {
          let status = 0;
          try {
            const payload: unknown = JSON.parse(row.payload);
            if (row.target === 'ga4' && forwarders.ga4)
              status = await sendGa4(forwarders.ga4, payload as Ga4Event, forwarders.timeoutMs);
            else if (row.target === 'metrika' && forwarders.metrika)
              status = await sendMetrika(
                forwarders.metrika,
                payload as MetrikaHit,
                forwarders.timeoutMs,
              );
            else status = 204; // no longer configured: nothing to send
          } catch (error) {
            logger.warn({ err: error, target: row.target }, 'analytics: forward failed');
          }
          if (status >= 200 && status < 300) {
            sent++;
            return deleteEvent(db, row.id);
          }
          if (row.attempts >= MAX_ATTEMPTS) {
            logger.warn(
              { target: row.target, status, attempts: row.attempts },
              'analytics: dropped',
            );
            return deleteEvent(db, row.id);
          }
          return retryAt(
            db,
            row.id,
            new Date(now().getTime() + 30_000 * 2 ** row.attempts).toISOString(),
          );
        }),
      );
      return { attempted: claimed.length, sent };
    },

    forgetOldVitals(): Promise<number> {
      return deleteVitalsBefore(db, new Date(now().getTime() - KEEP_VITALS_MS).toISOString());
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
