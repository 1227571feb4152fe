import { utcDayRange } from '../../../shared/day-range.ts';
import { type OwnOrderView, platformOfTag, type RefillView } from '../../../shared/orders.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { OrderLifecycle } from './order-lifecycle.ts';
import type { OrderUpstream } from './order-upstream.ts';
import { deliveryOf, progressOf, toOrderView } from './order-views.ts';
import type { OrderRefillRow, OrderRow, OrderSubscriptionRow } from './orders.table.ts';
import { averageTimes } from './own-order-averages.ts';
import { createOrderNumbers } from './own-order-numbers.ts';
import {
  delivered,
  OWN_ORDER_ERRORS,
  type OwnOrdersQuery,
  refillRunning,
  runsDone,
  subscriptionView,
  toRefillView,
  unsubmitted,
} from './own-order-rules.ts';
import { createRunRefills } from './own-run-refills.ts';

export { subscriptionView };

import {
  insertRefill,
  latestRefills,
  type OrderFilter,
  ordersByIds,
  ordersOfUser,
  ownOrder,
  rowsOf,
  setRefillStatus,
} from './own-orders.repository.ts';
import { isWatching, type Subscriptions } from './subscriptions.ts';

export { OWN_ORDER_ERRORS, type OwnOrdersQuery };

/**
 * The buyer's own orders in the cabinet (issue 12): the filtered list with each order's
 * `_MULTI` rows, what the buyer may still do, cancel and refill. A state change goes through
 * the lifecycle (refunds through the ledger there); the provider is asked through `upstream`.
 */
