import { AppError } from '#server/lib/app-error.ts';
import type { StaffOrderRow, StaffPage } from '#shared/staff.ts';
import { isWatching } from '../lifecycle/subscriptions.ts';
import { orderById, rowsOf } from '../orders.repository.ts';
import type { OrderRow } from '../orders.table.ts';
import { lastOrderChange } from './order-stats.repository.ts';
import {
  act,
  canResend,
  detail,
  found,
  listStaffOrders,
  orderStats,
  STAFF_ORDER_ERRORS,
  type StaffNote,
  type StaffOrdersDeps,
  serviceNames,
  snapshot,
} from './staff-order-views.ts';
import { clearSubmit, type StaffOrderFilter, switchProvider } from './staff-orders.repository.ts';

export { STAFF_ORDER_ERRORS, type StaffNote, type StaffOrdersDeps };

export type StaffOrders = ReturnType<typeof createStaffOrders>;

/**
 * A staff cancel asks the provider to stop a running row where its service offers a cancel,
 * so the shop does not pay for what it refunds; the refund does not wait on the answer
 * (staff decided), which the row's history keeps.
 */
async function cancelUpstream({ upstream }: StaffOrdersDeps, row: OrderRow): Promise<string> {
  if (row.status !== 'RUNNING' || !row.provider_order_id) return '';
  if (!(await upstream.allows(row, 'cancel'))) return '; the provider offers no cancel';
  const answer = await upstream.cancel(row);
  return answer.ok
    ? '; canceled at the provider'
    : `; the provider did not cancel: ${answer.message}`;
}

/**
 * A paid order not yet taken by its provider goes to another of its service's providers
 * (its main or fallback one) in the worker's next round.
 */
export async function switchOrderProvider(
  deps: StaffOrdersDeps,
  id: number,
  providerId: string,
  note: StaffNote,
) {
  const { db, catalog, lifecycle } = deps;
  const order = await found(deps, id);
  const mapping = await catalog.providerOf(order.service_id);
  const offered = [mapping?.provider_id ?? 'simulator', mapping?.fallback_provider_id];
  if (!offered.includes(providerId)) throw new AppError(STAFF_ORDER_ERRORS.provider, 400);
  const leaves = (await rowsOf(db, [order.id])).filter(canResend);
  const targets = leaves.length ? leaves : canResend(order) ? [order] : [];
  if (!targets.length) throw new AppError(STAFF_ORDER_ERRORS.resend, 409);
  return act(deps, order, note, 'order.provider', undefined, async (trx, at) => {
    for (const leaf of targets) {
      await switchProvider(trx, leaf.id, providerId, at);
      await lifecycle.record(trx, [leaf.id], 'PAID', at, `switched to ${providerId} by staff`);
    }
  });
}

/** A completed or partial order is refilled by its provider, as its buyer may ask. */
export async function refillOrder(deps: StaffOrdersDeps, id: number, note: StaffNote) {
  const { own } = deps;
  const order = await found(deps, id);
  if (order.user_id === null) throw new AppError(STAFF_ORDER_ERRORS.refillGuest, 409);
  // once the provider took it, the refill's row and the audit row (who asked) are one write
  await own.refill(order.public_id, order.user_id, (trx) =>
    note(trx, {
      action: 'order.refill',
      target: `order:${order.id}`,
      before: snapshot(order),
      after: snapshot(order),
    }),
  );
  return detail(deps, order.id);
}

/** A paid order (or row) stuck before its provider (left for a check, retrying) goes again. */
export async function resendOrder(deps: StaffOrdersDeps, id: number, note: StaffNote) {
  const { db, lifecycle } = deps;
  const order = await found(deps, id);
  const leaves = (await rowsOf(db, [order.id])).filter(canResend);
  const targets = leaves.length ? leaves : canResend(order) ? [order] : [];
  if (!targets.length) throw new AppError(STAFF_ORDER_ERRORS.resend, 409);
  return act(deps, order, note, 'order.resend', undefined, async (trx, at) => {
    for (const leaf of targets) {
      await clearSubmit(trx, leaf.id, at);
      await lifecycle.record(trx, [leaf.id], 'PAID', at, 'sent again by staff');
    }
  });
}

