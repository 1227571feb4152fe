import type { WithdrawalStatus, WithdrawalView } from '#shared/referrals.ts';
import type { WithdrawMethod } from '#shared/schemas/cabinet.schemas.ts';
import type { StaffPage } from '#shared/staff.ts';
import type { StaffWithdrawal } from '#shared/staff-money.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { newPublicId } from '../../lib/ids.ts';
import { ledger } from '../ledger/ledger.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { balanceForUpdate, staffUserReads } from '../users/users.service.ts';
import { minWithdrawOf } from './income.service.ts';
import {
  decideWithdrawal,
  insertWithdrawal,
  pendingCountOf,
  withdrawalByPublicId,
  withdrawalsPage,
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

/**
 * Runs inside a decision's transaction once the request is decided (the staff console
 * writes its audit row here): the request as it was, and as it is now.
 */
export type DecidedListener = (
  trx: Db,
  before: WithdrawalRow,
  after: WithdrawalRow,
) => Promise<void>;

export const WITHDRAWAL_DECISION_ERRORS = {
  notFound: 'Withdrawal request not found',
  decided: 'This withdrawal request was decided already',
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

/** What createWithdrawalsService is made with. */
export interface WithdrawalsDeps {
  db: Db;
  notifications: NotificationsService;
  withdrawMin: Record<string, number>;
  now?: () => Date;
}

/** What the functions below work with: the dependencies. */
export function withdrawalsContext({
  db,
  notifications,
  withdrawMin,
  now = () => new Date(),
}: WithdrawalsDeps) {
  return { db, notifications, withdrawMin, now };
}

export type WithdrawalsContext = ReturnType<typeof withdrawalsContext>;

export async function staffViews(
  { db }: WithdrawalsContext,
  rows: WithdrawalRow[],
): Promise<StaffWithdrawal[]> {
  const people = new Map(
    (
      await staffUserReads.namesOf(
        db,
        rows.map((row) => row.user_id),
      )
    ).map((user) => [user.id, user]),
  );
  return rows.map((row) => ({
    id: row.public_id,
    user: people.get(row.user_id) ?? null,
    amount: Number(row.amount),
    currency: row.currency,
    method: row.method,
    details: row.details,
    status: row.status,
    note: row.note,
    decided_by: row.decided_by,
    decided_at: row.decided_at,
    created_at: row.created_at,
  }));
}

export async function request(
  { db, withdrawMin, now }: WithdrawalsContext,
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
}

export async function list(
  { db }: WithdrawalsContext,
  userId: number,
  { page, limit }: { page: number; limit: number },
): Promise<{ items: WithdrawalView[]; meta: { total: number; page: number; limit: number } }> {
  const { rows, total } = await withdrawalsPageOf(db, userId, { page, limit });
  return { items: rows.map(toWithdrawalView), meta: { total, page, limit } };
}

/** Whether a request of the user waits for a decision (its money is held). */
export async function hasPending({ db }: WithdrawalsContext, userId: number): Promise<boolean> {
  return (await pendingCountOf(db, userId)) > 0;
}

/** Requests still waiting, oldest first (the ops command's list). */
export function pending({ db }: WithdrawalsContext, limit = 100): Promise<WithdrawalRow[]> {
  return withdrawalsWith(db, 'PENDING', limit);
}

export function byId(
  { db }: WithdrawalsContext,
  publicId: string,
): Promise<WithdrawalRow | undefined> {
  return withdrawalByPublicId(db, publicId);
}

/** Every user's requests, newest first, of one status or all (the staff console). */
export async function staffList(
  ctx: WithdrawalsContext,
  status: WithdrawalStatus | undefined,
  paging: { page: number; limit: number },
): Promise<StaffPage<StaffWithdrawal>> {
  const { db } = ctx;
  const { rows, total } = await withdrawalsPage(db, status, paging);
  return { items: await staffViews(ctx, rows), meta: { total, ...paging } };
}

/** One request as the staff console shows it; 404 when there is none. */
export async function staffView(
  ctx: WithdrawalsContext,
  publicId: string,
): Promise<StaffWithdrawal> {
  const { db } = ctx;
  const row = await withdrawalByPublicId(db, publicId);
  if (!row) throw new AppError(WITHDRAWAL_DECISION_ERRORS.notFound, 404);
  return (await staffViews(ctx, [row]))[0]!;
}

/**
 * Staff decide, once (`npm run withdrawals` and the staff console alike): PAID keeps the
 * held money out; REJECTED gives it back through the ledger. The customer is notified in
 * their language, and `onDecided` (the console's audit row) runs, all in one transaction.
 * The conditional UPDATE (`status = 'PENDING'`) lets one of two deciders win; the other
 * changes nothing. Answers the decided row, or null when it was not waiting (already
 * decided, or unknown).
 */
export async function decide(
  { db, notifications, now }: WithdrawalsContext,
  publicId: string,
  decision: { status: 'PAID' | 'REJECTED'; note: string | null; by: string },
  onDecided?: DecidedListener,
  mayDecide?: (trx: Db, request: WithdrawalRow) => Promise<void>,
): Promise<WithdrawalRow | null> {
  const at = now().toISOString();
  return db.transaction().execute(async (trx) => {
    const before = await withdrawalByPublicId(trx, publicId);
    if (before && mayDecide) await mayDecide(trx, before);
    const row = await decideWithdrawal(trx, publicId, { ...decision, at });
    if (!row || !before) return null;
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
    await onDecided?.(trx, before, row);
    return row;
  });
}

/**
 * Withdraw requests (docs/product.md §8): affiliate income only, at least the
 * configured minimum, one request waiting at a time. The money leaves the balance at once
 * (ledger group "withdraw funds") and is held until staff pay it (`npm run withdrawals`) or
 * turn it down (the money comes back). Each decision notifies the user.
 */
export function createWithdrawalsService(deps: WithdrawalsDeps) {
  const ctx = withdrawalsContext(deps);
  return Object.freeze({
    request: (userId: number, input: { amount: number; method: WithdrawMethod; details: string }) =>
      request(ctx, userId, input),
    list: (userId: number, options: { page: number; limit: number }) => list(ctx, userId, options),
    hasPending: (userId: number) => hasPending(ctx, userId),
    pending: (limit?: number) => pending(ctx, limit),
    byId: (publicId: string) => byId(ctx, publicId),
    staffList: (status: WithdrawalStatus | undefined, paging: { page: number; limit: number }) =>
      staffList(ctx, status, paging),
    staffView: (publicId: string) => staffView(ctx, publicId),
    /** The staff console's view of rows (the console's decision answers one). */
    staffViews: (rows: WithdrawalRow[]) => staffViews(ctx, rows),
    decide: (
      publicId: string,
      decision: { status: 'PAID' | 'REJECTED'; note: string | null; by: string },
      onDecided?: DecidedListener,
      mayDecide?: (trx: Db, request: WithdrawalRow) => Promise<void>,
    ) => decide(ctx, publicId, decision, onDecided, mayDecide),
  });
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
