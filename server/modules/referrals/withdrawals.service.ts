import type { WithdrawalView } from '../../../shared/referrals.ts';
import type { WithdrawMethod } from '../../../shared/schemas/cabinet.schemas.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { newPublicId } from '../../lib/ids.ts';
import { ledger } from '../ledger/ledger.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { balanceForUpdate } from '../users/users.service.ts';
import { minWithdrawOf } from './income.service.ts';
import {
  decideWithdrawal,
  insertWithdrawal,
  pendingCountOf,
  withdrawalByPublicId,
  withdrawalsPageOf,
  withdrawalsWith,
  withdrawnSumsOf,
} from './withdrawals.repository.ts';
import type { WithdrawalRow } from './withdrawals.table.ts';

export const WITHDRAW_ERRORS = {
  min: 'The amount is below the minimum for a withdrawal',
  available: 'The amount is more than your affiliate income available for withdrawal',
  pending: 'You already have a withdrawal request waiting for a decision',
} as const;

export function toWithdrawalView(row: WithdrawalRow): WithdrawalView {
  return {
    id: row.public_id,
    amount: Number(row.amount),
    currency: row.currency,
    method: row.method,
    details: row.details,
    status: row.status,
    note: row.note,
    created_at: row.created_at,
    decided_at: row.decided_at,
  };
}

/**
 * Withdraw requests (DOMAIN.md: bonuses can be withdrawn): affiliate income only, at least the
 * configured minimum, one request waiting at a time. The money leaves the balance at once
 * (ledger group "withdraw funds") and is held until staff pay it (`npm run withdrawals`) or
 * turn it down (the money comes back). Each decision notifies the user.
 */
export function createWithdrawalsService({
  db,
  notifications,
  withdrawMin,
  now = () => new Date(),
}: {
  db: Db;
  notifications: NotificationsService;
  withdrawMin: Record<string, number>;
  now?: () => Date;
}) {
  return {
    async request(
      userId: number,
      input: { amount: number; method: WithdrawMethod; details: string },
    ): Promise<WithdrawalView> {
      const at = now().toISOString();
      const row = await db.transaction().execute(async (trx) => {
        // the lock makes a second request of this user wait and then see this one
        const account = await balanceForUpdate(trx, userId);
        if (!account) throw new AppError('Log in to request a withdrawal', 401);
        if (input.amount < minWithdrawOf(withdrawMin, account.currency))
          throw new AppError(WITHDRAW_ERRORS.min, 400);
        const sums = await withdrawnSumsOf(trx, userId, account.currency);
        if (sums.PENDING > 0) throw new AppError(WITHDRAW_ERRORS.pending, 409);
        const earned = await ledger.sumOf(trx, userId, 'affiliate_program', account.currency);
        const available = Math.min(account.balance, earned - sums.PAID);
        if (input.amount > available) throw new AppError(WITHDRAW_ERRORS.available, 400);
        const withdrawal = await insertWithdrawal(trx, {
          public_id: newPublicId(),
          user_id: userId,
          amount: input.amount,
          currency: account.currency,
          method: input.method,
          details: input.details.trim(),
          status: 'PENDING',
          note: null,
          decided_by: null,
          decided_at: null,
          created_at: at,
        });
        await ledger.withdraw(trx, {
          userId,
          amount: input.amount,
          note: `withdrawal: ${withdrawal.public_id}`,
          at,
        });
        return withdrawal;
      });
      return toWithdrawalView(row);
    },

    async list(
      userId: number,
      { page, limit }: { page: number; limit: number },
    ): Promise<{ items: WithdrawalView[]; meta: { total: number; page: number; limit: number } }> {
      const { rows, total } = await withdrawalsPageOf(db, userId, { page, limit });
      return { items: rows.map(toWithdrawalView), meta: { total, page, limit } };
    },

    /** Whether a request of the user waits for a decision (its money is held). */
    async hasPending(userId: number): Promise<boolean> {
      return (await pendingCountOf(db, userId)) > 0;
    },

    /** Requests still waiting, oldest first (the ops command's list). */
    pending(limit = 100): Promise<WithdrawalRow[]> {
      return withdrawalsWith(db, 'PENDING', limit);
    },

    byId(publicId: string): Promise<WithdrawalRow | undefined> {
      return withdrawalByPublicId(db, publicId);
    },

    /**
     * Staff decide, once: PAID keeps the held money out; REJECTED gives it back. Answers the
     * decided row, or null when it was not waiting (already decided, or unknown).
     */
    async decide(
      publicId: string,
      decision: { status: 'PAID' | 'REJECTED'; note: string | null; by: string },
    ): Promise<WithdrawalRow | null> {
      const at = now().toISOString();
      return db.transaction().execute(async (trx) => {
        const row = await decideWithdrawal(trx, publicId, { ...decision, at });
        if (!row) return null;
        const amount = Number(row.amount);
        if (row.status === 'REJECTED')
          await ledger.withdrawReturned(trx, {
            userId: row.user_id,
            amount,
            note: `withdrawal returned: ${row.public_id}`,
            at,
          });
        await notifications.notify(trx, {
          userId: row.user_id,
          type: `withdraw.${row.status}`,
          data: {
            withdrawal: row.public_id,
            amount,
            currency: row.currency,
            note: row.note ?? '',
          },
        });
        return row;
      });
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
