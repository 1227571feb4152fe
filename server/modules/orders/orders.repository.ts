import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NewOrderRow, OrderRow, OrderStatus, OrdersTable } from './orders.table.ts';

/**
 * SQL on `orders` and `order_events`: placing, reading, moving and the history. Plain
 * functions that take `db` or the caller's transaction; nothing outside this module touches
 * these tables. The worker's leases, async intakes, subscriptions, the cabinet's reads and
 * refills, the staff console's searches and the service figures have repositories of their
 * own in the sub-folders that use them (work/order-leases, placement/order-intake,
 * lifecycle/subscriptions, buyer/own-orders, staff/staff-orders and order-stats,
 * stats/service-stats).
 */

export type OrderChanges = Updateable<OrdersTable>;

// ── orders ──────────────────────────────────────────────────────────────────────────────

export function insertOrder(db: Db, row: NewOrderRow): Promise<OrderRow> {
  return db.insertInto('orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function insertOrderRows(db: Db, rows: NewOrderRow[]): Promise<number[]> {
  if (!rows.length) return [];
  const inserted = await db.insertInto('orders').values(rows).returning('id').execute();
  return inserted.map((row) => row.id);
}

export function orderById(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function orderByPublicId(db: Db, publicId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

export function orderOfPayment(db: Db, paymentId: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
}

export function orderOfIntake(db: Db, intakeId: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('intake_id', '=', intakeId).executeTakeFirst();
}

/** The ids of an order paid by a payment and of its rows (a `_MULTI` order's links). */
export async function orderIdsOfPayment(db: Db, paymentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('payment_id', '=', paymentId),
        eb(
          'parent_id',
          'in',
          eb.selectFrom('orders').select('id').where('payment_id', '=', paymentId),
        ),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** The rows of these `_MULTI` orders, by id. */
export function rowsOf(db: Db, parentIds: number[]): Promise<OrderRow[]> {
  if (!parentIds.length) return Promise.resolve([]);
  return db
    .selectFrom('orders')
    .selectAll()
    .where('parent_id', 'in', parentIds)
    .orderBy('id')
    .execute();
}

export async function childIdsOf(db: Db, parentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('parent_id', '=', parentId)
    .execute();
  return rows.map((row) => row.id);
}

export async function childStatusesOf(db: Db, parentId: number): Promise<OrderStatus[]> {
  const rows = await db
    .selectFrom('orders')
    .select('status')
    .where('parent_id', '=', parentId)
    .execute();
  return rows.map((row) => row.status);
}

export async function countChildren(db: Db, parentId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_id', '=', parentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Public id, tag and count of these orders (the ledger names the order a row belongs to). */
export function orderSummariesOf(
  db: Db,
  ids: number[],
): Promise<{ id: number; public_id: string; tag: string; count: number }[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('orders')
    .select(['id', 'public_id', 'tag', 'count'])
    .where('id', 'in', ids)
    .execute();
}

/** Who paid each order, by public id (guests have no user). */
export function buyersOf(
  db: Db,
  publicIds: string[],
): Promise<{ public_id: string; user_id: number | null }[]> {
  if (!publicIds.length) return Promise.resolve([]);
  return db
    .selectFrom('orders')
    .select(['public_id', 'user_id'])
    .where('public_id', 'in', publicIds)
    .execute();
}

/**
 * Moves orders from one status to another; only those still in `from` move (so a
 * transition happens once however many workers race for it). Answers the moved rows.
 */
export function moveStatus(
  db: Db,
  ids: number[],
  from: OrderStatus,
  changes: OrderChanges & { status: OrderStatus; updated_at: string },
  { unsubmitted = false }: { unsubmitted?: boolean } = {},
): Promise<OrderRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return (
    db
      .updateTable('orders')
      .set(changes)
      .where('id', 'in', ids)
      .where('status', '=', from)
      // a buyer's cancel never races a submit: only orders no worker has begun to send
      .$if(unsubmitted, (qb) =>
        qb.where('submit_started_at', 'is', null).where('provider_order_id', 'is', null),
      )
      .returningAll()
      .execute()
  );
}

/** A `_MULTI` order's own status, set from its rows'; false when it already had it. */
export async function setParentStatus(
  db: Db,
  parentId: number,
  status: OrderStatus,
  at: string,
): Promise<boolean> {
  const moved = await db
    .updateTable('orders')
    .set({ status, updated_at: at })
    .where('id', '=', parentId)
    .where('status', '!=', status)
    .returning('id')
    .executeTakeFirst();
  return Boolean(moved);
}

/** The first held run of a drip-feed order becomes due at `due`. */
export async function releaseRun(db: Db, parentId: number, held: string, due: string) {
  const next = await db
    .selectFrom('orders')
    .select('id')
    .where('parent_id', '=', parentId)
    .where('status', '=', 'PAID')
    .where('next_attempt_at', '=', held)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (next)
    await db
      .updateTable('orders')
      .set({ next_attempt_at: due })
      .where('id', '=', next.id)
      .execute();
}

export async function addRefunded(db: Db, orderId: number, amount: number): Promise<void> {
  await db
    .updateTable('orders')
    .set((eb) => ({ refunded: eb('refunded', '+', amount) }))
    .where('id', '=', orderId)
    .execute();
}

/** An open subscription's cost grows by each post order it pays for as it is placed. */
export async function addCost(db: Db, orderId: number, amount: number): Promise<void> {
  await db
    .updateTable('orders')
    .set((eb) => ({ cost: eb('cost', '+', amount) }))
    .where('id', '=', orderId)
    .execute();
}

export async function updateOrders(db: Db, ids: number[], changes: OrderChanges): Promise<void> {
  if (!ids.length) return;
  await db.updateTable('orders').set(changes).where('id', 'in', ids).execute();
}

/** A guest order joins an account (with its rows), unless another account holds it. */
export async function claimOrder(
  db: Db,
  publicId: string,
  userId: number,
  at: string,
): Promise<
  | { outcome: 'claimed'; refCode: string | null; createdAt: string }
  | { outcome: 'taken' | 'missing' }
> {
  const order = await db
    .updateTable('orders')
    .set({ user_id: userId, updated_at: at })
    .where('public_id', '=', publicId)
    .where('parent_id', 'is', null)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
    .returning(['id', 'ref_code', 'created_at'])
    .executeTakeFirst();
  if (!order) return { outcome: (await orderByPublicId(db, publicId)) ? 'taken' : 'missing' };
  await db
    .updateTable('orders')
    .set({ user_id: userId, updated_at: at })
    .where('parent_id', '=', order.id)
    .execute();
  return { outcome: 'claimed', refCode: order.ref_code, createdAt: order.created_at };
}

/** Orders still CREATED since `due` (not rows of others), after `afterId`, by id. */
export function unpaidSince(
  db: Db,
  due: string,
  { afterId, limit }: { afterId: number; limit: number },
): Promise<{ id: number; payment_id: number | null }[]> {
  return db
    .selectFrom('orders')
    .select(['id', 'payment_id'])
    .where('status', '=', 'CREATED')
    .where('parent_id', 'is', null)
    .where('created_at', '<=', due)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

// ── history ─────────────────────────────────────────────────────────────────────────────

export async function insertEvents(
  db: Db,
  orderIds: number[],
  status: OrderStatus,
  at: string,
  note: string | null,
): Promise<void> {
  if (!orderIds.length) return;
  await db
    .insertInto('order_events')
    .values(orderIds.map((id) => ({ order_id: id, status, note, created_at: at })))
    .execute();
}

export function eventsOf(
  db: Db,
  orderId: number,
): Promise<{ status: OrderStatus; note: string | null; created_at: string }[]> {
  return db
    .selectFrom('order_events')
    .select(['status', 'note', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}
