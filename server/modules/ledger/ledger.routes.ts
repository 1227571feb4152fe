import { type Response, Router } from 'express';
import { isLedgerGroup, type LedgerGroup } from '../../../shared/ledger.ts';
import {
  LEDGER_MESSAGES,
  type TransactionsQuery,
  totalsQuery,
  transactionsQuery,
} from '../../../shared/schemas/ledger.schemas.ts';
import type { PublicUser } from '../../../shared/user.ts';
import { currentUser } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ValidationError, validate } from '../../lib/validate.ts';
import type { LedgerReads } from './ledger-reads.service.ts';

const DEFAULT_LIMIT = 20;

function userOf(res: Response): PublicUser {
  const user = currentUser(res);
  if (!user) throw new AppError('Log in to see your payment history', 401);
  return user;
}

/** `from` after `to` is a mistake of the caller, not an empty answer. */
function rangeOf(query: { from?: string; to?: string }): { from?: string; to?: string } {
  if (query.from && query.to && query.from > query.to)
    throw new ValidationError({ from: LEDGER_MESSAGES.range });
  return {
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
  };
}

/** SPEC §7 User data: GET user/transactions and user/transactions/totals. */
export function ledgerRoutes({ ledgerReads }: { ledgerReads: LedgerReads }): Router {
  const router = Router();

  router.get('/user/transactions', async (req, res) => {
    const user = userOf(res);
    const query = validate<TransactionsQuery>(transactionsQuery, req.query);
    const groups = query.group
      ? [...new Set(query.group.split(',').filter(isLedgerGroup))]
      : ([] as LedgerGroup[]);
    const data = await ledgerReads.history(
      user.id,
      { groups, ...rangeOf(query) },
      { page: Number(query.page ?? 1), limit: Number(query.limit ?? DEFAULT_LIMIT) },
    );
    res.json({ status: 'success', data });
  });

  router.get('/user/transactions/totals', async (req, res) => {
    const user = userOf(res);
    const query = validate<TransactionsQuery>(totalsQuery, req.query);
    const data = await ledgerReads.totals(user.id, user.cur, rangeOf(query));
    res.json({ status: 'success', data });
  });

  return router;
}
