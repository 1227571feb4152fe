import type { Generated, Insertable, Selectable } from 'kysely';

import type { PaymentStatus } from '#shared/orders.ts';

/** docs/product.md payment states (docs/product.md §15 Payment: waiting, success, error). */
export type { PaymentStatus };

export interface PaymentsTable {
  id: Generated<number>;
  public_id: string;
  user_id: number | null;
  purpose: 'order' | 'deposit';
  method_id: number;
  gateway: string;
  /** minor units of `currency`: what the gateway charges */
  amount: number;
  currency: string;
  /**
   * what the payment is worth to the shop, in minor units of `credit_currency`: the order's
   * cost, or what a top-up credits; the charge converted at the shop's rate when the payer
   * paid in another currency (null only on rows older than the column: then `amount`)
   */
  credit_amount: number | string | null;
  credit_currency: string | null;
  status: PaymentStatus;
  /** the gateway's own id of the payment */
  gateway_ref: string | null;
  /** the gateway's checkout page for the buyer */
  checkout_url: Generated<string | null>;
  /** where the buyer returns after the gateway (a safe internal path) */
  return_path: string | null;
  created_at: string;
  updated_at: string;
  settled_at: string | null;
}

export type PaymentRow = Selectable<PaymentsTable>;
export type NewPaymentRow = Insertable<PaymentsTable>;

/** Where a gateway's word about a payment came from. */
export type PaymentEventSource = 'checkout' | 'webhook' | 'poll' | 'recheck' | 'expiry';

/** Each outcome the payments module handled for a payment (the staff console shows them). */
export interface PaymentEventsTable {
  id: Generated<number>;
  payment_id: number;
  source: PaymentEventSource;
  /** what the gateway said (or ERROR when it could not be asked) */
  status: PaymentStatus;
  /** 1 when this outcome settled the payment */
  settled: number;
  /** the gateway's event id or ref, or why it failed */
  detail: string | null;
  created_at: string;
}

export type PaymentEventRow = Selectable<PaymentEventsTable>;
