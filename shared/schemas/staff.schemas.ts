import { UNKNOWN_FIELD } from './auth.schemas.ts';
import type { SchemaType } from './schema-type.ts';

/** The staff console's bodies and queries (docs/product.md §11), checked on the server. */

export const STAFF_MESSAGES = {
  code: 'Enter the 6-digit code, or a recovery code',
  page: 'Provide an integer',
  q: 'The search text is up to 200 characters',
  day: 'A date is YYYY-MM-DD',
  status: 'Unknown order status',
  amount: 'The amount is a whole number of minor units, not 0',
  reason: 'Give a reason of 3 to 500 characters',
  reasonVisible:
    'Write the reason in visible characters, without invisible or direction-changing ones',
  adjustmentStatus: 'A status is APPLIED, PENDING, APPROVED or REJECTED',
  adjustmentDecision: 'A decision is APPROVED or REJECTED',
  delivered: 'The delivered count is a whole number from 0',
  level: 'The discount level is from 1 to 10',
  roles: 'Roles are ROLE_ADMIN, ROLE_MODERATOR, ROLE_MANAGER, ROLE_SEO or ROLE_PROXY',
  blocked: 'blocked is true or false',
  action: 'An action is up to 64 letters, dots and dashes',
  provider: 'A provider is its id: letters, digits, dots, dashes, up to 64',
} as const;

const PAGE = {
  type: 'string',
  pattern: '^[1-9][0-9]{0,5}$',
  errorMessage: STAFF_MESSAGES.page,
} as const;
const DAY = { type: 'string', format: 'date', errorMessage: STAFF_MESSAGES.day } as const;
const Q = { type: 'string', minLength: 1, maxLength: 200, errorMessage: STAFF_MESSAGES.q } as const;

export const staffCodeBody = {
  $id: 'staff/code',
  type: 'object',
  required: ['code'],
  additionalProperties: false,
  properties: {
    code: { type: 'string', minLength: 6, maxLength: 32, errorMessage: STAFF_MESSAGES.code },
  },
  errorMessage: { additionalProperties: UNKNOWN_FIELD, required: { code: STAFF_MESSAGES.code } },
} as const;
export type StaffCodeBody = SchemaType<typeof staffCodeBody>;

export const staffOrdersQuery = {
  $id: 'staff/orders',
  type: 'object',
  additionalProperties: false,
  properties: {
    q: Q,
    status: {
      type: 'string',
      enum: ['CREATED', 'PAID', 'RUNNING', 'COMPLETED', 'PARTIAL', 'CANCELED', 'EXPIRED', 'ERROR'],
      errorMessage: STAFF_MESSAGES.status,
    },
    provider: { type: 'string', pattern: '^[\\w.-]{1,64}$', errorMessage: STAFF_MESSAGES.q },
    from: DAY,
    to: DAY,
    page: PAGE,
    limit: PAGE,
  },
  errorMessage: { additionalProperties: UNKNOWN_FIELD },
} as const;
export type StaffOrdersQuery = SchemaType<typeof staffOrdersQuery>;

export const staffSwitchBody = {
  $id: 'staff/switch',
  type: 'object',
  required: ['provider'],
  additionalProperties: false,
  properties: {
    provider: { type: 'string', pattern: '^[\\w.-]{1,64}$', errorMessage: STAFF_MESSAGES.provider },
  },
  errorMessage: {
    additionalProperties: UNKNOWN_FIELD,
    required: { provider: STAFF_MESSAGES.provider },
  },
} as const;
export type StaffSwitchBody = SchemaType<typeof staffSwitchBody>;

export const staffUsersQuery = {
  $id: 'staff/users',
  type: 'object',
  additionalProperties: false,
  properties: { q: Q, page: PAGE, limit: PAGE },
  errorMessage: { additionalProperties: UNKNOWN_FIELD },
} as const;
export type StaffUsersQuery = SchemaType<typeof staffUsersQuery>;

export const staffAuditQuery = {
  $id: 'staff/audit',
  type: 'object',
  additionalProperties: false,
  properties: {
    action: { type: 'string', pattern: '^[a-z.-]{1,64}$', errorMessage: STAFF_MESSAGES.action },
    target: { type: 'string', pattern: '^[a-z]+:[\\w-]{1,64}$', errorMessage: STAFF_MESSAGES.q },
    from: DAY,
    to: DAY,
    page: PAGE,
    limit: PAGE,
  },
  errorMessage: { additionalProperties: UNKNOWN_FIELD },
} as const;
export type StaffAuditQuery = SchemaType<typeof staffAuditQuery>;

export const staffPartialBody = {
  $id: 'staff/partial',
  type: 'object',
  required: ['delivered'],
  additionalProperties: false,
  properties: {
    delivered: {
      type: 'integer',
      minimum: 0,
      maximum: 1_000_000_000,
      errorMessage: STAFF_MESSAGES.delivered,
    },
  },
  errorMessage: {
    additionalProperties: UNKNOWN_FIELD,
    required: { delivered: STAFF_MESSAGES.delivered },
  },
} as const;
export type StaffPartialBody = SchemaType<typeof staffPartialBody>;

