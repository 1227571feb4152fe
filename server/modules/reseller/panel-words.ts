import type { OrderStatus, SubscriptionView } from '#shared/orders.ts';

/** Money of minor units as the panel protocol writes it: a decimal string. */
export const decimal = (minor: number, digits = 2) => (minor / 100).toFixed(digits);

/** Our order states in the protocol's words (docs/product.md §10). */
export function panelStatus(order: { status: OrderStatus; start_count: number | null }): string {
  switch (order.status) {
    case 'CREATED':
    case 'PAID':
      return 'Pending';
    case 'RUNNING':
      return order.start_count === null ? 'Processing' : 'In progress';
    case 'COMPLETED':
      return 'Completed';
    case 'PARTIAL':
      return 'Partial';
    default:
      return 'Canceled';
  }
}

/** What the protocol tells of an order's progress, in one place for every kind of order. */
export interface OrderProgress {
  status: OrderStatus;
  start_count: number | null;
  remains: number | null;
  count: number;
  cost: number;
  refunded: number;
  currency: string;
}

const SUBSCRIPTION_WORDS = {
  ACTIVE: 'Active',
  PAUSED: 'Paused',
  COMPLETED: 'Completed',
  CANCELED: 'Canceled',
} as const;

/** `2026-12-31` → `31/12/2026`, the panels' d/m/Y. */
const panelDate = (day: string) => day.split('-').reverse().join('/');

/**
 * A subscription (auto order) as panels answer `status` for one: its own state, its last day,
 * the posts ordered for and the numbers of their orders, with the charge so far.
 */
export function panelSubscriptionStatus(
  order: OrderProgress & {
    subscription: SubscriptionView;
    children: readonly { number: number }[];
  },
) {
  return {
    status: SUBSCRIPTION_WORDS[order.subscription.state],
    expiry: order.subscription.expiry ? panelDate(order.subscription.expiry) : null,
    posts: String(order.subscription.posts_placed),
    orders: order.children.map((child) => child.number),
    charge: decimal(order.cost - order.refunded, 5),
    currency: order.currency,
  };
}

/** An order as `status` answers it (a drip-feed's with its runs), as a status webhook tells it. */
export function panelOrderStatus(
  order: OrderProgress & { drip_feed?: { runs: number; runs_done: number } | null },
) {
  return {
    ...panelProgress(order),
    ...(order.drip_feed
      ? { runs: String(order.drip_feed.runs), runs_done: String(order.drip_feed.runs_done) }
      : {}),
  };
}

function panelProgress(order: OrderProgress) {
  return {
    charge: decimal(order.cost - order.refunded, 5),
    start_count: String(order.start_count ?? 0),
    status: panelStatus(order),
    remains: String(order.remains ?? (order.status === 'COMPLETED' ? 0 : order.count)),
    currency: order.currency,
  };
}
