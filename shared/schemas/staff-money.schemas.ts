import { UNKNOWN_FIELD } from './auth.schemas.ts';
import type { SchemaType } from './schema-type.ts';

/** The staff console's payments and withdrawals queries and bodies (docs/product.md §11). */

export const STAFF_MONEY_MESSAGES = {
  page: 'Provide an integer',
  q: 'The search text is up to 200 characters',
  user: 'A user is their id, a whole number',
  day: 'A date is YYYY-MM-DD',
  paymentStatus: 'A payment status is WAITING, SUCCESS or ERROR',
  purpose: 'A purpose is order or deposit',
  gateway: 'A gateway is up to 64 letters, digits, dots, dashes and underscores',
  method: 'A method is its id, a whole number',
  withdrawalStatus: 'A withdrawal status is PENDING, PAID or REJECTED',
  decision: 'Decide PAID or REJECTED',
  note: 'A note is up to 500 characters',
  reason: 'Say why, in 3 to 500 characters: the customer reads it',
} as const;
const M = STAFF_MONEY_MESSAGES;

const PAGE = { type: 'string', pattern: '^[1-9][0-9]{0,5}$', errorMessage: M.page } as const;
const DAY = { type: 'string', format: 'date', errorMessage: M.day } as const;

export const staffPaymentsQuery = {
  $id: 'staff/payments',
  type: 'object',
  additionalProperties: false,
  properties: {
    // a payment's number, public id or the gateway's ref; the payer's user id
    q: { type: 'string', minLength: 1, maxLength: 200, errorMessage: M.q },
    user: { type: 'string', pattern: '^[1-9][0-9]{0,9}$', errorMessage: M.user },
    status: {
      type: 'string',
      enum: ['WAITING', 'SUCCESS', 'ERROR'],
      errorMessage: M.paymentStatus,
    },
    purpose: { type: 'string', enum: ['order', 'deposit'], errorMessage: M.purpose },
    gateway: { type: 'string', pattern: '^[\\w.-]{1,64}$', errorMessage: M.gateway },
    method: { type: 'string', pattern: '^-?[0-9]{1,9}$', errorMessage: M.method },
    from: DAY,
    to: DAY,
    page: PAGE,
    limit: PAGE,
  },
  errorMessage: { additionalProperties: UNKNOWN_FIELD },
} as const;
export type StaffPaymentsQuery = SchemaType<typeof staffPaymentsQuery>;

export const staffWithdrawalsQuery = {
  $id: 'staff/withdrawals',
  type: 'object',
  additionalProperties: false,
  properties: {
    status: {
      type: 'string',
      enum: ['PENDING', 'PAID', 'REJECTED'],
      errorMessage: M.withdrawalStatus,
    },
    page: PAGE,
    limit: PAGE,
  },
  errorMessage: { additionalProperties: UNKNOWN_FIELD },
} as const;
export type StaffWithdrawalsQuery = SchemaType<typeof staffWithdrawalsQuery>;

/** A rejection's note, which the customer reads: 3 to 500 characters, not only spaces. */
export const isRejectionNote = (note: string | undefined): note is string =>
  note !== undefined && note.trim().length >= 3 && note.length <= 500;

export const staffWithdrawalDecisionBody = {
  $id: 'staff/withdrawals/decision',
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: ['PAID', 'REJECTED'], errorMessage: M.decision },
    // optional when paying; required when rejecting (`isRejectionNote`): the customer reads it
    note: { type: 'string', maxLength: 500, errorMessage: M.note },
  },
  errorMessage: {
    additionalProperties: UNKNOWN_FIELD,
    required: { status: M.decision },
  },
} as const;
export type StaffWithdrawalDecisionBody = SchemaType<typeof staffWithdrawalDecisionBody>;
