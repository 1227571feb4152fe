import type { Db } from '#server/db/database.ts';
import type { Logger } from '#server/lib/logger.ts';
import { FINAL_ORDER_STATUSES } from '#shared/orders.ts';
import { ledger } from '../../ledger/ledger.service.ts';
import type { NotificationsService } from '../../notifications/notifications.service.ts';
import type { ReferralsService } from '../../referrals/referrals.service.ts';
import { progressOf } from '../order-views.ts';
import {
  addRefunded,
  childStatusesOf,
  countChildren,
  insertEvents,
  moveStatus,
  type OrderChanges,
  orderById,
  releaseRun,
  rowsOf,
  setParentStatus,
} from '../orders.repository.ts';
import type { OrderRow, OrderStatus } from '../orders.table.ts';
import { subscriptionsOf } from './subscriptions.repository.ts';

/** A drip-feed run not yet released: the run before it releases it when it is sent. */
export const RUN_HELD = '9999-12-31T00:00:00.000Z';

/** The states an order never leaves. */
export const FINAL_STATUSES = FINAL_ORDER_STATUSES;

/**
 * The share of a paid order that was delivered when it ends (1 completed, 0 canceled or
 * failed, the part not remaining for a partial one); null when the move is no such end.
 */
export function deliveredShare(
  from: OrderStatus,
  to: OrderStatus,
  order: Pick<OrderRow, 'remains' | 'count'>,
): number | null {
  if (from !== 'PAID' && from !== 'RUNNING') return null;
  if (to === 'COMPLETED') return 1;
  if (to === 'PARTIAL') return Math.max(0, 1 - (order.remains ?? 0) / Math.max(1, order.count));
  if (to === 'CANCELED' || to === 'ERROR') return 0;
  return null;
}

/** A `_MULTI` order's own status, from its rows': running until every row has ended. */
export function rolledUpStatus(rows: readonly OrderStatus[]): OrderStatus {
  if (rows.some((status) => !FINAL_STATUSES.includes(status))) return 'RUNNING';
  if (rows.every((status) => status === 'COMPLETED')) return 'COMPLETED';
  if (rows.every((status) => status === 'CANCELED' || status === 'ERROR')) return 'CANCELED';
  return 'PARTIAL';
}

/**
 * The legal moves of an order (docs/product.md §5): paid or expired once created, submitted,
 * refused or canceled once paid, ended once running; an ended order never moves again. A
 * `_MULTI` order's own status follows its rows (`rolledUpStatus`), outside this table.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  CREATED: ['PAID', 'EXPIRED'],
  PAID: ['RUNNING', 'CANCELED', 'ERROR'],
  RUNNING: ['COMPLETED', 'PARTIAL', 'CANCELED', 'ERROR'],
  COMPLETED: [],
  PARTIAL: [],
  CANCELED: [],
  EXPIRED: [],
  ERROR: [],
};

/** A move the table does not allow: a bug of the caller, never a buyer's doing. */
export class IllegalTransitionError extends Error {
  constructor(from: OrderStatus, to: OrderStatus) {
    super(`An order cannot move from ${from} to ${to}`);
    this.name = 'IllegalTransitionError';
  }
}

export interface Transition {
  /** an order and, for a `_MULTI` order moving as one, its rows */
  ids: number[];
  from: OrderStatus;
  to: OrderStatus;
  at: string;
  note?: string | null;
  /** columns that change with the status (provider progress, lease release) */
  set?: OrderChanges;
  /** only orders no worker has begun to submit move (a buyer's cancel of a paid order) */
  unsubmitted?: boolean;
}

/** An order's change as its buyer's other listeners hear it (resellers' status webhooks). */
export interface OrderStatusChange {
  userId: number;
  /** the order's number (the reseller API's id) */
  order: number;
  previous: { status: OrderStatus; start_count: number | null };
  now: ReturnType<typeof progressOf>;
  at: string;
}

/** Told of every change inside the transaction that makes it (an outbox writer, no I/O). */
export type OrderStatusListener = (trx: Db, change: OrderStatusChange) => Promise<void>;

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;

