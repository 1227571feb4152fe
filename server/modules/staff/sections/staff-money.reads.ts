import type { ReadHandlers } from '#server/http/reads.ts';
import { AppError } from '#server/lib/app-error.ts';
import { utcDayRange } from '#shared/day-range.ts';
import type { StaffPaymentDetail } from '#shared/staff-money.ts';
import type { OrdersService } from '../../orders/orders.service.ts';
import type { PaymentsService } from '../../payments/payments.service.ts';
import {
  WITHDRAWAL_DECISION_ERRORS,
  type WithdrawalsService,
} from '../../referrals/withdrawals.service.ts';
import type { StaffAuth } from '../auth/staff-auth.service.ts';
import { staffActorFor } from '../staff-access.ts';
import { paging } from '../staff-paging.ts';

/** A payment's number or public id, or a withdrawal's public id, from the path; else 404. */
export function refOf(raw: unknown, notFound: string): string {
  const ref = String(raw ?? '');
  if (!/^[\w-]{1,64}$/.test(ref)) throw new AppError(notFound, 404);
  return ref;
}

/**
 * The money sections' reads: payments filtered and one with its gateway events and the order
 * it pays (capability `payments`), withdraw requests listed and one (`withdrawals`). Served
 * over HTTP by staff-payments.routes.ts and in process to the staff pages' loader; each asks
 * the gate (`staffActorFor`).
 */
export function staffMoneyReads({
  staffAuth,
  payments,
  orders,
  withdrawals,
}: {
  staffAuth: StaffAuth;
  payments: PaymentsService;
  orders: Pick<OrdersService, 'ofPayment' | 'staff'>;
  withdrawals: WithdrawalsService;
}) {
  return {
    'GET staff/payments': async ({ query }, call) => {
      await staffActorFor(staffAuth, 'payments', call);
      return payments.staff.list(
        {
          ...(query.q ? { q: query.q.trim() } : {}),
          ...(query.user ? { userId: Number(query.user) } : {}),
          ...(query.status ? { status: query.status } : {}),
          ...(query.purpose ? { purpose: query.purpose } : {}),
          ...(query.gateway ? { gateway: query.gateway } : {}),
          ...(query.method ? { methodId: Number(query.method) } : {}),
          ...utcDayRange(query),
        },
        paging(query),
      );
    },
    'GET staff/payments/:id': async ({ params }, call): Promise<StaffPaymentDetail> => {
      await staffActorFor(staffAuth, 'payments', call);
      const payment = await payments.staff.detail(refOf(params.id, 'Payment not found'));
      const order = payment.purpose === 'order' ? await orders.ofPayment(payment.id) : null;
      return {
        ...payment,
        order: order && { ...order, service_names: await orders.staff.namesOf(order.tag) },
      };
    },
    'GET staff/withdrawals': async ({ query }, call) => {
      await staffActorFor(staffAuth, 'withdrawals', call);
      return withdrawals.staffList(query.status, paging(query));
    },
    'GET staff/withdrawals/:id': async ({ params }, call) => {
      await staffActorFor(staffAuth, 'withdrawals', call);
      return withdrawals.staffView(refOf(params.id, WITHDRAWAL_DECISION_ERRORS.notFound));
    },
  } satisfies ReadHandlers;
}
