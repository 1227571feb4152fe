import { EMAIL_PATTERN, AUTH_MESSAGES as M } from '../auth-rules.ts';
import { DRIP_FEED, MAX_LINKS, MAX_POSTS, SUBSCRIPTION_DELAYS } from '../catalog.ts';
import { PLATFORMS } from '../platforms.ts';
import { CURRENCIES } from '../regions.ts';
import { UNKNOWN_FIELD } from './auth.schemas.ts';
import { CATALOG_MESSAGES } from './catalog.schemas.ts';
import type { SchemaType } from './schema-type.ts';

/** The order form's payload (POST c_orders/main), checked again on the server. */
export const ORDER_MESSAGES = {
  link: 'Enter the login or link',
  posts: `From 1 to ${MAX_POSTS} posts, or 0 for every new post`,
  method: 'Choose a payment method',
  agreement: M.mustCheck,
  region: 'The region value is up to 64 characters',
  test: 'test is true or false',
  returnPath: 'The return path is a path of this site',
  client: 'client is CLIENT_MAIN or CLIENT_LK',
  comments: 'Comments are text, one a line',
  runs: `Runs are from ${DRIP_FEED.minRuns} to ${DRIP_FEED.maxRuns}`,
  interval: `The interval is from ${DRIP_FEED.minInterval} to ${DRIP_FEED.maxInterval} minutes`,
  delay: `The delay is one of ${SUBSCRIPTION_DELAYS.join(', ')} minutes`,
  expiry: 'The expiry is a date, YYYY-MM-DD',
  oldPosts: `From 0 to ${MAX_POSTS} old posts`,
} as const;

/**
 * Paying in another currency than the price's (a method that takes only that one): the
 * currency, and the charge in it the page showed, in minor units (checked against the shop's
 * rate: docs/api.md "Paying in another currency").
 */
const PAY_IN = {
  pay_currency: { type: 'string', enum: [...CURRENCIES], errorMessage: CATALOG_MESSAGES.currency },
  charge: {
    type: 'integer',
    minimum: 1,
    maximum: 100_000_000_000,
    errorMessage: CATALOG_MESSAGES.integer,
  },
} as const;

/** The page to come back to from the gateway: an internal path (checked again as a safe redirect). */
const returnPath = {
  type: 'string',
  maxLength: 512,
  pattern: '^/',
  errorMessage: ORDER_MESSAGES.returnPath,
} as const;

export const orderSchema = {
  $id: 'c_orders/main',
  type: 'object',
  required: ['tag', 'link', 'quantity', 'method'],
  additionalProperties: false,
  properties: {
    tag: {
      type: 'string',
      pattern: '^[A-Z0-9_]{1,64}$',
      errorMessage: CATALOG_MESSAGES.tag,
    },
    // several links (a _MULTI order) one per line
    link: {
      type: 'string',
      minLength: 1,
      maxLength: 2048 * MAX_LINKS,
      errorMessage: ORDER_MESSAGES.link,
    },
    quantity: {
      type: 'integer',
      minimum: 1,
      maximum: 1_000_000_000,
      errorMessage: CATALOG_MESSAGES.integer,
    },
    // an auto order's posts paid in advance; 0 is every new post, each post order paid from
    // the balance when it is placed (the cabinet's form and /api/v2 alike)
    posts: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: MAX_POSTS,
      errorMessage: ORDER_MESSAGES.posts,
    },
    // an auto order's most per post (`quantity` is its least)
    quantity_max: {
      type: ['integer', 'null'],
      minimum: 1,
      maximum: 1_000_000_000,
      errorMessage: CATALOG_MESSAGES.integer,
    },
    // a comments order's own comments, one a line
    comments: {
      type: ['string', 'null'],
      maxLength: 200_000,
      errorMessage: ORDER_MESSAGES.comments,
    },
    // drip-feed: `quantity` per run, `runs` runs `interval` minutes apart
    runs: {
      type: ['integer', 'null'],
      minimum: DRIP_FEED.minRuns,
      maximum: DRIP_FEED.maxRuns,
      errorMessage: ORDER_MESSAGES.runs,
    },
    interval: {
      type: ['integer', 'null'],
      minimum: DRIP_FEED.minInterval,
      maximum: DRIP_FEED.maxInterval,
      errorMessage: ORDER_MESSAGES.interval,
    },
    // a subscription (auto order): minutes from a new post to its order, the count of the
    // account's latest posts before it that it also orders for, and its last day (YYYY-MM-DD, UTC)
    delay: {
      type: ['integer', 'null'],
      enum: [...SUBSCRIPTION_DELAYS, null],
      errorMessage: ORDER_MESSAGES.delay,
    },
    old_posts: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: MAX_POSTS,
      errorMessage: ORDER_MESSAGES.oldPosts,
    },
    expiry: {
      type: ['string', 'null'],
      format: 'date',
      errorMessage: ORDER_MESSAGES.expiry,
    },
    // the cabinet's prices and limits (logged-in users)
    client: {
      type: 'string',
      enum: ['CLIENT_MAIN', 'CLIENT_LK'],
      errorMessage: ORDER_MESSAGES.client,
    },
    currency: { type: 'string', enum: [...CURRENCIES], errorMessage: CATALOG_MESSAGES.currency },
    method: { type: 'integer', errorMessage: ORDER_MESSAGES.method },
    ...PAY_IN,
    email: {
      type: ['string', 'null'],
      maxLength: 254,
      pattern: EMAIL_PATTERN,
      errorMessage: M.emailInvalid,
    },
    agreement: { type: 'boolean', errorMessage: ORDER_MESSAGES.agreement },
    region_value: { type: ['string', 'null'], maxLength: 64, errorMessage: ORDER_MESSAGES.region },
    test: { type: 'boolean', errorMessage: ORDER_MESSAGES.test },
    return_path: returnPath,
  },
  errorMessage: {
    type: M.required,
    additionalProperties: UNKNOWN_FIELD,
    required: {
      tag: M.required,
      link: ORDER_MESSAGES.link,
      quantity: CATALOG_MESSAGES.integer,
      method: ORDER_MESSAGES.method,
    },
  },
} as const;

