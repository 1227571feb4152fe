import { REFS_PAGE_SIZE, type RefsPage, type RefsTotal } from '#shared/referrals.ts';
import type { Db } from '../../db/database.ts';
import type { LedgerReads } from '../ledger/ledger-reads.service.ts';
import { maskedEmailsOf, referralsCountOf } from '../users/users.service.ts';
import { withdrawnSumsOf } from './withdrawals.repository.ts';

/** The least a withdraw request may ask, in minor units of the currency (config, major units). */
export function minWithdrawOf(withdrawMin: Record<string, number>, currency: string): number {
  return Math.round((withdrawMin[currency] ?? 0) * 100);
}

/**
 * What the referral program brought a user (docs/api.md `user/refs`, `user/refs/total`): bonus
 * rows of the ledger with the order and the customer (masked), and the totals the income page
 * and a withdraw request go by.
 */
export function createIncomeService({
  db,
  ledgerReads,
  orders,
  withdrawMin,
}: {
  db: Db;
  ledgerReads: LedgerReads;
  /** the orders module: the buyer's user id by order public id (referrals imports no orders) */
  orders: { buyersOf(publicIds: string[]): Promise<Map<string, number>> };
  withdrawMin: Record<string, number>;
}) {
  return {
    async refs(
      userId: number,
      { page = 1, limit = REFS_PAGE_SIZE }: { page?: number; limit?: number },
    ): Promise<RefsPage> {
      const history = await ledgerReads.history(
        userId,
        { groups: ['affiliate_program'] },
        { page, limit },
      );
      const buyers = await orders.buyersOf(
        history.items.flatMap((item) => (item.order ? [item.order.id] : [])),
      );
      const emails = await maskedEmailsOf(db, [...buyers.values()]);
      return {
        items: history.items.map((item) => {
          const buyer = item.order ? buyers.get(item.order.id) : undefined;
          return {
            id: item.id,
            amount: item.amount,
            currency: item.currency,
            created_at: item.created_at,
            referral: (buyer !== undefined && emails.get(buyer)) || null,
            order: item.order,
          };
        }),
        meta: history.meta,
      };
    },

    /** Earned, held, paid out and available, in the account currency. */
    async total(user: {
      id: number;
      cur: string;
      balance: number;
      refCode: string;
    }): Promise<RefsTotal> {
      const [totals, sums, referrals] = await Promise.all([
        ledgerReads.totals(user.id, user.cur, {}),
        withdrawnSumsOf(db, user.id, user.cur),
        referralsCountOf(db, user.id),
      ]);
      const earned = totals.groups.affiliate_program;
      return {
        currency: user.cur,
        earned,
        bonuses: totals.count.affiliate_program,
        referrals,
        pending: sums.PENDING,
        withdrawn: sums.PAID,
        available: Math.max(0, Math.min(user.balance, earned - sums.PENDING - sums.PAID)),
        min_withdraw: minWithdrawOf(withdrawMin, user.cur),
        link_code: user.refCode,
      };
    },
  };
}

export type IncomeService = ReturnType<typeof createIncomeService>;
