import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { OrderRow, OrderStatus } from '../orders.table.ts';

/** The staff dashboard's SQL on orders: buyers' orders only, never staff tests. */

/** Orders paid per UTC day and currency since `since` (ISO): how many, and their cost. */
export async function paidByDay(
  db: Db,
  since: string,
): Promise<{ day: string; currency: string; orders: number; revenue: number }[]> {
  const firstPaid = db
    .selectFrom('order_events')
    .select(['order_id', (eb) => eb.fn.min('created_at').as('at')])
    .where('status', '=', 'PAID')
    .groupBy('order_id')
    .as('paid');
  const rows = await db
    .selectFrom(firstPaid)
    .innerJoin('orders', 'orders.id', 'paid.order_id')
    .select([
      sql<string>`substr(${sql.ref('paid.at')}, 1, 10)`.as('day'),
      'orders.currency',
      (eb) => eb.fn.countAll<number>().as('orders'),
      (eb) => eb.fn.sum<number>('orders.cost').as('revenue'),
    ])
    .where('orders.parent_id', 'is', null)
    .where('orders.test', '=', 0)
    .where('paid.at', '>=', since)
    .groupBy([sql`substr(${sql.ref('paid.at')}, 1, 10)`, 'orders.currency'])
    .execute();
  return rows.map((row) => ({
    day: row.day,
    currency: row.currency,
    orders: Number(row.orders),
    revenue: Number(row.revenue),
  }));
}

export async function countsByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('orders')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('parent_id', 'is', null)
    .where('test', '=', 0)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

/** Paid or running orders (and rows) no change has touched since `before`, oldest first. */
export function quietOrders(db: Db, before: string, limit = 100): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', 'in', ['PAID', 'RUNNING'] satisfies OrderStatus[])
    .where('test', '=', 0)
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/** The latest change of any order: the live dashboard's "something moved". */
export async function lastOrderChange(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.max('updated_at').as('at'))
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}
