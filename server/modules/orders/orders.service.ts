import type { FollowedOrder } from '#shared/orders.ts';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PaymentMethodsService } from '../payments/payment-methods.service.ts';
import type { PaymentsService, SettledListener } from '../payments/payments.service.ts';
import type { ReferralsService } from '../referrals/referrals.service.ts';
import { createOrderLifecycle, type OrderStatusListener } from './lifecycle/order-lifecycle.ts';
import { createOrderIntake } from './placement/order-intake.ts';

export type { OrderStatusChange, OrderStatusListener } from './lifecycle/order-lifecycle.ts';

import { ordersOfUser } from './buyer/own-orders.repository.ts';
import { createOwnOrders } from './buyer/own-orders.ts';
import { createSubscriptions } from './lifecycle/subscriptions.ts';
import { deliveryOf, toOrderView } from './order-views.ts';
import {
  buyersOf,
  childIdsOf,
  claimOrder,
  eventsOf,
  orderByPublicId,
  orderIdsOfPayment,
  orderOfPayment,
  orderSummariesOf,
  rowsOf,
  unpaidSince,
} from './orders.repository.ts';
import { createOrderPlacement } from './placement/order-placement.ts';
import { createStaffOrders } from './staff/staff-orders.ts';
import { createServiceStats } from './stats/service-stats.ts';
import { NO_UPSTREAM, type OrderUpstream } from './work/order-upstream.ts';
import { createOrderWork } from './work/order-work.ts';

export { OWN_ORDER_ERRORS, type OwnOrdersQuery } from './buyer/own-orders.ts';
export type { IntakeView, OrderContext, OrderView, PlacedOrder } from './order-views.ts';
export { type ManyLine, type ManyOutcome, ORDER_ERRORS } from './placement/order-placement.ts';
export type { StaffNote } from './staff/staff-orders.ts';
export { NO_FIGURES, type ServiceFigures } from './stats/service-stats.ts';
export type { OrderUpstream, Upstream } from './work/order-upstream.ts';
export type { OrderWork, Progress } from './work/order-work.ts';
export type { WorkOrder } from './work/work-order.ts';
export { toOrderView };

export type OrdersService = ReturnType<typeof createOrdersService>;

/** What createOrdersService is made with. */
export interface OrdersDeps {
  db: Db;
  catalog: CatalogService;
  paymentMethods: PaymentMethodsService;
  payments: PaymentsService;
  notifications: NotificationsService;
  referrals: ReferralsService;
  mailer: Mailer;
  publicUrl: string;
  logger: Logger;
  /** the provider's side of the buyer's cancel and refill (fulfilment's) */
  upstream?: OrderUpstream;
  /** hears every change of a buyer's order in its transaction (resellers' webhooks) */
  onStatus?: OrderStatusListener;
  now?: () => Date;
}

/** What the functions below work with: the dependencies and the state made from them once. */
export function ordersContext({
  db,
  catalog,
  paymentMethods,
  payments,
  notifications,
  referrals,
  mailer,
  publicUrl,
  logger,
  upstream = NO_UPSTREAM,
  onStatus,
  now = () => new Date(),
}: OrdersDeps) {
  const lifecycle = createOrderLifecycle({ notifications, referrals, logger, onStatus });
  const { place, placeMany, sendReceipt } = createOrderPlacement({
    db,
    catalog,
    paymentMethods,
    payments,
    lifecycle,
    mailer,
    publicUrl,
    logger,
    now,
  });
  const intake = createOrderIntake({ db, place, payments, logger, now });
  const subscriptions = createSubscriptions({ db, lifecycle, notifications, logger, now });
  const own = createOwnOrders({ db, lifecycle, upstream, subscriptions, catalog, logger, now });
  return {
    db,
    catalog,
    paymentMethods,
    payments,
    notifications,
    referrals,
    mailer,
    publicUrl,
    logger,
    upstream,
    onStatus,
    now,
    lifecycle,
    place,
    placeMany,
    sendReceipt,
    intake,
    subscriptions,
    own,
  };
}

