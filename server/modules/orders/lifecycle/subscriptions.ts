import type { Db } from '#server/db/database.ts';
import type {
  AccountWatcher,
  WatchedPost,
} from '#server/integrations/providers/account-watcher.ts';
import { newPublicId } from '#server/lib/ids.ts';
import type { Logger } from '#server/lib/logger.ts';
import { platformOfTag } from '#shared/orders.ts';
import { ledger } from '../../ledger/ledger.service.ts';
import type { NotificationsService } from '../../notifications/notifications.service.ts';
import {
  addRefunded,
  insertEvents,
  insertOrderRows,
  orderById,
  rowsOf,
} from '../orders.repository.ts';
import type { OrderRow, OrderSubscriptionRow } from '../orders.table.ts';
import type { Lease } from '../work/order-work.ts';
import type { OrderLifecycle } from './order-lifecycle.ts';
import { openSubscriptions } from './subscription-funds.ts';
import { isOpen, isWatching, PAUSED_FOR_FUNDS, RELEASED, WATCHING } from './subscription-states.ts';
import {
  leaseDueSubscriptions,
  subscriptionsOf,
  updateSubscription,
} from './subscriptions.repository.ts';

export { isOpen, isWatching, PAUSED_FOR_FUNDS };

export type Subscriptions = ReturnType<typeof createSubscriptions>;

/** What subscriptions are made with. */
export interface SubscriptionsDeps {
  db: Db;
  lifecycle: OrderLifecycle;
  notifications: NotificationsService;
  logger: Logger;
  now: () => Date;
  random: () => number;
}

/** The deps with the open subscriptions' charging made from them (once, by the factory). */
interface SubscriptionsContext extends SubscriptionsDeps, ReturnType<typeof openSubscriptions> {}

/** Gives back the share of the posts never ordered (a guest's is logged for the operator). */
async function refundUnused(
  { logger }: SubscriptionsDeps,
  trx: Db,
  order: OrderRow,
  sub: OrderSubscriptionRow,
  at: string,
) {
  const unused = sub.posts - sub.posts_placed;
  if (unused <= 0) return;
  const cost = Number(order.cost);
  const refund = cost - Math.floor(cost / sub.posts) * sub.posts_placed;
  if (order.user_id === null) {
    await insertEvents(
      trx,
      [order.id],
      order.status,
      at,
      `refund due: ${refund} ${order.currency}`,
    );
    logger.warn({ order: order.public_id, refund }, 'guest refund due');
    return;
  }
  await ledger.refund(trx, {
    userId: order.user_id,
    amount: refund,
    orderId: order.id,
    note: `${unused} unused posts: ${order.public_id}`,
    at,
  });
  await addRefunded(trx, order.id, refund);
  await insertEvents(trx, [order.id], order.status, at, `${unused} unused posts refunded`);
}

/**
 * Stops watching: `COMPLETED` (all posts ordered, or expired) or `CANCELED` (the buyer).
 * With no post ordered the order itself ends CANCELED, all of it refunded; otherwise the
 * unused posts are refunded, a canceled subscription's post orders not yet sent are
 * canceled, and the order follows its post orders to the end.
 */
async function end(
  deps: SubscriptionsDeps,
  orderId: number,
  state: 'COMPLETED' | 'CANCELED',
  note: string,
) {
  const { db, lifecycle, now } = deps;
  const at = now().toISOString();
  return db.transaction().execute(async (trx) => {
    const order = await orderById(trx, orderId);
    const sub = (await subscriptionsOf(trx, [orderId])).get(orderId);
    if (!order || !sub) return false;
    if (!(await updateSubscription(trx, orderId, { state, updated_at: at, ...RELEASED }, WATCHING)))
      return false;
    if (order.status !== 'PAID' && order.status !== 'RUNNING') return true;
    if (sub.posts_placed === 0) {
      await lifecycle.transition(trx, {
        ids: [orderId],
        from: order.status,
        to: 'CANCELED',
        at,
        note,
      });
      return true;
    }
    await refundUnused(deps, trx, order, sub, at);
    if (state === 'CANCELED') {
      const waiting = (await rowsOf(trx, [orderId])).filter(
        (row) => row.status === 'PAID' && row.submit_started_at === null,
      );
      if (waiting.length)
        await lifecycle.transition(trx, {
          ids: waiting.map((row) => row.id),
          from: 'PAID',
          to: 'CANCELED',
          at,
          note,
          unsubmitted: true,
        });
    }
    await insertEvents(trx, [orderId], order.status, at, note);
    await lifecycle.rollUp(trx, orderId, at);
    return true;
  });
}

