import { AppError } from '#server/lib/app-error.ts';
import type { OwnOrderView } from '#shared/orders.ts';
import { isWatching } from '../lifecycle/subscriptions.ts';
import { rowsOf } from '../orders.repository.ts';
import type { OrderRow } from '../orders.table.ts';
import { OWN_ORDER_ERRORS, unsubmitted } from './own-order-rules.ts';
import { mine, type OwnOrdersContext, viewOfId } from './own-order-views.ts';

/** Ends an order the provider has ended already (a cancel it took at once). */
async function syncNow({ db, upstream, lifecycle, now }: OwnOrdersContext, leaf: OrderRow) {
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

/**
 * The buyer cancels: a paid order no worker has begun to send ends CANCELED at once (all
 * its rows with it, fully refunded); a running one is asked of its provider where the
 * service allows it, and ends (with the undelivered share refunded) when the provider
 * says so. The lifecycle moves an order only from the state it is in, so two cancels
 * never refund twice.
 */
export async function cancelOwnOrder(
  ctx: OwnOrdersContext,
  publicId: string,
  userId: number,
): Promise<OwnOrderView> {
  const { db, subscriptions, lifecycle, now } = ctx;
  const order = await mine(ctx, publicId, userId);
  // a watching subscription stops: its unused posts and unsent post orders come back
  if (isWatching((await subscriptions.of([order.id])).get(order.id))) {
    if (!(await subscriptions.cancel(order.id)))
      throw new AppError(OWN_ORDER_ERRORS.cancelTooLate, 409);
    return viewOfId(ctx, publicId, userId);
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
    return viewOfId(ctx, publicId, userId);
  }
  if (order.status !== 'RUNNING') throw new AppError(OWN_ORDER_ERRORS.cancelTooLate, 409);
  await cancelRunning(ctx, order, rows, at);
  return viewOfId(ctx, publicId, userId);
}

/**
 * A running order's cancel: each row not sent yet ends at once, each running one is asked of
 * its provider where the service allows it; none taken is the refusal's error.
 */
async function cancelRunning(
  ctx: OwnOrdersContext,
  order: OrderRow,
  rows: OrderRow[],
  at: string,
): Promise<void> {
  const { db, upstream, lifecycle, logger } = ctx;
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
    await syncNow(ctx, leaf);
  }
  if (!done) {
    if (down) throw new AppError(OWN_ORDER_ERRORS.providerDown, 503);
    throw new AppError(
      notOffered ? OWN_ORDER_ERRORS.cancelNotOffered : OWN_ORDER_ERRORS.cancelTooLate,
      409,
    );
  }
}
