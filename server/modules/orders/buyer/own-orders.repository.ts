import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { OrderRefillRow, OrderRow, OrderStatus } from '../orders.table.ts';

/**
 * The cabinet's reads and writes on `orders`, `order_events` and `order_refills`: a user's
 * filtered list, one of their orders with its rows, completion times, and refills.
 */

/** What the cabinet's list filters by (docs/product.md §3 saved filter; all optional). */
export interface OrderFilter {
  statuses?: OrderStatus[];
  /** tags of one platform, or one tag; an empty list matches nothing */
  tags?: string[];
  /** text in the link (any case), or an order's public id */
  q?: string;
  /** created_at within [from, before) */
  from?: string;
  before?: string;
  costMin?: number;
  costMax?: number;
}

/** `%`, `_` and the escape itself taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A user's orders (not the rows of `_MULTI` orders), newest first, with the total. */
export async function ordersOfUser(
  db: Db,
  userId: number,
  { page, limit, ...filter }: { page: number; limit: number } & OrderFilter,
): Promise<{ rows: OrderRow[]; total: number }> {
  const { statuses, tags, q, from, before, costMin, costMax } = filter;
  // an order's number as the reseller API gave it ("12345" or "#12345"), within the column's
  // range (a larger one finds nothing rather than failing on PostgreSQL)
  const number = q !== undefined && /^#?\d{1,10}$/.test(q) ? Number(q.replace('#', '')) : null;
  const byNumber = number !== null && number <= 2_147_483_647 ? number : null;
  const mine = db
    .selectFrom('orders')
    .where('user_id', '=', userId)
    .where('parent_id', 'is', null)
    .$if(statuses !== undefined, (qb) => qb.where('status', 'in', statuses!))
    .$if(tags !== undefined, (qb) =>
      tags!.length ? qb.where('tag', 'in', tags!) : qb.where(sql<boolean>`1 = 0`),
    )
    .$if(q !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('public_id', '=', q!),
          ...(byNumber !== null ? [eb('id', '=', byNumber)] : []),
          sql<boolean>`lower(${sql.ref('link')}) like ${`%${likeLiteral(q!.toLowerCase())}%`} escape '\\'`,
        ]),
      ),
    )
    .$if(from !== undefined, (qb) => qb.where('created_at', '>=', from!))
    .$if(before !== undefined, (qb) => qb.where('created_at', '<', before!))
    .$if(costMin !== undefined, (qb) => qb.where('cost', '>=', costMin!))
    .$if(costMax !== undefined, (qb) => qb.where('cost', '<=', costMax!));
  const [rows, total] = await Promise.all([
    mine
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    mine.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}

/** One order (or `_MULTI` row) of a user by its public id. */
export function ownOrder(db: Db, publicId: string, userId: number): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('public_id', '=', publicId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * A user's orders by their numbers (the reseller API's order ids): orders, and the post orders
 * of subscriptions (their numbers are in the subscription's `status`); not the links of a
 * `_MULTI` order nor the runs of a drip-feed, which their order speaks for.
 */
export function ownOrdersByIds(db: Db, userId: number, ids: number[]): Promise<OrderRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .where((eb) =>
      eb.or([
        eb('parent_id', 'is', null),
        eb('parent_id', 'in', eb.selectFrom('order_subscriptions').select('order_id')),
      ]),
    )
    .execute();
}

/** Orders by id (the parents of rows a buyer reads on their own). */
export function ordersByIds(db: Db, ids: number[]): Promise<OrderRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('orders').selectAll().where('id', 'in', ids).execute();
}

/**
 * When our completed orders of a service were paid and completed (not staff tests, not
 * `_MULTI` rows: a `_MULTI` order completes with its last row), the newest `limit`.
 */
export function completionTimes(
  db: Db,
  tag: string,
  limit: number,
): Promise<{ paid_at: string | null; completed_at: string | null }[]> {
  return db
    .selectFrom('orders')
    .where('tag', '=', tag)
    .where('status', '=', 'COMPLETED')
    .where('parent_id', 'is', null)
    .where('test', '=', 0)
    .select((eb) => [
      eb
        .selectFrom('order_events')
        .whereRef('order_events.order_id', '=', 'orders.id')
        .where('order_events.status', '=', 'PAID')
        .select((inner) => inner.fn.min('order_events.created_at').as('at'))
        .as('paid_at'),
      eb
        .selectFrom('order_events')
        .whereRef('order_events.order_id', '=', 'orders.id')
        .where('order_events.status', '=', 'COMPLETED')
        .select((inner) => inner.fn.min('order_events.created_at').as('at'))
        .as('completed_at'),
    ])
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .execute();
}

// ── refills ─────────────────────────────────────────────────────────────────────────────

export function insertRefill(
  db: Db,
  row: { order_id: number; provider_refill_id: string; status: string; at: string },
): Promise<OrderRefillRow> {
  return db
    .insertInto('order_refills')
    .values({
      order_id: row.order_id,
      provider_refill_id: row.provider_refill_id,
      status: row.status,
      created_at: row.at,
      updated_at: row.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A refill by its number, when it belongs to an order of this user (with the order's id). */
export function refillOfUser(db: Db, refillId: number, userId: number) {
  return db
    .selectFrom('order_refills')
    .innerJoin('orders', 'orders.id', 'order_refills.order_id')
    .selectAll('order_refills')
    .select('orders.public_id')
    .where('order_refills.id', '=', refillId)
    .where('orders.user_id', '=', userId)
    .executeTakeFirst();
}

/** The newest refill of each of these orders. */
export async function latestRefills(
  db: Db,
  orderIds: number[],
): Promise<Map<number, OrderRefillRow>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .selectFrom('order_refills')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
  return new Map(rows.map((row) => [row.order_id, row]));
}

/** The refills of these orders made at `at` (a drip-feed's runs', made with the order's own). */
export function refillsMadeAt(db: Db, orderIds: number[], at: string): Promise<OrderRefillRow[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom('order_refills')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .where('created_at', '=', at)
    .orderBy('id')
    .execute();
}

export async function setRefillStatus(
  db: Db,
  id: number,
  status: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('order_refills')
    .set({ status, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** The order a user placed with an idempotency key since `since` (ISO), if any. */
export function ownOrderByIdempotencyKey(db: Db, userId: number, key: string, since: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'created_at'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .where('created_at', '>=', since)
    .executeTakeFirst();
}

/** A key older than the window is free again: the old order lets go of it. */
export async function releaseIdempotencyKey(db: Db, userId: number, key: string, before: string) {
  await db
    .updateTable('orders')
    .set({ idempotency_key: null })
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .where('created_at', '<', before)
    .execute();
}
