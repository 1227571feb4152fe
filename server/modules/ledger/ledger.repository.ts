import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LedgerGroup } from './ledger.table.ts';

export const NOT_ENOUGH_BALANCE = 'Not enough money on the balance';

export interface BalanceMove {
  userId: number;
  /** signed minor units: negative debits */
  amount: number;
  group: LedgerGroup;
  orderId?: number | null;
  paymentId?: number | null;
  note?: string | null;
  at: string;
}

/**
 * Changes a balance and writes its ledger row, inside the caller's transaction. A debit is
 * one conditional UPDATE (`balance >= amount`), so concurrent debits can never take the
 * balance below zero on either engine: the losers match no row and get a 402.
 */
export async function moveBalance(trx: Kysely<Database>, move: BalanceMove): Promise<number> {
  const updated = await trx
    .updateTable('users')
    .set((eb) => ({ balance: eb('balance', '+', move.amount), updated_at: move.at }))
    .where('id', '=', move.userId)
    .$if(move.amount < 0, (qb) => qb.where('balance', '>=', -move.amount))
    .returning(['balance', 'cur'])
    .executeTakeFirst();
  if (!updated) throw new AppError(NOT_ENOUGH_BALANCE, 402);
  const balanceAfter = Number(updated.balance);
  await trx
    .insertInto('transactions')
    .values({
      user_id: move.userId,
      amount: move.amount,
      currency: updated.cur,
      balance_after: balanceAfter,
      group: move.group,
      order_id: move.orderId ?? null,
      payment_id: move.paymentId ?? null,
      note: move.note ?? null,
      created_at: move.at,
    })
    .execute();
  return balanceAfter;
}