/** The posts a look at the account orders for: new ones, and the latest old ones asked. */
function postsToOrder(sub: OrderSubscriptionRow, posts: WatchedPost[]): WatchedPost[] {
  // an open subscription's cursor stops at the last post it paid for: all after it are due
  if (isOpen(sub) && sub.cursor !== null) return posts;
  const isNew = (post: WatchedPost) => post.published >= sub.created_at;
  const old = sub.cursor === null ? posts.filter((post) => !isNew(post)) : [];
  const taken = [...old.slice(Math.max(0, old.length - sub.old_posts)), ...posts.filter(isNew)];
  return isOpen(sub) ? taken : taken.slice(0, sub.posts - sub.posts_placed);
}

/**
 * Post orders for `posts`, each due `delay` after its post: paid through the subscription,
 * or, for an open one, each its own `cost` (charged by the caller).
 */
async function placePostOrders(
  { random }: SubscriptionsDeps,
  trx: Db,
  order: OrderRow,
  sub: OrderSubscriptionRow,
  posts: WatchedPost[],
  at: string,
  cost = 0,
) {
  const began = Date.parse(sub.created_at);
  const ids = await insertOrderRows(
    trx,
    posts.map((post) => ({
      ...{ user_id: order.user_id, email: order.email, service_id: order.service_id },
      ...{ tag: order.tag, client: order.client, currency: order.currency, lang: order.lang },
      ...{ method_id: order.method_id, region_value: order.region_value, test: order.test },
      public_id: newPublicId(),
      parent_id: order.id,
      link: post.link,
      quantity: sub.min,
      posts: null,
      count: sub.min + Math.floor(random() * (sub.max - sub.min + 1)),
      cost,
      discount: 0,
      payment_id: null,
      status: 'PAID' as const,
      start_count: null,
      remains: null,
      provider_order_id: null,
      next_attempt_at: new Date(
        Math.max(Date.parse(post.published), began) + sub.delay * 60_000,
      ).toISOString(),
      created_at: at,
      updated_at: at,
    })),
  );
  await insertEvents(trx, ids, 'PAID', at, 'a new post of the watched account');
}

/** One look at one subscription's account. */
async function watch(
  ctx: SubscriptionsContext,
  leased: OrderSubscriptionRow,
  watcher: AccountWatcher,
  checkEveryMs: number,
) {
  const { db, lifecycle, logger, now, covers, orderOneByOne } = ctx;
  let sub = leased;
  const at = now().toISOString();
  const next = { next_check_at: new Date(Date.parse(at) + checkEveryMs).toISOString() };
  const order = await orderById(db, sub.order_id);
  if (!order) return 'gone';
  if (sub.expiry && sub.expiry < at) {
    await end(ctx, order.id, 'COMPLETED', 'the subscription expired');
    return 'ended';
  }
  if (order.status === 'PAID')
    await db.transaction().execute((trx) =>
      lifecycle.transition(trx, {
        ids: [order.id],
        from: 'PAID',
        to: 'RUNNING',
        at,
        note: `watching ${sub.username}`,
      }),
    );
  if (sub.state === 'PAUSED' && sub.paused_for === 'funds') {
    // paused for funds: it goes on once the balance pays for the next post order
    if (!(await covers(order, sub))) {
      await updateSubscription(db, order.id, { ...next, ...RELEASED });
      return 'paused';
    }
    await db.transaction().execute(async (trx) => {
      await updateSubscription(
        trx,
        order.id,
        { state: 'ACTIVE', paused_for: null, updated_at: at },
        ['PAUSED'],
      );
      await lifecycle.record(
        trx,
        [order.id],
        'RUNNING',
        at,
        'resumed: the balance covers the next post order',
      );
    });
    sub = { ...sub, state: 'ACTIVE', paused_for: null };
  }
  const answer = await watcher.postsSince(
    { username: sub.username, platform: platformOfTag(order.tag) ?? 'instagram' },
    sub.cursor,
  );
  if (!answer.ok) {
    if (answer.reason === 'hidden' && sub.state === 'ACTIVE')
      await db.transaction().execute(async (trx) => {
        await updateSubscription(
          trx,
          order.id,
          { state: 'PAUSED', paused_for: 'account', updated_at: at },
          ['ACTIVE'],
        );
        await lifecycle.record(trx, [order.id], 'RUNNING', at, `paused: ${answer.message}`);
      });
    else logger.warn({ order: order.public_id, answer }, 'account watch failed');
    await updateSubscription(db, order.id, { ...next, ...RELEASED });
    return 'paused';
  }
  const posts = postsToOrder(sub, answer.posts);
  if (isOpen(sub)) return orderOneByOne(order, sub, posts, answer.posts, at, next);
  const cursor = answer.posts.at(-1)?.id ?? sub.cursor;
  const placed = sub.posts_placed + posts.length;
  await db.transaction().execute(async (trx) => {
    const running = { ...order, status: 'RUNNING' as const };
    if (posts.length) await placePostOrders(ctx, trx, running, sub, posts, at);
    if (sub.state === 'PAUSED')
      await lifecycle.record(trx, [order.id], 'RUNNING', at, 'the account is visible again');
    await updateSubscription(trx, order.id, {
      ...{ state: 'ACTIVE', paused_for: null, cursor, posts_placed: placed, updated_at: at },
      ...next,
      ...RELEASED,
    });
  });
  if (placed >= sub.posts) await end(ctx, order.id, 'COMPLETED', 'every post ordered');
  return posts.length ? 'ordered' : 'watched';
}

