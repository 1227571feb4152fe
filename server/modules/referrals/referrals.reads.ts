import { REFS_PAGE_SIZE } from '#shared/referrals.ts';
import type { PagingQuery } from '#shared/schemas/cabinet.schemas.ts';
import type { PublicUser } from '#shared/user.ts';
import type { ReadCall, ReadHandlers } from '../../http/reads.ts';
import { AppError } from '../../lib/app-error.ts';
import type { IncomeService } from './income.service.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

export function userOf({ context }: Pick<ReadCall, 'context'>): PublicUser {
  if (!context.user) throw new AppError('Log in to see your affiliate income', 401);
  return context.user;
}

const pagingOf = (query: PagingQuery, limit: number) => ({
  page: Number(query.page ?? 1),
  limit: Number(query.limit ?? limit),
});

/**
 * The referrals, their total and the withdraw requests. Served over HTTP
 * by referrals.routes.ts and in process to the income page's loader.
 */
export function referralsReads({
  income,
  withdrawals,
}: {
  income: IncomeService;
  withdrawals: WithdrawalsService;
}) {
  return {
    'GET user/refs': ({ query }, call) =>
      income.refs(userOf(call).id, pagingOf(query, REFS_PAGE_SIZE)),
    'GET user/refs/total': (_input, call) => income.total(userOf(call)),
    'GET user/withdrawals': ({ query }, call) =>
      withdrawals.list(userOf(call).id, pagingOf(query, REFS_PAGE_SIZE)),
  } satisfies ReadHandlers;
}
