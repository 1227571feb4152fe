import type { RefillView, SubscriptionView } from '../../../shared/orders.ts';
import type { OrderRefillRow, OrderRow, OrderSubscriptionRow } from './orders.table.ts';

/** What own orders read off a row: its refill's state, its runs, its subscription's view. */

/** A refill's words that mean it is over (panels differ in case and spelling). */
const REFILL_ENDS = new Set(['completed', 'rejected', 'canceled', 'cancelled', 'error', 'partial']);
export const refillRunning = (refill: OrderRefillRow | undefined) =>
  Boolean(refill) && !REFILL_ENDS.has(refill!.status.toLowerCase().replace(/\s+/g, ''));

/** How many runs of a drip-feed order have gone to the provider. */
export const runsDone = (rows: readonly OrderRow[]) =>
  rows.filter((row) => row.submit_started_at !== null || row.provider_order_id !== null).length;

export const subscriptionView = (sub: OrderSubscriptionRow): SubscriptionView => ({
  state: sub.state,
  username: sub.username,
  min: sub.min,
  max: sub.max,
  posts: sub.posts,
  posts_placed: sub.posts_placed,
  old_posts: sub.old_posts,
  delay: sub.delay,
  expiry: sub.expiry?.slice(0, 10) ?? null,
});

/** Not yet on its way to a provider: no worker recorded a submit. */
export const unsubmitted = (row: OrderRow) =>
  row.status === 'PAID' && row.submit_started_at === null && row.provider_order_id === null;

export const toRefillView = (row: OrderRefillRow): RefillView => ({
  id: row.provider_refill_id,
  status: row.status,
  created_at: row.created_at,
  updated_at: row.updated_at,
});
