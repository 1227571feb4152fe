import type { RefillView, SubscriptionView } from '#shared/orders.ts';
import type { Platform } from '#shared/platforms.ts';
import type {
  OrderRefillRow,
  OrderRow,
  OrderStatus,
  OrderSubscriptionRow,
} from '../orders.table.ts';

/** What own orders read off a row: its refill's state, its runs, its subscription's view. */

export const OWN_ORDER_ERRORS = {
  notFound: 'Order not found',
  cancelTooLate: 'This order can no longer be canceled',
  cancelNotOffered: 'This service cannot be canceled',
  refillNotAllowed: 'This order cannot be refilled',
  refillNotOffered: 'This service cannot be refilled',
  refillRunning: 'A refill of this order is still running',
  noRefill: 'This order has no refill',
  providerDown: 'The provider cannot be reached: try again in a few minutes',
} as const;

/** What the cabinet's list asks for (GET c_orders, already checked). */
export interface OwnOrdersQuery {
  page: number;
  limit: number;
  statuses?: OrderStatus[];
  platform?: Platform;
  tag?: string;
  q?: string;
  /** YYYY-MM-DD, UTC, both ends included */
  from?: string;
  to?: string;
  costMin?: number;
  costMax?: number;
}

/** Ended with something delivered: what a provider refills. */
export const delivered = (row: OrderRow) => row.status === 'COMPLETED' || row.status === 'PARTIAL';

/** A refill's words that mean it is over (panels differ in case and spelling). */
const REFILL_ENDS = new Set(['completed', 'rejected', 'canceled', 'cancelled', 'error', 'partial']);
const refillWord = (status: string) => status.toLowerCase().replace(/\s+/g, '');
export const refillEnded = (status: string) => REFILL_ENDS.has(refillWord(status));
export const refillRunning = (refill: OrderRefillRow | undefined) =>
  Boolean(refill) && !refillEnded(refill!.status);

/**
 * A drip-feed order's refill, in the protocol's words, from its runs' refills: `Pending` while
 * none has begun, `In progress` while some run, then `Completed` when any completed (or was
 * partly done) and `Rejected` when every one was turned down; null with no run's refill.
 */
export function refillOfRuns(statuses: readonly string[]): string | null {
  if (!statuses.length) return null;
  const words = statuses.map(refillWord);
  if (words.some((word) => !REFILL_ENDS.has(word)))
    return words.every((word) => word === 'pending') ? 'Pending' : 'In progress';
  return words.some((word) => word === 'completed' || word === 'partial')
    ? 'Completed'
    : 'Rejected';
}

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
  // a pause without a reason (before migration 0025) was for the account
  paused_for: sub.state === 'PAUSED' ? (sub.paused_for ?? 'account') : null,
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
