import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Logger } from '#server/lib/logger.ts';
import { type OwnOrderView, platformOfTag } from '#shared/orders.ts';
import type { CatalogService } from '../../catalog/catalog.service.ts';
import type { OrderLifecycle } from '../lifecycle/order-lifecycle.ts';
import { isWatching, type Subscriptions } from '../lifecycle/subscriptions.ts';
import { deliveryOf, progressOf, toOrderView } from '../order-views.ts';
import { rowsOf } from '../orders.repository.ts';
import type { OrderRefillRow, OrderRow, OrderSubscriptionRow } from '../orders.table.ts';
import type { OrderUpstream } from '../work/order-upstream.ts';
import {
  delivered,
  OWN_ORDER_ERRORS,
  refillRunning,
  runsDone,
  subscriptionView,
  toRefillView,
  unsubmitted,
} from './own-order-rules.ts';
import { latestRefills, ordersByIds, ownOrder } from './own-orders.repository.ts';
import type { createRunRefills } from './own-run-refills.ts';

/** What the buyer's own orders are made with. */
export interface OwnOrdersDeps {
  db: Db;
  lifecycle: OrderLifecycle;
  upstream: OrderUpstream;
  subscriptions: Subscriptions;
  catalog: CatalogService;
  logger: Logger;
  now: () => Date;
  averageCacheMs?: number;
}

/** The deps with the drip-feed runs' refills made from them (once, by the factory). */
export interface OwnOrdersContext extends OwnOrdersDeps {
  runRefills: ReturnType<typeof createRunRefills>;
}

async function canCancel(
  { upstream }: OwnOrdersContext,
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
async function canRefill(
  { upstream, runRefills }: OwnOrdersContext,
  row: OrderRow,
  rows: OrderRow[],
  refills: Map<number, OrderRefillRow>,
) {
  if (!delivered(row) || refillRunning(refills.get(row.id))) return false;
  if (!rows.length) return upstream.allows(row, 'refill');
  if (!row.runs) return false;
  return (await runRefills.refillableRuns(rows, refills)).length > 0;
}

async function viewOf(
  ctx: OwnOrdersContext,
  row: OrderRow,
  rows: OrderRow[],
  refills: Map<number, OrderRefillRow>,
  subs: Map<number, OrderSubscriptionRow> = new Map(),
  parent?: OrderRow,
): Promise<OwnOrderView> {
  const refill = refills.get(row.id);
  const sub = subs.get(row.id);
  const children = await Promise.all(rows.map((child) => viewOf(ctx, child, [], refills)));
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
    can_cancel: await canCancel(ctx, row, rows, sub),
    can_refill: await canRefill(ctx, row, rows, refills),
    refill: refill ? toRefillView(refill) : null,
  };
}

/** Orders as the buyer sees them, each with its rows, latest refills and subscription. */
export async function viewsOf(ctx: OwnOrdersContext, list: OrderRow[]): Promise<OwnOrderView[]> {
  const { db, subscriptions } = ctx;
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
        ctx,
        order,
        rows.filter((row) => row.parent_id === order.id),
        refills,
        subs,
        order.parent_id === null ? undefined : parents.get(order.parent_id),
      ),
    ),
  );
}

/** The user's order by its public id; someone else's is as missing as none. */
export async function mine(
  { db }: Pick<OwnOrdersDeps, 'db'>,
  publicId: string,
  userId: number,
): Promise<OrderRow> {
  const order = await ownOrder(db, publicId, userId);
  if (!order) throw new AppError(OWN_ORDER_ERRORS.notFound, 404);
  return order;
}

/** The order as the buyer sees it now (a `_MULTI` row through its parent's rows). */
export async function viewOfId(
  ctx: OwnOrdersContext,
  id: string,
  userId: number,
): Promise<OwnOrderView> {
  const [view] = await viewsOf(ctx, [await mine(ctx, id, userId)]);
  return view!;
}
