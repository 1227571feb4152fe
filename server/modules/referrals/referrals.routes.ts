import { type Response, Router } from 'express';
import { REFS_PAGE_SIZE } from '../../../shared/referrals.ts';
import {
  CABINET_MESSAGES,
  type PagingQuery,
  refsQuery,
  type WithdrawBody,
  withdrawBody,
} from '../../../shared/schemas/cabinet.schemas.ts';
import type { PublicUser } from '../../../shared/user.ts';
import { currentUser } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ValidationError, validate } from '../../lib/validate.ts';
import type { IncomeService } from './income.service.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

function userOf(res: Response): PublicUser {
  const user = currentUser(res);
  if (!user) throw new AppError('Log in to see your affiliate income', 401);
  return user;
}

/** "12.5", "12,50" or 12.5 → 1250 minor units; anything else names the field. */
export function minorOf(amount: string | number): number {
  const text = String(amount).replace(',', '.');
  if (!/^[0-9]{1,9}(\.[0-9]{1,2})?$/.test(text))
    throw new ValidationError({ amount: CABINET_MESSAGES.amount });
  const minor = Math.round(Number(text) * 100);
  if (minor <= 0) throw new ValidationError({ amount: CABINET_MESSAGES.amount });
  return minor;
}

const pagingOf = (query: PagingQuery, limit: number) => ({
  page: Number(query.page ?? 1),
  limit: Number(query.limit ?? limit),
});

/** SPEC §7 User data: `user/refs`, `user/refs/total`, and withdraw requests. */
export function referralsRoutes({
  income,
  withdrawals,
}: {
  income: IncomeService;
  withdrawals: WithdrawalsService;
}): Router {
  const router = Router();

  router.get('/user/refs', async (req, res) => {
    const user = userOf(res);
    const query = validate<PagingQuery>(refsQuery, req.query);
    res.json({
      status: 'success',
      data: await income.refs(user.id, pagingOf(query, REFS_PAGE_SIZE)),
    });
  });

  router.get('/user/refs/total', async (_req, res) => {
    const user = userOf(res);
    res.json({ status: 'success', data: await income.total(user) });
  });

  router.get('/user/withdrawals', async (req, res) => {
    const user = userOf(res);
    const query = validate<PagingQuery>(refsQuery, req.query);
    res.json({
      status: 'success',
      data: await withdrawals.list(user.id, pagingOf(query, REFS_PAGE_SIZE)),
    });
  });

  router.post('/user/withdrawals', async (req, res) => {
    const user = userOf(res);
    const body = validate<WithdrawBody>(withdrawBody, req.body);
    const data = await withdrawals.request(user.id, {
      amount: minorOf(body.amount),
      method: body.method,
      details: body.details,
    });
    res.status(201).json({ status: 'success', data });
  });

  return router;
}
