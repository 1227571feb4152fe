import type { DiscountGroup } from './pricing.ts';
import type { Currency } from './regions.ts';

/**
 * The user's money history (docs/product.md §3 Transactions) and discount levels as the API shows them:
 * `GET user/transactions`, `user/transactions/totals` and `user/premium_statuses`.
 */

/** docs/product.md §3 transaction groups, plus order payments and refunds (docs/product.md). */
export const LEDGER_GROUPS = [
  'balance_top_up',
  'order_payment',
  'refund',
  'affiliate_program',
  'withdraw_funds',
  // a staff member's correction, with its reason
  'adjustment',
] as const;
export type LedgerGroup = (typeof LEDGER_GROUPS)[number];

export const isLedgerGroup = (value: unknown): value is LedgerGroup =>
  (LEDGER_GROUPS as readonly unknown[]).includes(value);

/** One ledger row: a balance change and what it belongs to. */
export interface TransactionView {
  id: number;
  group: LedgerGroup;
  /** signed minor units of `currency` */
  amount: number;
  currency: string;
  balance_after: number;
  created_at: string;
  note: string | null;
  /** the order it paid or refunded (its public id) */
  order: { id: string; tag: string; count: number } | null;
  /** the gateway payment it came from (its public id) */
  payment: { id: string; purpose: 'order' | 'deposit' } | null;
}

export interface TransactionsPage {
  items: TransactionView[];
  meta: { total: number; page: number; limit: number };
}

/** Sums per group in the account currency; rows in another currency are only counted apart. */
export interface TransactionTotals {
  currency: string;
  groups: Record<LedgerGroup, number>;
  count: Record<LedgerGroup, number>;
  other_currency_rows: number;
}

/** One discount level (docs/product.md §4) in one currency. */
export interface LevelView {
  level: number;
  /** total paid in, minor units, from which the level applies */
  from: number;
  percent: Record<DiscountGroup, number>;
  personalManager: boolean;
}

export interface PremiumStatuses {
  levels: LevelView[];
  /** the level held; null for a guest */
  current: number | null;
  /** total paid in (minor units); null for a guest */
  paid_in: number | null;
  next: { level: number; from: number; left: number } | null;
  currency: Currency;
}
