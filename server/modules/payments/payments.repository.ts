import type { Db } from '../../db/database.ts';
import type { NewPaymentRow, PaymentRow, PaymentStatus } from './payments.table.ts';

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
): Promise<{ public_id: string; created_at: string }[]> {
  return db
    .selectFrom('payments')
    .select(['public_id', 'created_at'])
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
