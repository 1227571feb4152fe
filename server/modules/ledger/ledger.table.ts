import type { Generated, Insertable, Selectable } from 'kysely';

/** SPEC §3 transaction groups, plus order payments and refunds (DOMAIN.md). */
export const LEDGER_GROUPS = [
  'balance_top_up',
  'order_payment',
  'refund',
  'affiliate_program',
  'withdraw_funds',
] as const;
export type LedgerGroup = (typeof LEDGER_GROUPS)[number];

export interface TransactionsTable {
  id: Generated<number>;
  user_id: number;
  /** signed, minor units of the user's currency */
  amount: number;
  currency: string;
  balance_after: number;
  group: LedgerGroup;
  order_id: number | null;
  payment_id: number | null;
  note: string | null;
  created_at: string;
}

export type TransactionRow = Selectable<TransactionsTable>;
export type NewTransactionRow = Insertable<TransactionsTable>;
