import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/lib/app-error.ts';
import { utcDayRange } from '#shared/day-range.ts';
import type { OwnOrderView, RefillView } from '#shared/orders.ts';
import { rowsOf } from '../orders.repository.ts';
import type { OrderRow } from '../orders.table.ts';
import { averageTimes } from './own-order-averages.ts';
import { cancelOwnOrder } from './own-order-cancel.ts';
import { createOrderNumbers } from './own-order-numbers.ts';
import {
  OWN_ORDER_ERRORS,
  type OwnOrdersQuery,
  refillRunning,
  subscriptionView,
  toRefillView,
} from './own-order-rules.ts';
import {
  mine,
  type OwnOrdersContext,
  type OwnOrdersDeps,
  viewOfId,
  viewsOf,
} from './own-order-views.ts';
import {
  insertRefill,
  latestRefills,
  type OrderFilter,
  ordersOfUser,
  setRefillStatus,
} from './own-orders.repository.ts';
import { createRunRefills } from './own-run-refills.ts';

export { OWN_ORDER_ERRORS, type OwnOrdersDeps, type OwnOrdersQuery, subscriptionView };

/** The buyer's orders, filtered and paged. */
export async function listOwnOrders(ctx: OwnOrdersContext, userId: number, query: OwnOrdersQuery) {
  const { db, catalog } = ctx;
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
    items: await viewsOf(ctx, rows),
    meta: { total, page: query.page, limit: query.limit },
  };
}

/**
 * A completed or partial order (or `_MULTI` row) is refilled by its provider. `alsoIn` writes
 * in the refill's own transaction (the staff console's audit row).
 */
export async function refillOwnOrder(
  ctx: OwnOrdersContext,
  publicId: string,
  userId: number,
  alsoIn?: (trx: Db) => Promise<void>,
): Promise<OwnOrderView> {
  const { db, upstream, lifecycle, now } = ctx;
  const order = await mine(ctx, publicId, userId);
  const rows = await rowsOf(db, [order.id]);
  if (order.runs && rows.length) {
    await ctx.runRefills.refillRuns(order, rows, alsoIn);
    return viewOfId(ctx, publicId, userId);
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
  return viewOfId(ctx, publicId, userId);
}

/** The latest refill of an order; a running one is asked of the provider first. */
export async function ownRefillStatus(
  ctx: OwnOrdersContext,
  publicId: string,
  userId: number,
): Promise<RefillView> {
  const { db, upstream, now } = ctx;
  const order = await mine(ctx, publicId, userId);
  const latest = (await latestRefills(db, [order.id])).get(order.id);
  if (!latest) throw new AppError(OWN_ORDER_ERRORS.noRefill, 404);
  if (!refillRunning(latest)) return toRefillView(latest);
  if (order.runs) return ctx.runRefills.runsRefillStatus(order, latest);
  const answer = await upstream.refillStatus(order, latest.provider_refill_id);
  if (!answer.ok || answer.value === latest.status) return toRefillView(latest);
  const at = now().toISOString();
  await setRefillStatus(db, latest.id, answer.value, at);
  return toRefillView({ ...latest, status: answer.value, updated_at: at });
}

/**
 * The buyer's own orders in the cabinet: the filtered list with each order's `_MULTI` rows,
 * what the buyer may still do, cancel and refill. A state change goes through the lifecycle
 * (refunds through the ledger there); the provider is asked through `upstream`.
 */
export function createOwnOrders(deps: OwnOrdersDeps) {
  const { db, lifecycle, upstream, logger, now, catalog } = deps;
  const ctx: OwnOrdersContext = {
    ...deps,
    runRefills: createRunRefills({ db, lifecycle, upstream, logger, now }),
  };
  return Object.freeze({
    viewOf: (id: string, userId: number) => viewOfId(ctx, id, userId),

    // the reseller API's view of the same orders: by number, refills by number, retry keys
    ...createOrderNumbers({
      db,
      now,
      viewsOf: (list: OrderRow[]) => viewsOf(ctx, list),
      mine: (publicId: string, userId: number) => mine(ctx, publicId, userId),
      toRefillView,
      refillStatus: (publicId: string, userId: number): Promise<RefillView> =>
        ownRefillStatus(ctx, publicId, userId),
      noRefill: OWN_ORDER_ERRORS.noRefill,
    }),

    list: (userId: number, query: OwnOrdersQuery) => listOwnOrders(ctx, userId, query),
    cancel: (publicId: string, userId: number) => cancelOwnOrder(ctx, publicId, userId),
    refill: (publicId: string, userId: number, alsoIn?: (trx: Db) => Promise<void>) =>
      refillOwnOrder(ctx, publicId, userId, alsoIn),
    refillStatus: (publicId: string, userId: number) => ownRefillStatus(ctx, publicId, userId),

    /**
     * Average seconds from PAID to COMPLETED over our latest 500 completed orders of a
     * service, kept `averageCacheMs`.
     */
    averageTime: averageTimes({ db, catalog, now, cacheMs: deps.averageCacheMs ?? 5 * 60_000 }),
  });
}

export type OwnOrders = ReturnType<typeof createOwnOrders>;