/** What createOrderLifecycle is made with. */
export interface LifecycleDeps {
  notifications: NotificationsService;
  referrals: ReferralsService;
  logger: Logger;
  onStatus?: OrderStatusListener;
}

/** What the functions below work with: the dependencies. */
export function lifecycleContext({ notifications, referrals, logger, onStatus }: LifecycleDeps) {
  return { notifications, referrals, logger, onStatus };
}

export type LifecycleContext = ReturnType<typeof lifecycleContext>;

/** What a row stands for of the price paid, and the order that paid it. */
export async function paidShareOf(
  trx: Db,
  row: OrderRow,
): Promise<{ value: number; payer: OrderRow }> {
  if (row.parent_id === null) return { value: Number(row.cost), payer: row };
  const parent = await orderById(trx, row.parent_id);
  if (!parent) throw new Error(`order row ${row.id} has no parent ${row.parent_id}`);
  // a row paid on its own (a post order of a subscription for every new post) is its cost
  if (Number(row.cost) > 0) return { value: Number(row.cost), payer: parent };
  // a subscription's post orders share its posts, a drip-feed's runs share its runs
  const shares = parent.posts ?? parent.runs ?? (await countChildren(trx, parent.id));
  return { value: Math.floor(Number(parent.cost) / Math.max(1, shares)), payer: parent };
}

/** what a notification of this order names: its quantity and service */
export function about(row: OrderRow) {
  return { count: row.count, tag: row.tag };
}

export async function consequences(
  { notifications, referrals, logger }: LifecycleContext,
  trx: Db,
  row: OrderRow,
  from: OrderStatus,
  to: OrderStatus,
  at: string,
) {
  const { value, payer } = await paidShareOf(trx, row);
  const delivered = deliveredShare(from, to, row);
  if (delivered === null || delivered >= 1) {
    if (payer.user_id !== null)
      await notifications.notify(trx, {
        userId: payer.user_id,
        type: `order.${to}`,
        data: { order: payer.public_id, status: to, ...about(row) },
      });
  } else {
    // the undelivered share goes back, once (a transition happens once)
    const refund = Math.round(value * (1 - delivered));
    if (refund > 0 && payer.user_id !== null) {
      await ledger.refund(trx, {
        userId: payer.user_id,
        amount: refund,
        orderId: payer.id,
        note: `${to.toLowerCase()}: ${row.public_id}`,
        at,
      });
      await addRefunded(trx, row.id, refund);
    } else if (refund > 0) {
      // a guest has no balance: the operator refunds the card
      await insertEvents(
        trx,
        [row.id],
        to,
        at,
        `refund due to the buyer: ${refund} ${payer.currency}`,
      );
      logger.warn({ order: row.public_id, refund, currency: payer.currency }, 'guest refund due');
    }
    if (payer.user_id !== null)
      await notifications.notify(trx, {
        userId: payer.user_id,
        type: `order.${to}`,
        data: {
          order: payer.public_id,
          status: to,
          ...about(row),
          amount: refund,
          currency: payer.currency,
        },
      });
  }
  if (delivered !== null && delivered > 0 && payer.user_id !== null)
    await referrals.rewardDelivery(trx, {
      buyerId: payer.user_id,
      deliveredValue: value * delivered,
      currency: payer.currency,
      orderId: payer.id,
      orderPublicId: payer.public_id,
      rowPublicId: row.public_id,
      at,
    });
}

/** Tells the listener where a buyer's order (not a `_MULTI` row) stands now. */
export async function announce(
  { onStatus }: LifecycleContext,
  trx: Db,
  orderId: number,
  previous: OrderStatusChange['previous'],
  at: string,
) {
  if (!onStatus) return;
  const order = await orderById(trx, orderId);
  if (!order || order.user_id === null || order.parent_id !== null) return;
  const rows = await rowsOf(trx, [order.id]);
  await onStatus(trx, {
    userId: order.user_id,
    order: order.id,
    previous,
    now: progressOf(order, rows),
    at,
  });
}

