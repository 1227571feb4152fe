import { type Request, Router } from 'express';
import { API } from '../../../shared/api-contract/index.ts';
import { utcDayRange } from '../../../shared/day-range.ts';
import {
  isRejectionNote,
  STAFF_MONEY_MESSAGES,
  type StaffPaymentsQuery,
  type StaffWithdrawalDecisionBody,
  type StaffWithdrawalsQuery,
} from '../../../shared/schemas/staff-money.schemas.ts';
import type { StaffPaymentDetail } from '../../../shared/staff-money.ts';
import { AppError } from '../../lib/app-error.ts';
import { ValidationError, validate } from '../../lib/validate.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import {
  WITHDRAWAL_DECISION_ERRORS,
  type WithdrawalsService,
} from '../referrals/withdrawals.service.ts';
import type { WithdrawalRow } from '../referrals/withdrawals.table.ts';
import { staffUserReads, toPublicUser } from '../users/users.service.ts';
import type { Audit } from './audit.service.ts';
import { paging } from './staff.routes.ts';
import { actorOf, type staffGate } from './staff-access.ts';
import { assertMayDecideWithdrawal } from './staff-bounds.ts';

type Gate = ReturnType<typeof staffGate>;

/** A payment's number or public id, or a withdrawal's public id, from the path; else 404. */
function refOf(req: Request, notFound: string): string {
  const raw = String(req.params.id ?? '');
  if (!/^[\w-]{1,64}$/.test(raw)) throw new AppError(notFound, 404);
  return raw;
}

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
 * events and the order it pays. `/api/staff/withdrawals…` (capability `withdrawals`): requests
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
}) {
  return (gate: Gate) => {
    const router = Router();

    router.get('/staff/payments', gate('payments'), async (req, res) => {
      const query = validate<StaffPaymentsQuery>(API['GET staff/payments'].query.schema, req.query);
      const range = utcDayRange(query);
      const data = await payments.staff.list(
        {
          ...(query.q ? { q: query.q.trim() } : {}),
          ...(query.user ? { userId: Number(query.user) } : {}),
          ...(query.status ? { status: query.status } : {}),
          ...(query.purpose ? { purpose: query.purpose } : {}),
          ...(query.gateway ? { gateway: query.gateway } : {}),
          ...(query.method ? { methodId: Number(query.method) } : {}),
          ...range,
        },
        paging(query),
      );
      res.json({ status: 'success', data });
    });

    router.get('/staff/payments/:id', gate('payments'), async (req, res) => {
      const payment = await payments.staff.detail(refOf(req, 'Payment not found'));
      const order = payment.purpose === 'order' ? await orders.ofPayment(payment.id) : null;
      const data: StaffPaymentDetail = {
        ...payment,
        order: order && { ...order, service_names: await orders.staff.namesOf(order.tag) },
      };
      res.json({ status: 'success', data });
    });

    router.get('/staff/withdrawals', gate('withdrawals'), async (req, res) => {
      const query = validate<StaffWithdrawalsQuery>(
        API['GET staff/withdrawals'].query.schema,
        req.query,
      );
      res.json({
        status: 'success',
        data: await withdrawals.staffList(query.status, paging(query)),
      });
    });

    router.get('/staff/withdrawals/:id', gate('withdrawals'), async (req, res) => {
      const id = refOf(req, WITHDRAWAL_DECISION_ERRORS.notFound);
      res.json({ status: 'success', data: await withdrawals.staffView(id) });
    });

    router.post('/staff/withdrawals/:id/decision', gate('withdrawals'), async (req, res) => {
      const body = validate<StaffWithdrawalDecisionBody>(
        API['POST staff/withdrawals/:id/decision'].body.schema,
        req.body,
      );
      // a rejection says why, in words the customer reads
      if (body.status === 'REJECTED' && !isRejectionNote(body.note))
        throw new ValidationError({ note: STAFF_MONEY_MESSAGES.reason });
      const id = refOf(req, WITHDRAWAL_DECISION_ERRORS.notFound);
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
