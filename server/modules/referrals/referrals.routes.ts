import { type Response, Router } from 'express';
import {
  CABINET_MESSAGES,
  type WithdrawBody,
  withdrawBody,
} from '#shared/schemas/cabinet.schemas.ts';
import type { PublicUser } from '#shared/user.ts';
import { loginFirst } from '../../http/login-first.ts';
import { mountReads } from '../../http/reads.ts';
import { contextOf } from '../../http/request-context.ts';
import { ValidationError, validate } from '../../lib/validate.ts';
import type { IncomeService } from './income.service.ts';
import { referralsReads, userOf } from './referrals.reads.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

const userOfResponse = (res: Response): PublicUser => userOf({ context: contextOf(res) });

/** "12.5", "12,50" or 12.5 → 1250 minor units; anything else names the field. */
export function minorOf(amount: string | number): number {
  const text = String(amount).replace(',', '.');
  if (!/^[0-9]{1,9}(\.[0-9]{1,2})?$/.test(text))
    throw new ValidationError({ amount: CABINET_MESSAGES.amount });
  const minor = Math.round(Number(text) * 100);
  if (minor <= 0) throw new ValidationError({ amount: CABINET_MESSAGES.amount });
  return minor;
}

/** docs/api.md User data: `user/refs`, `user/refs/total`, and withdraw requests. */
export function referralsRoutes({
  income,
  withdrawals,
}: {
  income: IncomeService;
  withdrawals: WithdrawalsService;
}): Router {
  const router = Router();

  router.get(
    ['/user/refs', '/user/refs/total', '/user/withdrawals'],
    loginFirst('Log in to see your affiliate income'),
  );
  mountReads(router, referralsReads({ income, withdrawals }));

  router.post('/user/withdrawals', async (req, res) => {
    const user = userOfResponse(res);
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
