import type { Db } from '#server/db/database.ts';
import type { WatchedPost } from '#server/integrations/providers/account-watcher.ts';
import { AppError } from '#server/lib/app-error.ts';
import { ledger } from '../../ledger/ledger.service.ts';
import type { NotificationsService } from '../../notifications/notifications.service.ts';
import { publicUserById } from '../../users/users.service.ts';
import { addCost } from '../orders.repository.ts';
import type { OrderRow, OrderSubscriptionRow } from '../orders.table.ts';
import type { OrderLifecycle } from './order-lifecycle.ts';
import { PAUSED_FOR_FUNDS, RELEASED, WATCHING } from './subscription-states.ts';
import { updateSubscription } from './subscriptions.repository.ts';

/**
 * An open subscription's money (docs/api.md, subscriptions): nothing is paid ahead; each post
 * order is charged from the balance in the transaction that places it, and the first the
 * balance cannot pay pauses the subscription and tells the buyer.
 */
export function openSubscriptions({
  db,
  lifecycle,
  notifications,
  placePostOrders,
}: {
  db: Db;
  lifecycle: OrderLifecycle;
  notifications: NotificationsService;
  /** the post orders of `posts`, each its own `cost` (subscriptions.ts) */
  placePostOrders: (
    trx: Db,
    order: OrderRow,
    sub: OrderSubscriptionRow,
    posts: WatchedPost[],
    at: string,
    cost?: number,
  ) => Promise<void>;
}) {
  /** Whether the buyer's balance pays for an open subscription's next post order. */
  async function covers(order: OrderRow, sub: OrderSubscriptionRow): Promise<boolean> {
    const user = order.user_id === null ? null : await publicUserById(db, order.user_id);
    return user !== null && user.balance >= Number(sub.post_cost ?? 0);
  }

  /** An open subscription the balance cannot pay for stops ordering and tells the buyer. */
  async function pauseForFunds(
    order: OrderRow,
    sub: OrderSubscriptionRow,
    at: string,
    changes: { cursor: string | null; posts_placed: number; next_check_at: string },
  ) {
    await db.transaction().execute(async (trx) => {
      const paused = await updateSubscription(
        trx,
        order.id,
        { ...changes, state: 'PAUSED', paused_for: 'funds', updated_at: at, ...RELEASED },
        WATCHING,
      );
      if (!paused) return;
      await lifecycle.record(
        trx,
        [order.id],
        'RUNNING',
        at,
        'paused: the balance does not cover the next post order',
      );
      if (order.user_id !== null)
        await notifications.notify(trx, {
          userId: order.user_id,
          type: PAUSED_FOR_FUNDS,
          data: {
            order: order.public_id,
            tag: order.tag,
            amount: Number(sub.post_cost ?? 0),
            currency: order.currency,
          },
        });
    });
  }

  /**
   * An open subscription orders for `posts` one by one, each post order charged from the
   * balance in the transaction that places it; the first the balance cannot pay pauses it.
   */
  async function orderOneByOne(
    order: OrderRow,
    sub: OrderSubscriptionRow,
    posts: WatchedPost[],
    seen: WatchedPost[],
    at: string,
    next: { next_check_at: string },
  ) {
    const running = { ...order, status: 'RUNNING' as const };
    const cost = Number(sub.post_cost ?? 0);
    let cursor = sub.cursor;
    let placed = sub.posts_placed;
    for (const post of posts) {
      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          // a subscription canceled meanwhile orders nothing more
          const watching = await updateSubscription(
            trx,
            order.id,
            { cursor: post.id, posts_placed: placed + 1, updated_at: at },
            WATCHING,
          );
          if (!watching) return 'stopped' as const;
          await placePostOrders(trx, running, sub, [post], at, cost);
          await ledger.debit(trx, {
            userId: order.user_id!,
            amount: cost,
            orderId: order.id,
            note: `post order: ${order.public_id}`,
            at,
          });
          await addCost(trx, order.id, cost);
          return 'placed' as const;
        })
        .catch((error: unknown) => {
          // the ledger's debit found the balance short: nothing of this post order was kept
          if (error instanceof AppError && error.statusCode === 402) return 'short' as const;
          throw error;
        });
      if (outcome === 'stopped') return 'ended';
      if (outcome === 'short') {
        await pauseForFunds(order, sub, at, { cursor, posts_placed: placed, ...next });
        return 'short';
      }
      cursor = post.id;
      placed += 1;
    }
    await db.transaction().execute(async (trx) => {
      if (sub.state === 'PAUSED')
        await lifecycle.record(trx, [order.id], 'RUNNING', at, 'the account is visible again');
      await updateSubscription(
        trx,
        order.id,
        {
          ...{ state: 'ACTIVE', paused_for: null, cursor: seen.at(-1)?.id ?? cursor },
          ...{ posts_placed: placed, updated_at: at },
          ...next,
          ...RELEASED,
        },
        WATCHING,
      );
    });
    return posts.length ? 'ordered' : 'watched';
  }

  return { covers, orderOneByOne };
}