export type OrdersContext = ReturnType<typeof ordersContext>;

/** A payment's settlement was committed: a paid order's receipt goes to its buyer. */
export async function paymentCommitted(
  { db, sendReceipt }: OrdersContext,
  payment: Parameters<SettledListener>[1],
) {
  if (payment.purpose !== 'order' || payment.status !== 'SUCCESS') return;
  const order = await orderOfPayment(db, payment.id);
  if (order) await sendReceipt(order);
}

/**
 * Whether a user has an order whose money may still come back to the balance (a refund
 * in the order's currency): unpaid, paid or running.
 */
export async function hasOpenOrders({ db }: OrdersContext, userId: number): Promise<boolean> {
  const { total } = await ordersOfUser(db, userId, {
    page: 1,
    limit: 1,
    statuses: ['CREATED', 'PAID', 'RUNNING'],
  });
  return total > 0;
}

/**
 * CREATED → EXPIRED (docs/product.md §5). An order still unpaid after `afterMs` whose payment is no
 * longer waiting (declined, failed, given up) expires with its rows, up to 500 a round.
 */
export async function expireUnpaid(
  { db, payments, now, lifecycle }: OrdersContext,
  { afterMs }: { afterMs: number },
): Promise<{ expired: number }> {
  const at = now();
  const due = new Date(at.getTime() - afterMs).toISOString();
  let expired = 0;
  let afterId = 0;
  while (expired < 500) {
    const batch = await unpaidSince(db, due, { afterId, limit: 500 });
    if (!batch.length) break;
    afterId = batch.at(-1)!.id;
    // an order whose payment still waits is the payments re-check's to settle or give up
    const waiting = await payments.waitingAmong(
      batch.flatMap((order) => (order.payment_id === null ? [] : [order.payment_id])),
    );
    for (const order of batch) {
      if (expired >= 500) break;
      if (order.payment_id !== null && waiting.has(order.payment_id)) continue;
      const moved = await db.transaction().execute(async (trx) =>
        lifecycle.transition(trx, {
          ids: [order.id, ...(await childIdsOf(trx, order.id))],
          from: 'CREATED',
          to: 'EXPIRED',
          at: at.toISOString(),
          note: 'not paid in time',
        }),
      );
      if (moved.length) expired += 1;
    }
  }
  return { expired };
}

/** One order by its public id (the receipt link), with its delivery and status history. */
export async function byPublicId({ db }: OrdersContext, publicId: string): Promise<FollowedOrder> {
  const order = await orderByPublicId(db, publicId);
  if (!order) throw new AppError('Order not found', 404);
  return {
    ...toOrderView(order),
    ...deliveryOf(order, await rowsOf(db, [order.id])),
    owned: order.user_id !== null,
    history: await eventsOf(db, order.id),
  };
}

/**
 * A guest order joins an account: whoever holds its receipt link (the unguessable id)
 * may keep it, once; an order that has an owner stays theirs.
 */
export async function claim(
  { db, referrals, now }: OrdersContext,
  publicId: string,
  userId: number,
): Promise<void> {
  const at = now().toISOString();
  const outcome = await db.transaction().execute(async (trx) => {
    const claimed = await claimOrder(trx, publicId, userId, at);
    // the guest came by a referral link and signed up since: the link counts
    if (claimed.outcome === 'claimed' && claimed.refCode)
      await referrals.adoptFromOrder(trx, {
        userId,
        refCode: claimed.refCode,
        orderCreatedAt: claimed.createdAt,
        at,
      });
    return claimed.outcome;
  });
  if (outcome === 'taken') throw new AppError('This order belongs to another account', 409);
  if (outcome === 'missing') throw new AppError('Order not found', 404);
}

/** The buyer (user id) of each order named by public id; guests' orders are left out. */
export async function buyerIdsOf(
  { db }: OrdersContext,
  publicIds: string[],
): Promise<Map<string, number>> {
  const rows = await buyersOf(db, [...new Set(publicIds)]);
  return new Map(
    rows.flatMap((row) => (row.user_id === null ? [] : [[row.public_id, row.user_id]])),
  );
}

