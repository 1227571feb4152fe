import type { Db } from '#server/db/database.ts';
import { NO_FIGURES, type ServiceFigures } from '#shared/catalog.ts';
import {
  allServiceStats,
  type OrderTimings,
  orderTimingsSince,
  replaceServiceStats,
  serviceStatsComputedAt,
} from './service-stats.repository.ts';
import type { ServiceStatsTable } from './service-stats.table.ts';

/** The window the figures look back on, and the refill window after a completion. */
export const SERVICE_STATS_WINDOW_MS = 30 * 86_400_000;
/** Below this many orders in the window a service publishes its count and null figures. */
export const SERVICE_STATS_MIN_ORDERS = 20;

export type { ServiceFigures };
export { NO_FIGURES };

const ENDED: readonly string[] = ['COMPLETED', 'PARTIAL', 'CANCELED', 'ERROR'];

/**
 * The nearest-rank percentile: the smallest value with at least `p` of the values at or
 * below it, i.e. the ⌈p·n⌉-th of the values in ascending order (n ≥ 1). The median is
 * p = 0.5 (of an even count, the lower of the two middle values). Null without values.
 */
export function nearestRank(values: readonly number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[rank - 1] ?? null;
}

const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;
const wholeMinutes = (value: number | null) => (value === null ? null : Math.round(value));
const rate = (part: number, whole: number) =>
  whole ? Math.round((part / whole) * 1000) / 1000 : null;

/** One service's figures from its orders of the window (docs/api.md says what each means). */
export function figuresOf(
  orders: readonly OrderTimings[],
  minOrders = SERVICE_STATS_MIN_ORDERS,
): ServiceFigures {
  if (orders.length < minOrders) return { ...NO_FIGURES, orders_30d: orders.length };
  const starts: number[] = [];
  const speeds: number[] = [];
  let ended = 0;
  let full = 0;
  let completed = 0;
  let refilled = 0;
  for (const order of orders) {
    if (order.started_at !== null && order.started_at >= order.paid_at)
      starts.push(minutesBetween(order.paid_at, order.started_at));
    if (ENDED.includes(order.status)) ended += 1;
    if (order.status === 'COMPLETED' && order.refunded === 0) full += 1;
    if (order.status !== 'COMPLETED' || order.completed_at === null) continue;
    completed += 1;
    if (order.started_at !== null && order.count > 0 && order.completed_at >= order.started_at)
      speeds.push((minutesBetween(order.started_at, order.completed_at) * 1000) / order.count);
    if (
      order.refill_at !== null &&
      order.refill_at >= order.completed_at &&
      minutesBetween(order.completed_at, order.refill_at) <= SERVICE_STATS_WINDOW_MS / 60_000
    )
      refilled += 1;
  }
  return {
    start_median_min: wholeMinutes(nearestRank(starts, 0.5)),
    speed_p90_min_per_1000: wholeMinutes(nearestRank(speeds, 0.9)),
    completion_rate: rate(full, ended),
    refill_rate_30d: rate(refilled, completed),
    orders_30d: orders.length,
  };
}

/** Every service's figures from the orders of the window, by tag. */
export function figuresByTag(orders: readonly OrderTimings[]): Map<string, ServiceFigures> {
  const byTag = new Map<string, OrderTimings[]>();
  for (const order of orders) {
    const list = byTag.get(order.tag);
    if (list) list.push(order);
    else byTag.set(order.tag, [order]);
  }
  return new Map([...byTag].map(([tag, list]) => [tag, figuresOf(list)]));
}

export type ServiceStats = ReturnType<typeof createServiceStats>;

/**
 * How each service really performs (the worker's `orders.service-stats` job writes, the
 * panel API reads): worked out from the orders of the last 30 days into `service_stats`.
 */
export function createServiceStats({ db, now }: { db: Db; now: () => Date }) {
  let lastRun = Number.NEGATIVE_INFINITY;

  /** Works the figures out now and stores them; what was stored, by tag. */
  async function refresh(): Promise<Map<string, ServiceFigures>> {
    const at = now();
    const since = new Date(at.getTime() - SERVICE_STATS_WINDOW_MS).toISOString();
    const figures = figuresByTag(await orderTimingsSince(db, since));
    const computedAt = at.toISOString();
    await replaceServiceStats(
      db,
      [...figures].map(([tag, values]) => ({ tag, ...values, computed_at: computedAt })),
    );
    lastRun = at.getTime();
    return figures;
  }

  return {
    refresh,

    /**
     * The worker's round: refreshes when the stored figures (this process's or another
     * worker's) are `everyMs` old or older.
     */
    async refreshDue(everyMs: number) {
      const at = now().getTime();
      if (at - lastRun < everyMs) return { skipped: true };
      const stored = await serviceStatsComputedAt(db);
      if (stored !== null && at - Date.parse(stored) < everyMs) {
        lastRun = Date.parse(stored);
        return { skipped: true };
      }
      return { services: (await refresh()).size };
    },

    /** The stored figures by tag (a service without a row has no order in the window). */
    async byTag(): Promise<Map<string, ServiceFigures>> {
      const rows: ServiceStatsTable[] = await allServiceStats(db);
      return new Map(rows.map(({ tag, computed_at: _, ...figures }) => [tag, figures]));
    },
  };
}