/**
 * Ends an order (its rows still open) as CANCELED: what was not delivered comes back
 * through the lifecycle's refund. A provider still delivering is not asked (staff decide).
 */
export async function cancelOrder(deps: StaffOrdersDeps, id: number, note: StaffNote) {
  const { db, subscriptions, lifecycle } = deps;
  const order = await found(deps, id);
  if (order.status !== 'PAID' && order.status !== 'RUNNING')
    throw new AppError(STAFF_ORDER_ERRORS.cancel, 409);
  // a watching subscription stops first: its unused posts and unsent post orders come back
  const before = await orderById(db, order.id);
  if (isWatching((await subscriptions.of([order.id])).get(order.id)))
    await subscriptions.cancel(order.id);
  const children = await rowsOf(db, [order.id]);
  const leaves = (children.length ? children : [order]).filter(
    (leaf) => leaf.status === 'PAID' || leaf.status === 'RUNNING',
  );
  const upstreamNotes = await Promise.all(leaves.map((leaf) => cancelUpstream(deps, leaf)));
  return act(deps, order, note, 'order.cancel', before, async (trx, at) => {
    for (const [index, leaf] of leaves.entries())
      await lifecycle.transition(trx, {
        ids: [leaf.id],
        from: leaf.status as 'PAID' | 'RUNNING',
        to: 'CANCELED',
        at,
        note: `canceled by staff, refunded${upstreamNotes[index]}`,
      });
  });
}

/** A running order ends PARTIAL with `delivered` units: the rest comes back. */
export async function markPartial(
  deps: StaffOrdersDeps,
  id: number,
  delivered: number,
  note: StaffNote,
) {
  const { db, lifecycle } = deps;
  const order = await found(deps, id);
  if (order.status !== 'RUNNING' || (await rowsOf(db, [order.id])).length)
    throw new AppError(STAFF_ORDER_ERRORS.partial, 409);
  if (delivered >= order.count) throw new AppError(STAFF_ORDER_ERRORS.delivered, 400);
  return act(deps, order, note, 'order.partial', undefined, async (trx, at) => {
    await lifecycle.transition(trx, {
      ids: [order.id],
      from: 'RUNNING',
      to: 'PARTIAL',
      at,
      note: `marked partial by staff: ${delivered} delivered`,
      set: { remains: order.count - delivered },
    });
  });
}

/**
 * Orders as the staff console works on them: every buyer's, found by number, public id,
 * provider order id, link, e-mail or buyer; an order's rows, history and ledger rows; and the
 * staff actions, each through the lifecycle (refunds through the ledger there) with its audit
 * row in the same transaction.
 */
export function createStaffOrders(deps: StaffOrdersDeps) {
  return Object.freeze({
    list: (
      filter: Omit<StaffOrderFilter, 'userIds'>,
      paging: { page: number; limit: number },
    ): Promise<StaffPage<StaffOrderRow>> => listStaffOrders(deps, filter, paging),

    detail: (id: number) => detail(deps, id),

    /** A service's names in the console's languages (a payment's order shows them). */
    async namesOf(tag: string) {
      return (await serviceNames(deps)).get(tag) ?? {};
    },

    /** The dashboard's orders: paid per day, counts by status, the stuck ones. */
    stats: (since: string, quietMs: number) => orderStats(deps, since, quietMs),

    /** When any order last changed (the live dashboard asks whether to refresh). */
    lastChange: () => lastOrderChange(deps.db),

    switchProvider: (id: number, providerId: string, note: StaffNote) =>
      switchOrderProvider(deps, id, providerId, note),
    refill: (id: number, note: StaffNote) => refillOrder(deps, id, note),
    resend: (id: number, note: StaffNote) => resendOrder(deps, id, note),
    cancel: (id: number, note: StaffNote) => cancelOrder(deps, id, note),
    partial: (id: number, delivered: number, note: StaffNote) =>
      markPartial(deps, id, delivered, note),
  });
}
