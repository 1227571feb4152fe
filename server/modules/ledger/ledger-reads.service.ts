import { utcDayRange } from '#shared/day-range.ts';
import {
  LEDGER_GROUPS,
  type TransactionsPage,
  type TransactionTotals,
  type TransactionView,
} from '#shared/ledger.ts';
import type { Db } from '../../db/database.ts';
import { type LedgerFilter, ledgerRowsOf, ledgerSumsOf } from './ledger.repository.ts';
import type { LedgerGroup } from './ledger.table.ts';

/** The order and the payment a ledger row belongs to, as the rows show them. */
type OrderSummary = NonNullable<TransactionView['order']>;
type PaymentSummary = NonNullable<TransactionView['payment']>;

/**
 * The ledger's read model, apart from its writer (ledger.service.ts): orders and payments pay
 * through the writer, and this side reads their public ids back by row id. What it asks of
 * their services is stated here, so the ledger module imports neither (server/services.ts
 * passes them).
 */
export interface LedgerReadsDeps {
  db: Db;
  orders: { summariesByIds(ids: number[]): Promise<Map<number, OrderSummary>> };
  payments: { publicIdsOf(ids: number[]): Promise<Map<number, PaymentSummary>> };
}

/** A history query: groups and a range of whole UTC days (`YYYY-MM-DD`, both inclusive). */
export interface HistoryFilter {
  groups?: LedgerGroup[];
  from?: string;
  to?: string;
}

function filterOf({ groups, from, to }: HistoryFilter): LedgerFilter {
  return { ...(groups?.length ? { groups } : {}), ...utcDayRange({ from, to }) };
}

const zeroPerGroup = (): Record<LedgerGroup, number> =>
  Object.fromEntries(LEDGER_GROUPS.map((group) => [group, 0])) as Record<LedgerGroup, number>;

/**
 * The user's side of the ledger (docs/product.md §3 Transactions): rows with the order or payment they
 * belong to, known outside by public ids through their owners' services, and totals.
 */
export function createLedgerReads({ db, orders, payments }: LedgerReadsDeps) {
  return {
    /** A page of a user's rows, newest first. */
    async history(
      userId: number,
      filter: HistoryFilter,
      { page, limit }: { page: number; limit: number },
    ): Promise<TransactionsPage> {
      const { rows, total } = await ledgerRowsOf(db, userId, filterOf(filter), { page, limit });
      const ids = (key: 'order_id' | 'payment_id') =>
        rows.flatMap((row) => (row[key] === null ? [] : [row[key]]));
      const [orderOf, paymentOf] = await Promise.all([
        orders.summariesByIds(ids('order_id')),
        payments.publicIdsOf(ids('payment_id')),
      ]);
      return {
        items: rows.map((row) => ({
          id: row.id,
          group: row.group,
          amount: Number(row.amount),
          currency: row.currency,
          balance_after: Number(row.balance_after),
          created_at: row.created_at,
          note: row.note,
          order: (row.order_id !== null && orderOf.get(row.order_id)) || null,
          payment: (row.payment_id !== null && paymentOf.get(row.payment_id)) || null,
        })),
        meta: { total, page, limit },
      };
    },

    /**
     * Sums per group in the account currency. Rows in another currency (from before a
     * currency change) cannot be added to them: they are left out and counted apart.
     */
    async totals(
      userId: number,
      currency: string,
      filter: Omit<HistoryFilter, 'groups'>,
    ): Promise<TransactionTotals> {
      const groups = zeroPerGroup();
      const count = zeroPerGroup();
      let other = 0;
      for (const row of await ledgerSumsOf(db, userId, filterOf(filter))) {
        if (row.currency !== currency) {
          other += row.count;
          continue;
        }
        groups[row.group] += row.sum;
        count[row.group] += row.count;
      }
      return { currency, groups, count, other_currency_rows: other };
    },
  };
}

export type LedgerReads = ReturnType<typeof createLedgerReads>;
