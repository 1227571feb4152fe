import {
  staffAdjustmentDecisionBody,
  staffAdjustmentsQuery,
  staffAuditQuery,
  staffBalanceBody,
  staffBlockBody,
  staffCodeBody,
  staffLevelBody,
  staffOrdersQuery,
  staffPartialBody,
  staffRolesBody,
  staffSwitchBody,
  staffUsersQuery,
} from '../schemas/staff.schemas.ts';
import type {
  AuditView,
  StaffAdjustment,
  StaffDashboard,
  StaffEnrolled,
  StaffEnrolment,
  StaffMe,
  StaffOrderDetail,
  StaffOrderRow,
  StaffPage,
  StaffUserDetail,
  StaffUserRow,
} from '../staff.ts';
import { checked, type Endpoints, typed } from './endpoint.ts';

/**
 * The staff console: its sign-in (two-factor), orders, users and the audit log.
 * Every call needs a staff role (else 403) and, but for `me` and the sign-in itself, a staff
 * session; each is checked against the permission matrix (shared/staff-permissions.ts).
 */
export const STAFF_API = {
  'GET staff/me': { answer: typed<StaffMe>() },
  'GET staff/dashboard': { answer: typed<StaffDashboard>() },
  'POST staff/totp/enrol': { answer: typed<StaffEnrolment>() },
  'POST staff/totp/confirm': {
    body: checked(staffCodeBody),
    answer: typed<StaffEnrolled>(),
  },
  'POST staff/session': {
    body: checked(staffCodeBody),
    answer: typed<{ expires_at: string }>(),
  },
  'DELETE staff/session': { answer: typed<null>() },

  'GET staff/orders': {
    query: checked(staffOrdersQuery),
    answer: typed<StaffPage<StaffOrderRow>>(),
  },
  'GET staff/orders/:id': { answer: typed<StaffOrderDetail>() },
  'POST staff/orders/:id/resend': { answer: typed<StaffOrderDetail>() },
  'POST staff/orders/:id/cancel': { answer: typed<StaffOrderDetail>() },
  'POST staff/orders/:id/partial': {
    body: checked(staffPartialBody),
    answer: typed<StaffOrderDetail>(),
  },

  'POST staff/orders/:id/provider': {
    body: checked(staffSwitchBody),
    answer: typed<StaffOrderDetail>(),
  },
  'POST staff/orders/:id/refill': { answer: typed<StaffOrderDetail>() },

  'GET staff/users': {
    query: checked(staffUsersQuery),
    answer: typed<StaffPage<StaffUserRow>>(),
  },
  'GET staff/users/:id': { answer: typed<StaffUserDetail>() },
  'POST staff/users/:id/balance': {
    body: checked(staffBalanceBody),
    answer: typed<StaffUserDetail>(),
  },

  'GET staff/adjustments': {
    query: checked(staffAdjustmentsQuery),
    answer: typed<StaffPage<StaffAdjustment>>(),
  },
  'POST staff/adjustments/:id/decision': {
    body: checked(staffAdjustmentDecisionBody),
    answer: typed<StaffAdjustment>(),
  },

  'POST staff/users/:id/level': {
    body: checked(staffLevelBody),
    answer: typed<StaffUserDetail>(),
  },
  'POST staff/users/:id/roles': {
    body: checked(staffRolesBody),
    answer: typed<StaffUserDetail>(),
  },
  'POST staff/users/:id/block': {
    body: checked(staffBlockBody),
    answer: typed<StaffUserDetail>(),
  },
  'POST staff/users/:id/logout': { answer: typed<StaffUserDetail>() },

  'GET staff/audit': {
    query: checked(staffAuditQuery),
    answer: typed<StaffPage<AuditView>>(),
  },
} satisfies Endpoints;
