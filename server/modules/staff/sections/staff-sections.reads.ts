import type { ReadHandlers } from '#server/http/reads.ts';
import { AppError } from '#server/lib/app-error.ts';
import { utcDayRange } from '#shared/day-range.ts';
import type { OrderStatus } from '#shared/orders.ts';
import type { StaffOrderDetail } from '#shared/staff.ts';
import type { OrdersService } from '../../orders/orders.service.ts';
import type { StaffAuth } from '../auth/staff-auth.service.ts';
import { staffActorFor } from '../staff-access.ts';
import { paging } from '../staff-paging.ts';
import type { StaffAdjustments } from './staff-adjustments.service.ts';
import type { StaffUsers } from './staff-users.service.ts';

/** A numeric id of the path, or a 404 in the section's words. */
export function idOf(raw: unknown, notFound: string): number {
  if (!/^\d{1,10}$/.test(String(raw ?? ''))) throw new AppError(notFound, 404);
  return Number(raw);
}

/** The orders' calls to their providers (fulfilment's log). */
export type CallsOf = (
  orderIds: number[],
) => Promise<NonNullable<StaffOrderDetail['provider_calls']>>;

/** An order's page with its (and its rows') provider calls. */
export const withCallsOf =
  (callsOf: CallsOf) =>
  async (detail: StaffOrderDetail): Promise<StaffOrderDetail> => ({
    ...detail,
    provider_calls: await callsOf([detail.id, ...detail.children.map((row) => row.id)]),
  });

/**
 * The orders section's reads (capability `orders`): orders found, an order's page with its
 * provider calls. Served over HTTP by staff-sections.routes.ts and in process to the staff
 * pages' loader; each asks the gate (`staffActorFor`).
 */
export function staffOrdersReads({
  staffAuth,
  orders,
  callsOf,
}: {
  staffAuth: StaffAuth;
  orders: OrdersService;
  callsOf: CallsOf;
}) {
  const withCalls = withCallsOf(callsOf);
  return {
    'GET staff/orders': async ({ query }, call) => {
      await staffActorFor(staffAuth, 'orders', call);
      return orders.staff.list(
        {
          ...(query.q ? { q: query.q.trim() } : {}),
          ...(query.status ? { status: query.status as OrderStatus } : {}),
          ...(query.provider ? { provider: query.provider } : {}),
          ...utcDayRange(query),
        },
        paging(query),
      );
    },
    'GET staff/orders/:id': async ({ params }, call) => {
      await staffActorFor(staffAuth, 'orders', call);
      return withCalls(await orders.staff.detail(idOf(params.id, 'Order not found')));
    },
  } satisfies ReadHandlers;
}

/**
 * The users section's reads (capability `users`): users found, a user's page, moderators'
 * adjustments. Served as staffOrdersReads are.
 */
export function staffUsersReads({
  staffAuth,
  users,
  adjustments,
}: {
  staffAuth: StaffAuth;
  users: StaffUsers;
  adjustments: StaffAdjustments;
}) {
  return {
    'GET staff/users': async ({ query }, call) => {
      await staffActorFor(staffAuth, 'users', call);
      return users.list(query.q?.trim() || undefined, paging(query));
    },
    'GET staff/users/:id': async ({ params }, call) => {
      await staffActorFor(staffAuth, 'users', call);
      return users.detail(idOf(params.id, 'User not found'));
    },
    'GET staff/adjustments': async ({ query }, call) => {
      await staffActorFor(staffAuth, 'users', call);
      return adjustments.list(
        {
          ...(query.status ? { status: query.status } : {}),
          ...(query.user ? { userId: Number(query.user) } : {}),
        },
        paging(query),
      );
    },
  } satisfies ReadHandlers;
}
