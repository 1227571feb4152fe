import type { WithdrawalStatus } from '#shared/referrals.ts';
import type { Db } from '../../db/database.ts';
import type { NewWithdrawalRow, WithdrawalRow } from './withdrawals.table.ts';

/** SQL on `withdrawals`. */
export function insertWithdrawal(db: Db, row: NewWithdrawalRow): Promise<WithdrawalRow> {
  return db.insertInto('withdrawals').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function withdrawalsPageOf(
  db: Db,
  userId: number,
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('withdrawals')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}

/** A user's requests summed by status, in one currency. */
export async function withdrawnSumsOf(
  db: Db,
  userId: number,
  currency: string,
): Promise<Record<WithdrawalStatus, number>> {
  const rows = await db
    .selectFrom('withdrawals')
    .select((eb) => ['status', eb.fn.sum<number>('amount').as('sum')])
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .groupBy('status')
    .execute();
  const sums: Record<WithdrawalStatus, number> = { PENDING: 0, PAID: 0, REJECTED: 0 };
  for (const row of rows) sums[row.status] = Number(row.sum);
  return sums;
}

export function withdrawalsWith(db: Db, status: WithdrawalStatus, limit: number) {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('status', '=', status)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** PENDING → PAID or REJECTED, once: answers the row when this call decided it. */
export function decideWithdrawal(
  db: Db,
  publicId: string,
  decision: { status: 'PAID' | 'REJECTED'; note: string | null; by: string; at: string },
): Promise<WithdrawalRow | undefined> {
  return db
    .updateTable('withdrawals')
    .set({
      status: decision.status,
      note: decision.note,
      decided_by: decision.by,
      decided_at: decision.at,
    })
    .where('public_id', '=', publicId)
    .where('status', '=', 'PENDING')
    .returningAll()
    .executeTakeFirst();
}

export function withdrawalByPublicId(db: Db, publicId: string) {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

/** How many requests of a user wait for a decision, in any currency. */
export async function pendingCountOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every user's requests, newest first, of one status or all (the staff console). */
export async function withdrawalsPage(
  db: Db,
  status: WithdrawalStatus | undefined,
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const base = db
    .selectFrom('withdrawals')
    .$if(status !== undefined, (qb) => qb.where('status', '=', status!));
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
