import { Router } from 'express';
import { mountReads } from '#server/http/reads.ts';
import { AppError } from '#server/lib/app-error.ts';
import { ValidationError, validate } from '#server/lib/validate.ts';
import { API } from '#shared/api-contract/index.ts';
import {
  isRejectionNote,
  STAFF_MONEY_MESSAGES,
  type StaffWithdrawalDecisionBody,
} from '#shared/schemas/staff-money.schemas.ts';
import type { OrdersService } from '../../orders/orders.service.ts';
import type { PaymentsService } from '../../payments/payments.service.ts';
import {
  WITHDRAWAL_DECISION_ERRORS,
  type WithdrawalsService,
} from '../../referrals/withdrawals.service.ts';
import type { WithdrawalRow } from '../../referrals/withdrawals.table.ts';
import { staffUserReads, toPublicUser } from '../../users/users.service.ts';
import type { Audit } from '../audit.service.ts';
import { actorOf, type StaffSection } from '../staff-access.ts';
import { assertMayDecideWithdrawal } from '../staff-bounds.ts';
import { refOf, staffMoneyReads } from './staff-money.reads.ts';

/** What the audit log keeps of a withdrawal request: its decision's fields. */
const decisionOf = (row: WithdrawalRow) => ({
  status: row.status,
  note: row.note,
  decided_by: row.decided_by,
  decided_at: row.decided_at,
  amount: Number(row.amount),
  currency: row.currency,
  user_id: row.user_id,
});

/**
 * `/api/staff/payments…` (capability `payments`): payments filtered, and one with its gateway
 * events and the order it pays (staff-money.reads.ts). `/api/staff/withdrawals…` (capability `withdrawals`): requests
 * listed and decided through the same service call `npm run withdrawals` makes, the audit row
 * in the decision's transaction.
 */
export function staffMoneyRoutes({
  payments,
  orders,
  withdrawals,
  audit,
}: {
  payments: PaymentsService;
  orders: Pick<OrdersService, 'ofPayment' | 'staff'>;
  withdrawals: WithdrawalsService;
  audit: Audit;
}): StaffSection {
  return (gate, staffAuth) => {
    const router = Router();
    mountReads(router, staffMoneyReads({ staffAuth, payments, orders, withdrawals }));

    router.post('/staff/withdrawals/:id/decision', gate('withdrawals'), async (req, res) => {
      const body = validate<StaffWithdrawalDecisionBody>(
        API['POST staff/withdrawals/:id/decision'].body.schema,
        req.body,
      );
      // a rejection says why, in words the customer reads
      if (body.status === 'REJECTED' && !isRejectionNote(body.note))
        throw new ValidationError({ note: STAFF_MONEY_MESSAGES.reason });
      const id = refOf(req.params.id, WITHDRAWAL_DECISION_ERRORS.notFound);
      const actor = actorOf(res);
      const decided = await withdrawals.decide(
        id,
        {
          status: body.status,
          note: body.note?.trim() || null,
          by: actor.user.login ?? actor.user.email,
        },
        (trx, before, after) =>
          audit.record(trx, actor, {
            action: `withdrawal.${after.status === 'PAID' ? 'pay' : 'reject'}`,
            target: `withdrawal:${after.public_id}`,
            before: decisionOf(before),
            after: decisionOf(after),
          }),
        // never one's own request; a staff member's only by an admin
        async (trx, request) => {
          const owner = await staffUserReads.byId(trx, request.user_id);
          assertMayDecideWithdrawal(actor, {
            id: request.user_id,
            roles: owner ? toPublicUser(owner).roles : [],
          });
        },
      );
      if (!decided) {
        // unknown: 404; decided already (by anyone, the command included): 409, nothing changed
        await withdrawals.staffView(id);
        throw new AppError(WITHDRAWAL_DECISION_ERRORS.decided, 409);
      }
      const [data] = await withdrawals.staffViews([decided]);
      res.json({ status: 'success', data });
    });

    return router;
  };
}