export async function rollUp(ctx: LifecycleContext, trx: Db, parentId: number, at: string) {
  const watching = (await subscriptionsOf(trx, [parentId])).get(parentId);
  // a subscription runs while it watches its account, whatever its post orders did
  const next =
    watching?.state === 'ACTIVE' || watching?.state === 'PAUSED'
      ? 'RUNNING'
      : rolledUpStatus(await childStatusesOf(trx, parentId));
  const before = await orderById(trx, parentId);
  if (await setParentStatus(trx, parentId, next, at)) {
    await insertEvents(trx, [parentId], next, at, 'follows its links');
    if (before)
      await announce(
        ctx,
        trx,
        parentId,
        { status: before.status, start_count: before.start_count },
        at,
      );
  }
}

/** A drip-feed run left PAID (sent, refused): the next run is due `interval` from now. */
export async function releaseNextRun(trx: Db, row: OrderRow, at: string) {
  const parent = await orderById(trx, row.parent_id!);
  if (!parent?.runs || !parent.run_interval) return;
  await releaseRun(
    trx,
    parent.id,
    RUN_HELD,
    new Date(Date.parse(at) + parent.run_interval * 60_000).toISOString(),
  );
}

/**
 * Moves the orders still in `from` to `to` with all that goes with it; answers them. A move
 * ORDER_TRANSITIONS does not allow throws before anything is written.
 */
export async function transition(
  ctx: LifecycleContext,
  trx: Db,
  { ids, from, to, at, note = null, set = {}, unsubmitted = false }: Transition,
) {
  if (!ORDER_TRANSITIONS[from]?.includes(to)) throw new IllegalTransitionError(from, to);
  const moved = await moveStatus(
    trx,
    ids,
    from,
    { ...set, status: to, updated_at: at },
    { unsubmitted },
  );
  await insertEvents(
    trx,
    moved.map((row) => row.id),
    to,
    at,
    note,
  );
  const movedIds = new Set(moved.map((row) => row.id));
  for (const row of moved) {
    // rows that moved with their _MULTI order: the order speaks for them
    if (row.parent_id !== null && movedIds.has(row.parent_id)) continue;
    await consequences(ctx, trx, row, from, to, at);
    if (row.parent_id !== null && from === 'PAID') await releaseNextRun(trx, row, at);
    if (row.parent_id !== null) await rollUp(ctx, trx, row.parent_id, at);
    else await announce(ctx, trx, row.id, { status: from, start_count: null }, at);
  }
  return moved;
}

/** A running order's provider has begun (its start count is known): "In progress". */
export async function started(ctx: LifecycleContext, trx: Db, orderId: number, at: string) {
  await announce(ctx, trx, orderId, { status: 'RUNNING', start_count: null }, at);
}

/** A history row without a change of state (a failed payment, a submit left for a check). */
export async function record(
  trx: Db,
  ids: number[],
  status: OrderStatus,
  at: string,
  note: string,
) {
  await insertEvents(trx, ids, status, at, note);
}

/**
 * The one place an order changes state: payment settlement, expiry, submit and
 * sync all come through `transition`, inside the caller's transaction. For each order that
 * really moved (still in `from`), it writes the history row, gives the undelivered share of
 * an ended paid order back through the ledger, pays the referrer's bonus on what was
 * delivered, tells the buyer, and rolls a `_MULTI` order's status up from its rows.
 */
export function createOrderLifecycle(deps: LifecycleDeps) {
  const ctx = lifecycleContext(deps);
  return Object.freeze({
    /** A parent's status from its rows again (a subscription that stopped watching). */
    rollUp: (trx: Db, parentId: number, at: string) => rollUp(ctx, trx, parentId, at),
    transition: (trx: Db, options: Transition) => transition(ctx, trx, options),
    started: (trx: Db, orderId: number, at: string) => started(ctx, trx, orderId, at),
    record: (trx: Db, ids: number[], status: OrderStatus, at: string, note: string) =>
      record(trx, ids, status, at, note),
  });
}