/**
 * Text a person reads as written: at least one visible character (not only spaces, zero-width
 * or filler characters) and no control that reorders what follows (bidi embeddings,
 * overrides, isolates and marks), so an audit row shows what was typed.
 */
const INVISIBLE =
  '\\s\\u00AD\\u034F\\u115F\\u1160\\u17B4\\u17B5\\u180E\\u200B-\\u200D\\u2060-\\u2064\\u3164\\uFEFF\\uFFA0';
const REORDERING = '\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069';
export const VISIBLE_TEXT = `^(?=[\\s\\S]*[^${INVISIBLE}${REORDERING}])[^${REORDERING}]*$`;

export const staffBalanceBody = {
  $id: 'staff/balance',
  type: 'object',
  required: ['amount', 'reason'],
  additionalProperties: false,
  properties: {
    // signed minor units of the user's currency
    amount: {
      type: 'integer',
      minimum: -100_000_000_000,
      maximum: 100_000_000_000,
      not: { const: 0 },
      errorMessage: STAFF_MESSAGES.amount,
    },
    reason: {
      type: 'string',
      minLength: 3,
      maxLength: 500,
      pattern: VISIBLE_TEXT,
      errorMessage: {
        type: STAFF_MESSAGES.reason,
        minLength: STAFF_MESSAGES.reason,
        maxLength: STAFF_MESSAGES.reason,
        pattern: STAFF_MESSAGES.reasonVisible,
      },
    },
  },
  errorMessage: {
    additionalProperties: UNKNOWN_FIELD,
    required: { amount: STAFF_MESSAGES.amount, reason: STAFF_MESSAGES.reason },
  },
} as const;
export type StaffBalanceBody = SchemaType<typeof staffBalanceBody>;

export const staffLevelBody = {
  $id: 'staff/level',
  type: 'object',
  required: ['level'],
  additionalProperties: false,
  properties: {
    level: { type: 'integer', minimum: 1, maximum: 10, errorMessage: STAFF_MESSAGES.level },
  },
  errorMessage: { additionalProperties: UNKNOWN_FIELD, required: { level: STAFF_MESSAGES.level } },
} as const;
export type StaffLevelBody = SchemaType<typeof staffLevelBody>;

export const staffRolesBody = {
  $id: 'staff/roles',
  type: 'object',
  required: ['roles'],
  additionalProperties: false,
  properties: {
    roles: {
      type: 'array',
      maxItems: 5,
      uniqueItems: true,
      items: {
        type: 'string',
        enum: ['ROLE_ADMIN', 'ROLE_MODERATOR', 'ROLE_MANAGER', 'ROLE_SEO', 'ROLE_PROXY'],
      },
      errorMessage: STAFF_MESSAGES.roles,
    },
  },
  errorMessage: { additionalProperties: UNKNOWN_FIELD, required: { roles: STAFF_MESSAGES.roles } },
} as const;
export type StaffRolesBody = SchemaType<typeof staffRolesBody>;

export const staffBlockBody = {
  $id: 'staff/block',
  type: 'object',
  required: ['blocked'],
  additionalProperties: false,
  properties: { blocked: { type: 'boolean', errorMessage: STAFF_MESSAGES.blocked } },
  errorMessage: {
    additionalProperties: UNKNOWN_FIELD,
    required: { blocked: STAFF_MESSAGES.blocked },
  },
} as const;
export type StaffBlockBody = SchemaType<typeof staffBlockBody>;

export const staffAdjustmentsQuery = {
  $id: 'staff/adjustments',
  type: 'object',
  additionalProperties: false,
  properties: {
    status: {
      type: 'string',
      enum: ['APPLIED', 'PENDING', 'APPROVED', 'REJECTED'],
      errorMessage: STAFF_MESSAGES.adjustmentStatus,
    },
    user: PAGE,
    page: PAGE,
    limit: PAGE,
  },
  errorMessage: { additionalProperties: UNKNOWN_FIELD },
} as const;
export type StaffAdjustmentsQuery = SchemaType<typeof staffAdjustmentsQuery>;

export const staffAdjustmentDecisionBody = {
  $id: 'staff/adjustment-decision',
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: {
    status: {
      type: 'string',
      enum: ['APPROVED', 'REJECTED'],
      errorMessage: STAFF_MESSAGES.adjustmentDecision,
    },
  },
  errorMessage: {
    additionalProperties: UNKNOWN_FIELD,
    required: { status: STAFF_MESSAGES.adjustmentDecision },
  },
} as const;
export type StaffAdjustmentDecisionBody = SchemaType<typeof staffAdjustmentDecisionBody>;
