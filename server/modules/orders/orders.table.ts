import type { Generated, Insertable, Selectable } from 'kysely';

import type { OrderStatus } from '#shared/orders.ts';

export type { OrderStatus };

export interface OrdersTable {
  id: Generated<number>;
  public_id: string;
  user_id: number | null;
  email: string | null;
  /** a `_MULTI` order's rows, one per link, point at the order that was paid */
  parent_id: number | null;
  service_id: number;
  tag: string;
  client: string;
  link: string;
  quantity: number;
  posts: number | null;
  /** an auto order's most per post (`quantity` is its least); null elsewhere */
  quantity_max: Generated<number | null>;
  /** a drip-feed order's runs (its rows, one per run) and the minutes between them */
  runs: Generated<number | null>;
  run_interval: Generated<number | null>;
  /** a comments order's comments, one a line */
  comments: Generated<string | null>;
  count: number;
  currency: string;
  /** minor units of `currency` */
  cost: number;
  discount: number;
  method_id: number;
  payment_id: number | null;
  status: OrderStatus;
  region_value: string | null;
  /** a guest's referral code, for when they sign up and claim the order */
  ref_code: Generated<string | null>;
  /** a reseller's idempotency key (one order per key and user) */
  idempotency_key: Generated<string | null>;
  lang: string;
  test: Generated<number>;
  start_count: number | null;
  remains: number | null;
  provider_order_id: string | null;
  /** the async intake this order was placed from */
  intake_id: Generated<number | null>;
  /** fulfilment (server/modules/fulfilment): provider, submit intent, retries, lease, sync */
  provider_id: Generated<string | null>;
  /** the provider staff switched the order to, tried first when it is sent (migration 0021) */
  switched_to: Generated<string | null>;
  submit_attempts: Generated<number>;
  submit_started_at: Generated<string | null>;
  next_attempt_at: Generated<string | null>;
  lease_owner: Generated<string | null>;
  lease_until: Generated<string | null>;
  synced_at: Generated<string | null>;
  charge: Generated<string | null>;
  refunded: Generated<number>;
  needs_check: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  status: OrderStatus;
  note: string | null;
  created_at: string;
}

export type OrderRow = Selectable<OrdersTable>;
export type NewOrderRow = Insertable<OrdersTable>;

export type IntakeStatus = 'QUEUED' | 'PROCESSING' | 'DONE' | 'FAILED';

export interface OrderIntakeTable {
  id: Generated<number>;
  public_id: string;
  user_id: number | null;
  /** JSON: the order form's payload */
  payload: string;
  /** JSON: language, country and return page of the request */
  context: string;
  status: IntakeStatus;
  /** JSON: the placed order, payment and redirect */
  result: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export type OrderIntakeRow = Selectable<OrderIntakeTable>;

/** A refill the buyer asked for, as the provider knows it (migration 0008). */
export interface OrderRefillsTable {
  id: Generated<number>;
  order_id: number;
  provider_refill_id: string;
  /** the provider's word: Pending, In progress, Completed, Rejected … */
  status: string;
  created_at: string;
  updated_at: string;
}

export type OrderRefillRow = Selectable<OrderRefillsTable>;

export type SubscriptionState = 'ACTIVE' | 'PAUSED' | 'COMPLETED' | 'CANCELED';

/** Why a subscription is paused (migration 0025). */
export type SubscriptionPause = 'account' | 'funds';

/** An auto order's subscription (migration 0015): what it watches and how far it is. */
export interface OrderSubscriptionsTable {
  order_id: number;
  username: string;
  min: number;
  max: number;
  /** posts it is paid for in advance; 0: every new post, each paid when ordered (`post_cost`) */
  posts: number;
  /** how many of the account's latest posts before it began it also orders for */
  old_posts: Generated<number>;
  /** minutes from a new post to its order */
  delay: number;
  /** the end of the last day it watches (ISO time), or null: until `posts` */
  expiry: string | null;
  state: SubscriptionState;
  /** why a PAUSED one waits: its account cannot be seen (null too), or the balance is short */
  paused_for: Generated<SubscriptionPause | null>;
  /** what each post order costs when posts are not paid in advance (minor units), else null */
  post_cost: Generated<number | null>;
  posts_placed: Generated<number>;
  /** the watcher's mark: posts after it are new */
  cursor: string | null;
  next_check_at: string | null;
  lease_owner: Generated<string | null>;
  lease_until: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export type OrderSubscriptionRow = Selectable<OrderSubscriptionsTable>;