export function createOwnOrders({
  db,
  lifecycle,
  upstream,
  subscriptions,
  catalog,
  logger,
  now,
  averageCacheMs = 5 * 60_000,
}: {
  db: Db;
  lifecycle: OrderLifecycle;
  upstream: OrderUpstream;
  subscriptions: Subscriptions;
  catalog: CatalogService;
  logger: Logger;
  now: () => Date;
  averageCacheMs?: number;
}) {
  const { refillableRuns, refillRuns, runsRefillStatus } = createRunRefills({
    db,
    lifecycle,
    upstream,
    logger,
    now,
  });
  async function canCancel(
    row: OrderRow,
    rows: OrderRow[],
    sub?: OrderSubscriptionRow,
  ): Promise<boolean> {
    if (isWatching(sub)) return true;
    if (row.status === 'PAID') return unsubmitted(row) && rows.every(unsubmitted);
    if (row.status !== 'RUNNING') return false;
    for (const leaf of rows.length ? rows : [row]) {
      if (unsubmitted(leaf)) return true;
      if (leaf.status === 'RUNNING' && (await upstream.allows(leaf, 'cancel'))) return true;
    }
    return false;
  }

  /** An order (or row) refills alone; a drip-feed order refills as one, through its runs. */
  async function canRefill(row: OrderRow, rows: OrderRow[], refills: Map<number, OrderRefillRow>) {
    if (!delivered(row) || refillRunning(refills.get(row.id))) return false;
    if (!rows.length) return upstream.allows(row, 'refill');
    if (!row.runs) return false;
    return (await refillableRuns(rows, refills)).length > 0;
  }

  async function viewOf(
    row: OrderRow,
    rows: OrderRow[],
    refills: Map<number, OrderRefillRow>,
    subs: Map<number, OrderSubscriptionRow> = new Map(),
    parent?: OrderRow,
  ): Promise<OwnOrderView> {
    const refill = refills.get(row.id);
    const sub = subs.get(row.id);
    const children = await Promise.all(rows.map((child) => viewOf(child, [], refills)));
    const { remains, refunded } = progressOf(row, rows);
    // a post order read on its own (by its number) cost its share of the posts paid ahead
    const share =
      parent?.posts && Number(row.cost) === 0
        ? { cost: Math.floor(Number(parent.cost) / parent.posts) }
        : {};
    return {
      ...toOrderView(row),
      ...share,
      number: row.id,
      updated_at: row.updated_at,
      platform: platformOfTag(row.tag),
      start_count: row.start_count,
      remains,
      ...deliveryOf(row, rows),
      refunded,
      children,
      drip_feed:
        row.runs && row.run_interval
          ? { runs: row.runs, interval: row.run_interval, runs_done: runsDone(rows) }
          : null,
      subscription: sub ? subscriptionView(sub) : null,
      can_cancel: await canCancel(row, rows, sub),
      can_refill: await canRefill(row, rows, refills),
      refill: refill ? toRefillView(refill) : null,
    };
  }

  async function viewsOf(list: OrderRow[]): Promise<OwnOrderView[]> {
    const rows = await rowsOf(
      db,
      list.map((order) => order.id),
    );
    const refills = await latestRefills(
      db,
      [...list, ...rows].map((order) => order.id),
    );
    const subs = await subscriptions.of(list.map((order) => order.id));
    const parents = new Map(
      (
        await ordersByIds(
          db,
          list.flatMap((order) => (order.parent_id === null ? [] : [order.parent_id])),
        )
      ).map((parent) => [parent.id, parent]),
    );
    return Promise.all(
      list.map((order) =>
        viewOf(
          order,
          rows.filter((row) => row.parent_id === order.id),
          refills,
          subs,
          order.parent_id === null ? undefined : parents.get(order.parent_id),
        ),
      ),
    );
  }

  async function mine(publicId: string, userId: number): Promise<OrderRow> {
    const order = await ownOrder(db, publicId, userId);
    if (!order) throw new AppError(OWN_ORDER_ERRORS.notFound, 404);
    return order;
  }

  /** The order as the buyer sees it now (a `_MULTI` row through its parent's rows). */
  async function viewOfId(id: string, userId: number): Promise<OwnOrderView> {
    const [view] = await viewsOf([await mine(id, userId)]);
    return view!;
  }

  /** Ends an order the provider has ended already (a cancel it took at once). */
  async function syncNow(leaf: OrderRow) {
    const state = await upstream.status(leaf);
    if (!state.ok || !state.value.end) return;
    const at = now().toISOString();
    const { end, note, progress } = state.value;
    await db.transaction().execute((trx) =>
      lifecycle.transition(trx, {
        ids: [leaf.id],
        from: 'RUNNING',
        to: end,
        at,
        note,
        set: { ...progress, synced_at: at, lease_owner: null, lease_until: null },
      }),
    );
  }

  const averageTime = averageTimes({ db, catalog, now, cacheMs: averageCacheMs });

  const own = {
    viewOf: viewOfId,

    // the reseller API's view of the same orders: by number, refills by number, retry keys
    ...createOrderNumbers({
      db,
      now,
      viewsOf,
      mine,
      toRefillView,
      refillStatus: (publicId: string, userId: number): Promise<RefillView> =>
        own.refillStatus(publicId, userId),
      noRefill: OWN_ORDER_ERRORS.noRefill,
    }),

    async list(userId: number, query: OwnOrdersQuery) {
      const filter: OrderFilter = {};
      if (query.statuses) filter.statuses = query.statuses;
      if (query.platform) {
        const tags = (await catalog.stock())
          .filter((service) => service.platform === query.platform)
          .map((service) => service.tag);
        filter.tags = query.tag ? tags.filter((tag) => tag === query.tag) : tags;
      } else if (query.tag) filter.tags = [query.tag];
      if (query.q) filter.q = query.q;
      Object.assign(filter, utcDayRange(query));
      if (query.costMin !== undefined) filter.costMin = query.costMin;
      if (query.costMax !== undefined) filter.costMax = query.costMax;
      const { rows, total } = await ordersOfUser(db, userId, {
        page: query.page,
        limit: query.limit,
        ...filter,
      });
      return {
        items: await viewsOf(rows),
        meta: { total, page: query.page, limit: query.limit },
      };
    },

    /**
     * The buyer cancels: a paid order no worker has begun to send ends CANCELED at once (all
     * its rows with it, fully refunded); a running one is asked of its provider where the
     * service allows it, and ends (with the undelivered share refunded) when the provider
     * says so. The lifecycle moves an order only from the state it is in, so two cancels
     * never refund twice.
     */
    async cancel(publicId: string, userId: number): Promise<OwnOrderView> {
      const order = await mine(publicId, userId);
      // a watching subscription stops: its unused posts and unsent post orders come back
      if (isWatching((await subscriptions.of([order.id])).get(order.id))) {
        if (!(await subscriptions.cancel(order.id)))
          throw new AppError(OWN_ORDER_ERRORS.cancelTooLate, 409);
        return viewOfId(publicId, userId);
      }
      const rows = await rowsOf(db, [order.id]);
      const at = now().toISOString();
      if (order.status === 'PAID') {
        const ids = [order.id, ...rows.map((row) => row.id)];
        const moved = await db.transaction().execute(async (trx) => {
          const moved = await lifecycle.transition(trx, {
            ids,
            from: 'PAID',
            to: 'CANCELED',
            at,
            note: 'canceled by the buyer',
            unsubmitted: true,
          });
          // all or nothing: a row already on its way to a provider keeps the order whole
          if (moved.length && moved.length < ids.length)
            throw new AppError(OWN_ORDER_ERRORS.cancelTooLate, 409);
          return moved;
        });
        if (!moved.length) throw new AppError(OWN_ORDER_ERRORS.cancelTooLate, 409);
        return viewOfId(publicId, userId);
      }
      if (order.status !== 'RUNNING') throw new AppError(OWN_ORDER_ERRORS.cancelTooLate, 409);

      let done = 0;
      let notOffered = false;
      let down = false;
      for (const leaf of rows.length ? rows : [order]) {
        if (unsubmitted(leaf)) {
          // a link of a running _MULTI order not sent yet: its share back at once
          const moved = await db.transaction().execute((trx) =>
            lifecycle.transition(trx, {
              ids: [leaf.id],
              from: 'PAID',
              to: 'CANCELED',
              at,
              note: 'canceled by the buyer',
              unsubmitted: true,
            }),
          );
          done += moved.length;
          continue;
        }
        if (leaf.status !== 'RUNNING') continue;
        if (!(await upstream.allows(leaf, 'cancel'))) {
          notOffered = true;
          continue;
        }
        const answer = await upstream.cancel(leaf);
        if (!answer.ok) {
          down ||= answer.reason === 'unavailable';
          continue;
        }
        done += 1;
        const noted = leaf.id === order.id ? [order.id] : [leaf.id, order.id];
        await db
          .transaction()
          .execute((trx) => lifecycle.record(trx, noted, 'RUNNING', at, 'cancel requested'));
        logger.info({ order: leaf.public_id }, 'cancel requested by the buyer');
        await syncNow(leaf);
      }
      if (!done) {
        if (down) throw new AppError(OWN_ORDER_ERRORS.providerDown, 503);
        throw new AppError(
          notOffered ? OWN_ORDER_ERRORS.cancelNotOffered : OWN_ORDER_ERRORS.cancelTooLate,
          409,
        );
      }
      return viewOfId(publicId, userId);
    },

    /** A completed or partial order (or `_MULTI` row) is refilled by its provider. */
    /** `alsoIn` writes in the refill's own transaction (the staff console's audit row). */
    async refill(
      publicId: string,
      userId: number,
      alsoIn?: (trx: Db) => Promise<void>,
    ): Promise<OwnOrderView> {
      const order = await mine(publicId, userId);
      const rows = await rowsOf(db, [order.id]);
      if (order.runs && rows.length) {
        await refillRuns(order, rows, alsoIn);
        return viewOfId(publicId, userId);
      }
      if (rows.length || (order.status !== 'COMPLETED' && order.status !== 'PARTIAL'))
        throw new AppError(OWN_ORDER_ERRORS.refillNotAllowed, 409);
      const latest = (await latestRefills(db, [order.id])).get(order.id);
      if (refillRunning(latest)) throw new AppError(OWN_ORDER_ERRORS.refillRunning, 409);
      if (!(await upstream.allows(order, 'refill')))
        throw new AppError(OWN_ORDER_ERRORS.refillNotOffered, 409);
      const answer = await upstream.refill(order);
      if (!answer.ok) {
        if (answer.reason === 'unavailable') throw new AppError(OWN_ORDER_ERRORS.providerDown, 503);
        throw new AppError(`${OWN_ORDER_ERRORS.refillNotAllowed}: ${answer.message}`, 409);
      }
      const at = now().toISOString();
      const noted = order.parent_id === null ? [order.id] : [order.id, order.parent_id];
      await db.transaction().execute(async (trx) => {
        await insertRefill(trx, {
          order_id: order.id,
          provider_refill_id: answer.value,
          status: 'Pending',
          at,
        });
        await lifecycle.record(trx, noted, order.status, at, `refill requested: ${answer.value}`);
        await alsoIn?.(trx);
      });
      return viewOfId(publicId, userId);
    },

    /** The latest refill of an order; a running one is asked of the provider first. */
    async refillStatus(publicId: string, userId: number): Promise<RefillView> {
      const order = await mine(publicId, userId);
      const latest = (await latestRefills(db, [order.id])).get(order.id);
      if (!latest) throw new AppError(OWN_ORDER_ERRORS.noRefill, 404);
      if (!refillRunning(latest)) return toRefillView(latest);
      if (order.runs) return runsRefillStatus(order, latest);
      const answer = await upstream.refillStatus(order, latest.provider_refill_id);
      if (!answer.ok || answer.value === latest.status) return toRefillView(latest);
      const at = now().toISOString();
      await setRefillStatus(db, latest.id, answer.value, at);
      return toRefillView({ ...latest, status: answer.value, updated_at: at });
    },

    /**
     * Average seconds from PAID to COMPLETED over our latest 500 completed orders of a
     * service, kept `averageCacheMs`.
     */
    averageTime,
  };
  return own;
}

export type OwnOrders = ReturnType<typeof createOwnOrders>;
