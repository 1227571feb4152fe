import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { changeBalance } from '../users/users.service.ts';
import {
  insertLedgerRow,
  ledgerRowsOf,
  ledgerRowsOfOrders,
  ledgerSumsOf,
  refundsByDay,
} from './ledger.repository.ts';
import type { LedgerGroup } from './ledger.table.ts';

export const NOT_ENOUGH_BALANCE = 'Not enough money on the balance';

/** What a balance change is about; always inside the caller's transaction (`trx`). */
export interface LedgerEntry {
  userId: number;
  /** minor units of the user's currency, ≥ 0 (the call's name gives the direction) */
  amount: number;
  orderId?: number | null;
  paymentId?: number | null;
  note?: string | null;
  at: string;
}

/**
 * Changes a balance and writes its ledger row in the caller's transaction. A debit is one
 * conditional UPDATE, so concurrent debits never take a balance below zero on either
 * engine: the losers match no row and get a 402, which rolls back what they were paying for.
 */
async function move(trx: Db, group: LedgerGroup, sign: 1 | -1, entry: LedgerEntry) {
  // a sign error here would move money the wrong way: refuse it loudly
  if (!Number.isSafeInteger(entry.amount) || entry.amount < 0)
    throw new Error(`ledger: ${group} of ${entry.amount} is not a whole amount ≥ 0`);
  const amount = sign * entry.amount || 0;
  const after = await changeBalance(trx, { userId: entry.userId, amount, at: entry.at });
  if (!after) throw new AppError(NOT_ENOUGH_BALANCE, 402);
  const balanceAfter = Number(after.balance);
  await insertLedgerRow(trx, {
    user_id: entry.userId,
    amount,
    currency: after.cur,
    balance_after: balanceAfter,
    group,
    order_id: entry.orderId ?? null,
    payment_id: entry.paymentId ?? null,
    note: entry.note ?? null,
    created_at: entry.at,
  });
  return balanceAfter;
}

/**
 * The ledger (docs/architecture.md, docs/product.md): the only writer of balances and of ledger rows. Each
 * call answers the balance after it.
 */
export const ledger = {
  /** A top-up paid through a gateway. */
  credit: (trx: Db, entry: LedgerEntry) => move(trx, 'balance_top_up', 1, entry),
  /** An order paid from the balance: 402 when the balance is short. */
  debit: (trx: Db, entry: LedgerEntry) => move(trx, 'order_payment', -1, entry),
  /** The undelivered share of an order, back to its payer. */
  refund: (trx: Db, entry: LedgerEntry) => move(trx, 'refund', 1, entry),
  /** A referrer's share of a delivered order. */
  bonus: (trx: Db, entry: LedgerEntry) => move(trx, 'affiliate_program', 1, entry),
  /** Money held for a withdraw request: 402 when the balance is short. */
  withdraw: (trx: Db, entry: LedgerEntry) => move(trx, 'withdraw_funds', -1, entry),
  /** A withdraw request staff turned down: its money back. */
  withdrawReturned: (trx: Db, entry: LedgerEntry) => move(trx, 'withdraw_funds', 1, entry),
  /**
   * A staff member's correction: `amount` signed; a debit never takes the balance
   * below zero (402). Its reason is the row's note.
   */
  adjust: (trx: Db, entry: Omit<LedgerEntry, 'amount'> & { amount: number }) =>
    move(trx, 'adjustment', entry.amount < 0 ? -1 : 1, {
      ...entry,
      amount: Math.abs(entry.amount),
    }),
  /** The rows of these orders, oldest first (the staff console's order page). */
  rowsOfOrders: (db: Db, orderIds: number[]) => ledgerRowsOfOrders(db, orderIds),
  /** Refunds per day and currency since `since` (the staff dashboard). */
  refundsByDay: (db: Db, since: string) => refundsByDay(db, since),
  /** A user's latest rows (the staff console's user page). */
  async latestOf(db: Db, userId: number, limit = 50) {
    return (await ledgerRowsOf(db, userId, {}, { page: 1, limit })).rows;
  },
  /** A user's sum of one group in one currency, read in the caller's transaction. */
  async sumOf(trx: Db, userId: number, group: LedgerGroup, currency: string): Promise<number> {
    const rows = await ledgerSumsOf(trx, userId, { groups: [group] });
    return rows.find((row) => row.currency === currency)?.sum ?? 0;
  },
} as const;

export type Ledger = typeof ledger;
