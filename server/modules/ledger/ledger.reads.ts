import { isLedgerGroup, type LedgerGroup } from '#shared/ledger.ts';
import { LEDGER_MESSAGES } from '#shared/schemas/ledger.schemas.ts';
import type { PublicUser } from '#shared/user.ts';
import type { ReadCall, ReadHandlers } from '../../http/reads.ts';
import { AppError } from '../../lib/app-error.ts';
import { ValidationError } from '../../lib/validate.ts';
import type { LedgerReads } from './ledger-reads.service.ts';

const DEFAULT_LIMIT = 20;

function userOf({ context }: ReadCall): PublicUser {
  if (!context.user) throw new AppError('Log in to see your payment history', 401);
  return context.user;
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

/**
 * The payment history and its totals. Served over HTTP by ledger.routes.ts
 * and in process to the payment history page's loader (server/ssr/in-process-api.ts).
 */
export function ledgerReadsOf({ ledgerReads }: { ledgerReads: LedgerReads }) {
  return {
    'GET user/transactions': ({ query }, call) => {
      const user = userOf(call);
      const groups = query.group
        ? [...new Set(query.group.split(',').filter(isLedgerGroup))]
        : ([] as LedgerGroup[]);
      return ledgerReads.history(
        user.id,
        { groups, ...rangeOf(query) },
        { page: Number(query.page ?? 1), limit: Number(query.limit ?? DEFAULT_LIMIT) },
      );
    },
    'GET user/transactions/totals': ({ query }, call) => {
      const user = userOf(call);
      return ledgerReads.totals(user.id, user.cur, rangeOf(query));
    },
  } satisfies ReadHandlers;
}
