import type { Generated, Insertable, Selectable } from 'kysely';
import type { LedgerGroup } from '#shared/ledger.ts';

export { LEDGER_GROUPS, type LedgerGroup } from '#shared/ledger.ts';

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
