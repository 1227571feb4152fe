import {
  staffPaymentsQuery,
  staffWithdrawalDecisionBody,
  staffWithdrawalsQuery,
} from '../schemas/staff-money.schemas.ts';
import type { StaffPage } from '../staff.ts';
import type { StaffPaymentDetail, StaffPaymentRow, StaffWithdrawal } from '../staff-money.ts';
import { checked, type Endpoints, typed } from './endpoint.ts';

/**
 * The staff console's money: payments with their gateway events (capability
 * `payments`), and withdrawal requests decided as `npm run withdrawals` decides them
 * (capability `withdrawals`).
 */
export const STAFF_MONEY_API = {
  'GET staff/payments': {
    query: checked(staffPaymentsQuery),
    answer: typed<StaffPage<StaffPaymentRow>>(),
  },
  'GET staff/payments/:id': { answer: typed<StaffPaymentDetail>() },

  'GET staff/withdrawals': {
    query: checked(staffWithdrawalsQuery),
    answer: typed<StaffPage<StaffWithdrawal>>(),
  },
  'GET staff/withdrawals/:id': { answer: typed<StaffWithdrawal>() },
  'POST staff/withdrawals/:id/decision': {
    body: checked(staffWithdrawalDecisionBody),
    answer: typed<StaffWithdrawal>(),
  },
} satisfies Endpoints;
