import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  NewPaymentRow,
  PaymentEventRow,
  PaymentEventsTable,
  PaymentRow,
  PaymentStatus,
} from './payments.table.ts';

/** SQL on `payments`. */
export function insertPayment(db: Db, row: NewPaymentRow): Promise<PaymentRow> {
  return db.insertInto('payments').values(row).returningAll().executeTakeFirstOrThrow();
}

export function paymentByPublicId(db: Db, publicId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

export function paymentById(db: Db, id: number): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * WAITING → a final status, once: one conditional UPDATE, so a webhook replayed or raced by
 * polling settles a payment exactly once. Answers the payment, or undefined when it was not
 * waiting (any more).
 */
export function settleWaiting(
  db: Db,
  publicId: string,
  status: Exclude<PaymentStatus, 'WAITING'>,
  at: string,
): Promise<PaymentRow | undefined> {
  return db
    .updateTable('payments')
    .set({ status, settled_at: at, updated_at: at })
    .where('public_id', '=', publicId)
    .where('status', '=', 'WAITING')
    .returningAll()
    .executeTakeFirst();
}

export async function setCheckout(
  db: Db,
  id: number,
  checkout: { gateway_ref: string; checkout_url: string; updated_at: string },
): Promise<void> {
  await db.updateTable('payments').set(checkout).where('id', '=', id).execute();
}

/** Payments still waiting that were made before `before`, oldest first. */
export function waitingSince(
  db: Db,
  before: string,
  limit: number,
): Promise<{ id: number; public_id: string; created_at: string }[]> {
  return db
    .selectFrom('payments')
    .select(['id', 'public_id', 'created_at'])
    .where('status', '=', 'WAITING')
    .where('created_at', '<=', before)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Which of these payments are still waiting. */
export async function waitingAmong(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('payments')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '=', 'WAITING')
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Whether a user has a top-up still waiting for its gateway. */
export async function hasWaitingDeposit(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'deposit')
    .where('status', '=', 'WAITING')
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The total of a user's settled payments worth `currency` to the shop (top-ups and orders by
 * card; one charged in another currency counts what it was converted to).
 */
export async function paidInBy(db: Db, userId: number, currency: string): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.sum<number>('credit_amount').as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', 'SUCCESS')
    .where('credit_currency', '=', currency)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Public ids and purposes of these payments. */
export function publicIdsOf(
  db: Db,
  ids: number[],
): Promise<{ id: number; public_id: string; purpose: 'order' | 'deposit' }[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('payments')
    .select(['id', 'public_id', 'purpose'])
    .where('id', 'in', ids)
    .execute();
}

/** How many payments are in each state (the metrics' gauge). */
export async function countByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('payments')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

/** An outcome a gateway gave for a payment (the staff console's events). */
export async function insertPaymentEvent(
  db: Db,
  row: Insertable<PaymentEventsTable>,
): Promise<void> {
  await db.insertInto('payment_events').values(row).execute();
}

/** A payment's events, oldest first. */
export function eventsOfPayment(db: Db, paymentId: number): Promise<PaymentEventRow[]> {
  return db
    .selectFrom('payment_events')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .orderBy('id')
    .execute();
}

/** What the staff console filters payments by. */
export interface StaffPaymentFilter {
  /** a payment's number, public id or the gateway's ref */
  q?: string;
  userId?: number;
  status?: PaymentStatus;
  purpose?: 'order' | 'deposit';
  gateway?: string;
  methodId?: number;
  /** created at or after */
  from?: string;
  /** created before */
  before?: string;
}

/** Every payment as the staff console finds them, newest first. */
export async function searchPayments(
  db: Db,
  { q, userId, status, purpose, gateway, methodId, from, before }: StaffPaymentFilter,
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: PaymentRow[]; total: number }> {
  const number = q !== undefined && /^#?\d{1,10}$/.test(q) ? Number(q.replace('#', '')) : null;
  const base = db
    .selectFrom('payments')
    .$if(q !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          ...(number !== null ? [eb('id', '=', number)] : []),
          eb('public_id', '=', q!),
          eb('gateway_ref', '=', q!),
        ]),
      ),
    )
    .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId!))
    .$if(status !== undefined, (qb) => qb.where('status', '=', status!))
    .$if(purpose !== undefined, (qb) => qb.where('purpose', '=', purpose!))
    .$if(gateway !== undefined, (qb) => qb.where('gateway', '=', gateway!))
    .$if(methodId !== undefined, (qb) => qb.where('method_id', '=', methodId!))
    .$if(from !== undefined, (qb) => qb.where('created_at', '>=', from!))
    .$if(before !== undefined, (qb) => qb.where('created_at', '<', before!));
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}