/** One round of looking at the accounts of watching subscriptions that are due. */
export async function watchDue(
  ctx: SubscriptionsContext,
  {
    watcher,
    lease,
    checkEveryMs,
    limit = 100,
  }: {
    watcher: AccountWatcher;
    lease: Lease;
    checkEveryMs: number;
    limit?: number;
  },
) {
  const { db, logger, now } = ctx;
  const at = now();
  const due = await leaseDueSubscriptions(db, {
    now: at.toISOString(),
    owner: lease.owner,
    until: new Date(at.getTime() + lease.leaseMs).toISOString(),
    limit,
  });
  const counts: Record<string, number> = {};
  for (const sub of due) {
    const outcome = await watch(ctx, sub, watcher, checkEveryMs).catch(async (error: unknown) => {
      logger.error({ err: error, order: sub.order_id }, 'subscription watch failed');
      await updateSubscription(db, sub.order_id, RELEASED);
      return 'failed';
    });
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
}

/**
 * Auto orders as panels' subscriptions (docs/api.md, subscriptions): paid up front for `posts` posts
 * at the average of min and max, the order watches its account, and each new post (and the
 * latest `old_posts` before it began) gets a post order of min..max units `delay` minutes
 * after it was published, until `posts` are ordered or `expiry` passes. The unused posts'
 * share goes back when it ends or is canceled; the post orders are its rows, sent and
 * followed by fulfilment like any order, each refunding its own undelivered share.
 *
 * A subscription without a post count (posts 0, the reseller API's) orders for every new post
 * until `expiry` or a cancel. Nothing is paid ahead: each post order is charged its
 * `post_cost` from the balance in the transaction that places it (and the subscription's
 * cost grows by it); a balance that falls short pauses it (`paused_for` funds) and tells the
 * buyer, and a later look resumes it once the balance covers the next post order. The posts
 * published meanwhile are ordered for then (the cursor stays at the last one paid for).
 */
export function createSubscriptions({
  random = Math.random,
  ...rest
}: Omit<SubscriptionsDeps, 'random'> & { random?: () => number }) {
  const deps: SubscriptionsDeps = { ...rest, random };
  const { db, lifecycle, notifications } = deps;
  const ctx: SubscriptionsContext = {
    ...deps,
    ...openSubscriptions({
      db,
      lifecycle,
      notifications,
      placePostOrders: (trx, order, sub, posts, at, cost) =>
        placePostOrders(deps, trx, order, sub, posts, at, cost),
    }),
  };
  return Object.freeze({
    /** One round of looking at the accounts of watching subscriptions that are due. */
    watchDue: (options: {
      watcher: AccountWatcher;
      lease: Lease;
      checkEveryMs: number;
      limit?: number;
    }) => watchDue(ctx, options),

    /** The buyer cancels a watching subscription; false when it no longer watches. */
    cancel: (orderId: number) => end(deps, orderId, 'CANCELED', 'canceled by the buyer'),

    /** Subscriptions of these orders, by order id. */
    of: (orderIds: readonly number[]) => subscriptionsOf(db, orderIds),
  });
}
