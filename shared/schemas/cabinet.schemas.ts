import { PAGE_SIZES } from '../constants.ts';
import { LOCALES } from '../locales.ts';
import { UNKNOWN_FIELD } from './auth.schemas.ts';
import type { SchemaType } from './schema-type.ts';

/**
 * Input of the cabinet's notifications and income calls (docs/api.md):
 * query paging, and the withdraw request's body.
 */
export const CABINET_MESSAGES = {
  page: 'The page is a whole number from 1',
  limit: `Show lines: ${PAGE_SIZES.join(', ')}`,
  amount: 'Enter the amount as a number with at most 2 decimals',
  method: 'Choose how you want to be paid',
  details: 'Enter where to send the money (1 to 200 characters)',
  lang: `The language is one of ${LOCALES.join(', ')}`,
} as const;
const M = CABINET_MESSAGES;

/** How a withdrawal can be paid out: what the customer names, staff pay by hand. */
export const WITHDRAW_METHODS = ['card', 'yoomoney', 'usdt_trc20', 'paypal'] as const;
export type WithdrawMethod = (typeof WITHDRAW_METHODS)[number];

const paging = {
  page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$', errorMessage: M.page },
  limit: { type: 'string', enum: PAGE_SIZES.map(String), errorMessage: M.limit },
} as const;

const querySchema = (id: string) =>
  ({
    $id: id,
    type: 'object',
    additionalProperties: false,
    properties: paging,
    errorMessage: { additionalProperties: UNKNOWN_FIELD },
  }) as const;

export const notificationsQuery = {
  ...querySchema('user/notifications'),
  properties: {
    ...paging,
    // the language to word them in (the page's); else the request's
    lang: { type: 'string', enum: [...LOCALES], errorMessage: M.lang },
  },
} as const;
export const refsQuery = querySchema('user/refs');

/** Paging, and the language of `user/notifications`. */
export type PagingQuery = SchemaType<typeof notificationsQuery>;

export const withdrawBody = {
  $id: 'user/withdrawals',
  type: 'object',
  additionalProperties: false,
  required: ['amount', 'method', 'details'],
  properties: {
    amount: {
      type: ['string', 'number'],
      pattern: '^[0-9]{1,9}([.,][0-9]{1,2})?$',
      minimum: 0.01,
      maximum: 999_999_999,
      errorMessage: M.amount,
    },
    method: { type: 'string', enum: [...WITHDRAW_METHODS], errorMessage: M.method },
    details: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      // printable text with something besides spaces
      pattern: '^(?=.*\\S)[^\\u0000-\\u001f\\u007f]+$',
      errorMessage: M.details,
    },
  },
  errorMessage: {
    required: { amount: M.amount, method: M.method, details: M.details },
    additionalProperties: UNKNOWN_FIELD,
  },
} as const;

export type WithdrawBody = SchemaType<typeof withdrawBody>;

/**
 * `PUT user/webhook`: the URL alone (the webhooks service checks and names what is wrong with
 * it); any other field is refused.
 */
export const webhookBody = {
  $id: 'user/webhook',
  type: 'object',
  additionalProperties: false,
  properties: { url: {} },
  errorMessage: { additionalProperties: UNKNOWN_FIELD },
} as const;

export type WebhookBody = SchemaType<typeof webhookBody>;
