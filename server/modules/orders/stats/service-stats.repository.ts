import type { Db } from '#server/db/database.ts';
import type { OrderStatus } from '../orders.table.ts';
import type { ServiceStatsTable } from './service-stats.table.ts';

/** One order's timings as the service figures read them (ISO times, null when not reached). */
export interface OrderTimings {
  tag: string;
  status: OrderStatus;
  count: number;
  refunded: number;
  paid_at: string;
  started_at: string | null;
  completed_at: string | null;
  /** the first refill asked of this order */
  refill_at: string | null;
}

/**
 * Buyers' orders first paid at or after `since` (not staff tests, not a `_MULTI` order's
 * rows: a `_MULTI` order counts once, as the buyer paid it), with the first time each
 * reached PAID, RUNNING and COMPLETED and its first refill.
 */
export async function orderTimingsSince(db: Db, since: string): Promise<OrderTimings[]> {
  const firstPaid = db
    .selectFrom('order_events')
    .select(['order_id', (eb) => eb.fn.min('created_at').as('at')])
    .where('status', '=', 'PAID')
    .groupBy('order_id')
    .as('paid');
  const rows = await db
    .selectFrom(firstPaid)
    .innerJoin('orders', 'orders.id', 'paid.order_id')
    .where('orders.parent_id', 'is', null)
    .where('orders.test', '=', 0)
    .where('paid.at', '>=', since)
    .select((eb) => {
      const firstEvent = (status: OrderStatus) =>
        eb
          .selectFrom('order_events')
          .whereRef('order_events.order_id', '=', 'orders.id')
          .where('order_events.status', '=', status)
          .select((inner) => inner.fn.min<string>('order_events.created_at').as('at'));
      return [
        'orders.tag',
        'orders.status',
        'orders.count',
        'orders.refunded',
        eb.ref('paid.at').$castTo<string>().as('paid_at'),
        firstEvent('RUNNING').as('started_at'),
        firstEvent('COMPLETED').as('completed_at'),
        eb
          .selectFrom('order_refills')
          .whereRef('order_refills.order_id', '=', 'orders.id')
          .select((inner) => inner.fn.min<string>('order_refills.created_at').as('at'))
          .as('refill_at'),
      ];
    })
    .orderBy('orders.id')
    .execute();
  return rows.map((row) => ({
    tag: row.tag,
    status: row.status,
    count: Number(row.count),
    refunded: Number(row.refunded),
    paid_at: row.paid_at,
    started_at: row.started_at ?? null,
    completed_at: row.completed_at ?? null,
    refill_at: row.refill_at ?? null,
  }));
}

/** Every service's figures at once: the last ones go, the new ones come, in one transaction. */
export async function replaceServiceStats(db: Db, rows: ServiceStatsTable[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('service_stats').execute();
    if (rows.length) await trx.insertInto('service_stats').values(rows).execute();
  });
}

export async function allServiceStats(db: Db): Promise<ServiceStatsTable[]> {
  const rows = await db.selectFrom('service_stats').selectAll().execute();
  const num = (value: number | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    tag: row.tag,
    start_median_min: num(row.start_median_min),
    speed_p90_min_per_1000: num(row.speed_p90_min_per_1000),
    completion_rate: num(row.completion_rate),
    refill_rate_30d: num(row.refill_rate_30d),
    orders_30d: Number(row.orders_30d),
    computed_at: row.computed_at,
  }));
}

/** When the figures were last worked out, or null: never. */
export async function serviceStatsComputedAt(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('service_stats')
    .select((eb) => eb.fn.max('computed_at').as('at'))
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}
