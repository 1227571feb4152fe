import type { OrderView, PaymentStatus } from './orders.ts';
import type { WithdrawalStatus } from './referrals.ts';

/**
 * What the staff console's payments and withdrawals calls answer (docs/api.md
 * "Staff console: payments, withdrawals, articles").
 */

/** Who a payment or a withdrawal request belongs to. */
export interface StaffPerson {
  id: number;
  login: string | null;
  email: string;
}

/** One payment as GET staff/payments lists it. */
export interface StaffPaymentRow {
  id: number;
  public_id: string;
  user: StaffPerson | null;
  purpose: 'order' | 'deposit';
  method_id: number;
  gateway: string;
  gateway_ref: string | null;
  amount: number;
  currency: string;
  status: PaymentStatus;
  created_at: string;
  updated_at: string;
  settled_at: string | null;
}

/** Where a gateway's word about a payment came from. */
export type PaymentEventSource = 'checkout' | 'webhook' | 'poll' | 'recheck' | 'expiry';

/** One outcome the payments module handled for a payment. */
export interface StaffPaymentEvent {
  id: number;
  source: PaymentEventSource;
  /** what the gateway said, or ERROR when it failed or could not be asked */
  status: PaymentStatus;
  /** this outcome settled the payment */
  settled: boolean;
  /** the gateway's event id or ref, or why it failed */
  detail: string | null;
  created_at: string;
}

/** GET staff/payments/:id */
export interface StaffPaymentDetail extends StaffPaymentRow {
  return_path: string | null;
  checkout_url: string | null;
  /** oldest first */
  events: StaffPaymentEvent[];
  /** the order it pays (purpose `order`), with its service's name in the console's languages */
  order: (OrderView & { service_names: Partial<Record<'ru' | 'en', string>> }) | null;
  /** a top-up (purpose `deposit`): credited to the balance once SUCCESS */
  deposit: { credited: boolean } | null;
}

/** One withdrawal request as the console lists and decides it. */
export interface StaffWithdrawal {
  id: string;
  user: StaffPerson | null;
  amount: number;
  currency: string;
  method: string;
  details: string;
  status: WithdrawalStatus;
  note: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
}
