/** Orders and payments as the API shows them (docs/product.md §5, Payments). */

import { PLATFORMS, type Platform } from './platforms.ts';

export type OrderStatus =
  | 'CREATED'
  | 'PAID'
  | 'RUNNING'
  | 'COMPLETED'
  | 'PARTIAL'
  | 'CANCELED'
  | 'EXPIRED'
  | 'ERROR';

export const ORDER_STATUSES: readonly OrderStatus[] = [
  'CREATED',
  'PAID',
  'RUNNING',
  'COMPLETED',
  'PARTIAL',
  'CANCELED',
  'EXPIRED',
  'ERROR',
];

/** The states an order never leaves. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = [
  'COMPLETED',
  'PARTIAL',
  'CANCELED',
  'ERROR',
  'EXPIRED',
];

export const isFinalStatus = (status: OrderStatus): boolean =>
  FINAL_ORDER_STATUSES.includes(status);

export interface OrderView {
  /** the public id: the receipt link's handle */
  id: string;
  tag: string;
  link: string;
  quantity: number;
  posts: number | null;
  count: number;
  currency: string;
  /** minor units */
  cost: number;
  discount: number;
  status: OrderStatus;
  test: boolean;
  created_at: string;
}

/** An order in the buyer's cabinet: progress, `_MULTI` rows and what the buyer may still do. */
export interface OwnOrderView extends OrderView {
  /** the order's number, as the reseller API (`/api/v2`) answered it: what support asks for */
  number: number;
  updated_at: string;
  /** the platform of the service (null for staff test services) */
  platform: Platform | null;
  /** what the provider counted before it started; null until it starts */
  start_count: number | null;
  /** units still to deliver, as the provider last said; null until it says */
  remains: number | null;
  /** units delivered so far */
  delivered: number;
  /** delivered / count, 0..1 */
  progress: number;
  /** minor units given back to the balance */
  refunded: number;
  /** a `_MULTI` order's rows (one per link), a drip-feed's runs, a subscription's post orders */
  children: OwnOrderView[];
  /** a drip-feed order's runs, the minutes between them and how many have been sent */
  drip_feed: { runs: number; interval: number; runs_done: number } | null;
  /** an auto order's subscription: the account it watches and how far it is */
  subscription: SubscriptionView | null;
  can_cancel: boolean;
  can_refill: boolean;
  /** the latest refill asked for, or null */
  refill: RefillView | null;
}

/** An auto order as a subscription: ACTIVE and PAUSED still watch the account. */
export interface SubscriptionView {
  state: 'ACTIVE' | 'PAUSED' | 'COMPLETED' | 'CANCELED';
  username: string;
  min: number;
  max: number;
  /** posts paid for in advance; 0: every new post until `expiry`, each paid when ordered */
  posts: number;
  /** posts ordered for so far */
  posts_placed: number;
  old_posts: number;
  /** minutes from a post to its order */
  delay: number;
  /** the last day it watches (YYYY-MM-DD, UTC), or null */
  expiry: string | null;
  /** why a PAUSED one waits: its account cannot be seen, or the balance is short of the next post */
  paused_for: 'account' | 'funds' | null;
}

/** GET c_orders: one page of the buyer's orders and the total. */
export interface OrdersPage {
  items: OwnOrderView[];
  meta: { total: number; page: number; limit: number };
}

/** A refill the buyer asked for and the provider's last word on it. */
export interface RefillView {
  id: string;
  status: string;
  created_at: string;
  updated_at: string;
}

/** GET c_orders/average_time: seconds from paid to completed over our completed orders. */
export interface AverageTimeView {
  tag: string;
  seconds: number | null;
  orders: number;
}

/**
 * The receipt link's view: the order, how much of it is delivered, whether an account holds
 * it, and its history.
 */
export interface FollowedOrder extends OrderView {
  /** units delivered so far (a `_MULTI` order's rows together) */
  delivered: number;
  /** delivered / count, 0..1 */
  progress: number;
  owned: boolean;
  history: { status: OrderStatus; note: string | null; created_at: string }[];
}

export type PaymentStatus = 'WAITING' | 'SUCCESS' | 'ERROR';

export interface PaymentView {
  id: string;
  status: PaymentStatus;
  purpose: 'order' | 'deposit';
  /** the payment method's code (`card_world`, `paypal`, …; `balance`), null when unknown */
  method: string | null;
  amount: number;
  currency: string;
  created_at: string;
  settled_at: string | null;
  order: OrderView | null;
}

/** POST c_orders/main: the order, its payment, and where the buyer goes to pay. */
export interface PlacedOrder {
  order: OrderView;
  payment: { id: string; status: string } | null;
  /** where to send the buyer to pay; null when paid from the balance */
  redirect: string | null;
}

/** POST deposit: the top-up's payment and the gateway's checkout it waits at. */
export interface DepositStarted {
  payment: { id: string; status: PaymentStatus };
  redirect: string;
}

/** Orders, payments and async intakes are known outside by 20 random letters and digits. */
export function isPublicId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9]{20}$/.test(value);
}

/** The service page of an order's tag (`INSTAGRAM_STORY_VIEWS_MULTI` → `instagram-story-views`). */
export function pageOfTag(tag: string): string {
  return tag.replace('_MULTI', '').toLowerCase().replaceAll('_', '-');
}

/** The platform a tag belongs to (`INSTAGRAM_LIKES` → instagram); null for others. */
export function platformOfTag(tag: string): Platform | null {
  const head = tag.split('_')[0]!.toLowerCase();
  return (PLATFORMS as readonly string[]).includes(head) ? (head as Platform) : null;
}

/** Units delivered: all of a completed order, count − remains while running or partial. */
export function deliveredOf(order: {
  status: OrderStatus;
  count: number;
  remains: number | null;
}): number {
  if (order.status === 'COMPLETED') return order.count;
  if (order.remains === null) return 0;
  if (order.status !== 'RUNNING' && order.status !== 'PARTIAL') return 0;
  return Math.min(order.count, Math.max(0, order.count - order.remains));
}