/** Public id, tag and count by row id (a ledger row names the order it belongs to). */
export async function summariesByIds(
  { db }: OrdersContext,
  ids: number[],
): Promise<Map<number, { id: string; tag: string; count: number }>> {
  const rows = await orderSummariesOf(db, [...new Set(ids)]);
  return new Map(
    rows.map((row) => [row.id, { id: row.public_id, tag: row.tag, count: Number(row.count) }]),
  );
}

/** The order a payment pays (for the thanks page). */
export async function ofPayment({ db }: OrdersContext, paymentId: number) {
  const order = await orderOfPayment(db, paymentId);
  return order ? toOrderView(order) : null;
}

/**
 * Orders own their tables and their lifecycle: placing (c_orders/main, async intakes), the
 * buyer's reads, and every change of state, which payments (settled or given up), expiry
 * and fulfilment (through `work`) ask for and the lifecycle's one transition carries out.
 */
export function createOrdersService(deps: OrdersDeps) {
  const ctx = ordersContext(deps);
  const {
    lifecycle,
    place,
    placeMany,
    intake,
    own,
    now,
    db,
    logger,
    subscriptions,
    catalog,
    upstream,
    notifications,
  } = ctx;
  return Object.freeze({
    /**
     * A payment settled, inside its transaction (wired in server/services.ts): its order is
     * paid, CREATED → PAID; an expired one is closed; a failed one is noted and left to expire.
     */
    paymentSettled: (async (trx, payment, at, reason) => {
      if (payment.purpose !== 'order') return;
      const ids = await orderIdsOfPayment(trx, payment.id);
      if (payment.status === 'SUCCESS')
        await lifecycle.transition(trx, { ids, from: 'CREATED', to: 'PAID', at, note: 'paid' });
      else if (reason === 'expired')
        await lifecycle.transition(trx, {
          ids,
          from: 'CREATED',
          to: 'EXPIRED',
          at,
          note: 'not paid in time',
        });
      else await lifecycle.record(trx, ids, 'CREATED', at, 'payment failed');
    }) satisfies SettledListener,
    paymentCommitted: (payment: Parameters<SettledListener>[1]) => paymentCommitted(ctx, payment),
    place,
    /** A mass order: every line checked first, then all placed in one transaction, or none. */
    placeMany,
    queue: intake.queue,
    intake: intake.intake,
    processQueued: intake.processQueued,
    /** The buyer's own orders in the cabinet: list, cancel, refill, average time. */
    own,
    /** Paid and running orders as fulfilment works on them, on the worker's clock. */
    workOn: (clock: () => Date = now) => createOrderWork({ db, lifecycle, logger, now: clock }),
    /** Every buyer's orders as the staff console finds them and acts on them. */
    staff: createStaffOrders({ db, lifecycle, subscriptions, catalog, own, upstream, now }),
    /**
     * How each service really performs, from the orders of the last 30 days: the worker
     * refreshes `service_stats`, `/api/v2` `services` reads it.
     */
    serviceStats: createServiceStats({ db, now }),
    /** Subscriptions (auto orders) watching their accounts, on the worker's clock. */
    subscriptionsOn: (clock: () => Date = now) =>
      createSubscriptions({ db, lifecycle, notifications, logger, now: clock }),
    hasOpenOrders: (userId: number) => hasOpenOrders(ctx, userId),
    expireUnpaid: (options: { afterMs: number }) => expireUnpaid(ctx, options),
    byPublicId: (publicId: string) => byPublicId(ctx, publicId),
    claim: (publicId: string, userId: number) => claim(ctx, publicId, userId),
    buyersOf: (publicIds: string[]) => buyerIdsOf(ctx, publicIds),
    summariesByIds: (ids: number[]) => summariesByIds(ctx, ids),
    ofPayment: (paymentId: number) => ofPayment(ctx, paymentId),
  });
}
