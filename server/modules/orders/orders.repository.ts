import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isPostgres } from '../../db/engine.ts';
import type {
  IntakeStatus,
  NewOrderRow,
  OrderIntakeRow,
  OrderRefillRow,
  OrderRow,
  OrderStatus,
  OrdersTable,
} from './orders.table.ts';

/**
 * Every SQL statement on `orders`, `order_events` and `order_intake`. Plain functions that
 * take `db` or the caller's transaction; nothing outside this module touches these tables.
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

/** What the cabinet's list filters by (SPEC §3 saved filter; all optional). */
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

export async function addRefunded(db: Db, orderId: number, amount: number): Promise<void> {
  await db
    .updateTable('orders')
    .set((eb) => ({ refunded: eb('refunded', '+', amount) }))
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
): Promise<'claimed' | 'taken' | 'missing'> {
  const order = await db
    .updateTable('orders')
    .set({ user_id: userId, updated_at: at })
    .where('public_id', '=', publicId)
    .where('parent_id', 'is', null)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
    .returning('id')
    .executeTakeFirst();
  if (!order) return (await orderByPublicId(db, publicId)) ? 'taken' : 'missing';
  await db
    .updateTable('orders')
    .set({ user_id: userId, updated_at: at })
    .where('parent_id', '=', order.id)
    .execute();
  return 'claimed';
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

// ── the worker's leases ─────────────────────────────────────────────────────────────────

export type ClaimKind =
  | { kind: 'submit'; now: string }
  | { kind: 'sync'; now: string; syncedBefore: string };

/**
 * Leases up to `limit` due orders to a worker in one transaction (PostgreSQL: FOR UPDATE
 * SKIP LOCKED, so concurrent workers pass over each other's rows) and answers them.
 * Due to submit: PAID leaf orders whose retry time has come; to sync: RUNNING ones placed
 * upstream and not asked about since `syncedBefore`.
 */
export async function leaseOrders(
  db: Db,
  which: ClaimKind,
  { owner, until, limit }: { owner: string; until: string; limit: number },
): Promise<OrderRow[]> {
  const postgres = isPostgres(db);
  await db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('orders')
      .select('id')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', which.now)]))
      .where('needs_check', '=', 0)
      .orderBy('id')
      .limit(limit);
    if (which.kind === 'submit') {
      // leaf orders: a _MULTI order is submitted through its rows, one per link
      query = query
        .where('status', '=', 'PAID')
        .where((eb) =>
          eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', which.now)]),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('orders as child')
                .select('child.id')
                .whereRef('child.parent_id', '=', 'orders.id'),
            ),
          ),
        );
    } else {
      query = query
        .where('status', '=', 'RUNNING')
        .where('provider_order_id', 'is not', null)
        .where((eb) =>
          eb.or([eb('synced_at', 'is', null), eb('synced_at', '<=', which.syncedBefore)]),
        );
    }
    const rows = await (postgres ? query.forUpdate().skipLocked() : query).execute();
    if (!rows.length) return;
    await trx
      .updateTable('orders')
      .set({ lease_owner: owner, lease_until: until })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
  });
  return db
    .selectFrom('orders')
    .selectAll()
    .where('lease_owner', '=', owner)
    .where('lease_until', '=', until)
    .orderBy('id')
    .execute();
}

/**
 * The submit intent, committed before the provider is called; it renews the lease, and
 * only the worker that still holds a PAID order not yet placed may record it.
 */
export async function recordSubmitIntent(
  db: Db,
  orderId: number,
  {
    owner,
    providerId,
    at,
    leaseUntil,
  }: { owner: string; providerId: string; at: string; leaseUntil: string },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set((eb) => ({
      submit_started_at: at,
      submit_attempts: eb('submit_attempts', '+', 1),
      provider_id: providerId,
      lease_until: leaseUntil,
    }))
    .where('id', '=', orderId)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'PAID')
    .where('provider_order_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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

// ── async intake ────────────────────────────────────────────────────────────────────────

export function insertIntake(db: Db, row: Omit<OrderIntakeRow, 'id'>): Promise<OrderIntakeRow> {
  return db.insertInto('order_intake').values(row).returningAll().executeTakeFirstOrThrow();
}

export function intakeByPublicId(db: Db, publicId: string): Promise<OrderIntakeRow | undefined> {
  return db
    .selectFrom('order_intake')
    .selectAll()
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

export async function intakeIds(
  db: Db,
  where: { status: IntakeStatus; updatedBefore?: string; limit?: number },
): Promise<number[]> {
  const rows = await db
    .selectFrom('order_intake')
    .select('id')
    .where('status', '=', where.status)
    .$if(where.updatedBefore !== undefined, (qb) =>
      qb.where('updated_at', '<=', where.updatedBefore!),
    )
    .orderBy('id')
    .$if(where.limit !== undefined, (qb) => qb.limit(where.limit!))
    .execute();
  return rows.map((row) => row.id);
}

/** QUEUED → PROCESSING, for one worker only (a conditional UPDATE): the row, or undefined. */
export function takeIntake(db: Db, id: number, at: string): Promise<OrderIntakeRow | undefined> {
  return db
    .updateTable('order_intake')
    .set({ status: 'PROCESSING', updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'QUEUED')
    .returningAll()
    .executeTakeFirst();
}

export async function updateIntake(
  db: Db,
  id: number,
  changes: { status: IntakeStatus; result?: string; error?: string; updated_at: string },
): Promise<void> {
  await db.updateTable('order_intake').set(changes).where('id', '=', id).execute();
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