/** POST c_orders/main's body. */
export type OrderBody = SchemaType<typeof orderSchema>;

/** What placing an order takes: the body, and a reseller's retry key (the panel API's Idempotency-Key), which no JSON body may carry. */
export type OrderInput = OrderBody & { idempotency_key?: string };

/** POST deposit: a top-up in minor units of the user's currency. */
export const depositSchema = {
  $id: 'deposit',
  type: 'object',
  required: ['amount', 'method'],
  additionalProperties: false,
  properties: {
    amount: {
      type: 'integer',
      minimum: 1,
      maximum: 100_000_000_000,
      errorMessage: CATALOG_MESSAGES.integer,
    },
    method: { type: 'integer', errorMessage: ORDER_MESSAGES.method },
    ...PAY_IN,
    agreement: { type: 'boolean', errorMessage: ORDER_MESSAGES.agreement },
    return_path: returnPath,
  },
  errorMessage: {
    type: M.required,
    additionalProperties: UNKNOWN_FIELD,
    required: { amount: CATALOG_MESSAGES.integer, method: ORDER_MESSAGES.method },
  },
} as const;
export type DepositInput = SchemaType<typeof depositSchema>;

/** POST c_orders/async: the same payload under `data`, and the test flag (docs/api.md). */
export const asyncOrderSchema = {
  $id: 'c_orders/async',
  type: 'object',
  required: ['data'],
  additionalProperties: false,
  properties: {
    data: { ...orderSchema, $id: undefined },
    test: { type: 'boolean', errorMessage: ORDER_MESSAGES.test },
  },
  errorMessage: {
    type: M.required,
    additionalProperties: UNKNOWN_FIELD,
    required: { data: M.required },
  },
} as const;

const STATUS_WORD = '(CREATED|PAID|RUNNING|COMPLETED|PARTIAL|CANCELED|EXPIRED|ERROR)';
const DAY = { type: 'string', format: 'date', errorMessage: 'A date is YYYY-MM-DD' } as const;
const MINOR = {
  type: 'string',
  pattern: '^(0|[1-9][0-9]{0,11})$',
  errorMessage: 'An amount is a whole number of minor units',
} as const;

export const ORDERS_LIST_MESSAGES = {
  status: 'Unknown order status',
  platform: 'Unknown platform',
  q: 'The search text is up to 200 characters',
  range: 'The end of a range comes after its start',
} as const;

/** GET c_orders: paging and filters (query strings, so numbers come as digits). */
export const ordersListQuery = {
  $id: 'c_orders',
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$', errorMessage: CATALOG_MESSAGES.integer },
    limit: { type: 'string', pattern: '^[1-9][0-9]{0,5}$', errorMessage: CATALOG_MESSAGES.integer },
    // one status or several, comma-separated
    status: {
      type: 'string',
      pattern: `^${STATUS_WORD}(,${STATUS_WORD}){0,7}$`,
      errorMessage: ORDERS_LIST_MESSAGES.status,
    },
    platform: {
      type: 'string',
      enum: [...PLATFORMS],
      errorMessage: ORDERS_LIST_MESSAGES.platform,
    },
    tag: { type: 'string', pattern: '^[A-Z0-9_]{1,64}$', errorMessage: CATALOG_MESSAGES.tag },
    // text in the link, or an order's public id
    q: { type: 'string', minLength: 1, maxLength: 200, errorMessage: ORDERS_LIST_MESSAGES.q },
    from: DAY,
    to: DAY,
    cost_min: MINOR,
    cost_max: MINOR,
  },
  errorMessage: { additionalProperties: UNKNOWN_FIELD },
} as const;

export type OrdersListQuery = SchemaType<typeof ordersListQuery>;

/** GET c_orders/average_time?tag=TAG */
export const averageTimeQuery = {
  $id: 'c_orders/average_time',
  type: 'object',
  required: ['tag'],
  additionalProperties: false,
  properties: {
    tag: { type: 'string', pattern: '^[A-Z0-9_]{1,64}$', errorMessage: CATALOG_MESSAGES.tag },
  },
  errorMessage: {
    type: M.required,
    additionalProperties: UNKNOWN_FIELD,
    required: { tag: CATALOG_MESSAGES.tag },
  },
} as const;
