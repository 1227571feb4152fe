import { Router } from 'express';
import { loginFirst } from '../../http/login-first.ts';
import { mountReads } from '../../http/reads.ts';
import { ledgerReadsOf } from './ledger.reads.ts';
import type { LedgerReads } from './ledger-reads.service.ts';

/** docs/api.md User data: GET user/transactions and user/transactions/totals (ledger.reads.ts). */
export function ledgerRoutes({ ledgerReads }: { ledgerReads: LedgerReads }): Router {
  const router = Router();
  router.get(
    ['/user/transactions', '/user/transactions/totals'],
    loginFirst('Log in to see your payment history'),
  );
  mountReads(router, ledgerReadsOf({ ledgerReads }));
  return router;
}
