import type { OrderView, PaymentView } from '#shared/orders.ts';
import type { Db } from '../../db/database.ts';
import type { GatewayStatus, PaymentGateway } from '../../integrations/payments/payment-gateway.ts';
import type { Logger } from '../../lib/logger.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import {
  deposit,
  handleWebhook,
  insertWaiting,
  recheckWaiting,
  refresh,
  startCheckout,
} from './payment-checkout.ts';
import { type Charge, chargeIn, creditOf, PAYMENT_CURRENCY_ERRORS } from './payment-currency.ts';
import {
  getPayment,
  type NewPayment,
  type PaymentsContext,
  type SettledListener,
  settle,
} from './payment-settlement.ts';
import {
  countByStatus,
  hasWaitingDeposit,
  paidInBy,
  paymentById,
  publicIdsOf,
  waitingAmong,
} from './payments.repository.ts';
import type { PaymentEventSource, PaymentRow, PaymentStatus } from './payments.table.ts';
import { createStaffPayments } from './staff-payments.ts';

export type { NewPayment, SettledListener };

export function toPaymentView(
  payment: PaymentRow,
  order: OrderView | null,
  method: string | null,
): PaymentView {
  return {
    id: payment.public_id,
    status: payment.status,
    purpose: payment.purpose,
    method,
    amount: Number(payment.amount),
    currency: payment.currency,
    created_at: payment.created_at,
    settled_at: payment.settled_at,
    order,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export { type Charge, creditOf, PAYMENT_CURRENCY_ERRORS };

/**
 * Payments: created WAITING, sent to a gateway, settled once. Settling is one conditional
 * UPDATE (`status = 'WAITING'`) in a transaction with what it pays for, so a webhook replayed
 * or raced by polling credits exactly once.
 */
export function createPaymentsService({
  db,
  notifications,
  gateways,
  publicUrl,
  logger,
  convert = async (minor, from, to) => (from === to ? minor : 0),
  now = () => new Date(),
}: {
  db: Db;
  /** a top-up tells its payer (order payments are told by the order's own notification) */
  notifications?: Pick<NotificationsService, 'notify'>;
  gateways: Record<string, PaymentGateway>;
  publicUrl: string;
  logger: Logger;
  /** minor units of one currency in another at the shop's rates, 0 without a rate (the catalogue's) */
  convert?: (minor: number, from: string, to: string) => Promise<number>;
  now?: () => Date;
}) {
  const ctx: PaymentsContext = {
    db,
    notifications,
    byName: new Map(Object.entries(gateways)),
    publicUrl,
    logger,
    now,
    listeners: [],
    committed: [],
  };
  const { byName } = ctx;

  return Object.freeze({
    /** Whoever must act when a payment settles (inside the settling transaction). */
    onSettled(listener: SettledListener): void {
      ctx.listeners.push(listener);
    },

    /** Whoever must act once a settlement has been committed (mails, notifications). */
    onSettledCommitted(listener: (payment: PaymentRow) => Promise<void>): void {
      ctx.committed.push(listener);
    },

    /**
     * The gateway a payment method goes through: its own when configured, else the sandbox
     * when it is on, else none (the method is not offered).
     */
    gatewayFor(methodGateway: string): string | null {
      if (byName.has(methodGateway)) return methodGateway;
      return byName.has('sandbox') ? 'sandbox' : null;
    },

    chargeFor: chargeIn(convert),

    /** Writes a WAITING payment inside the caller's transaction. */
    insert: (trx: Db, input: NewPayment & { gateway: string }) => insertWaiting(ctx, trx, input),
    /** A balance top-up: a WAITING deposit payment and the gateway's checkout. */
    deposit: (input: Omit<NewPayment, 'purpose'> & { userId: number; gateway: string }) =>
      deposit(ctx, input),
    /** Asks the payment's gateway for a checkout; answers where to send the buyer. */
    startCheckout: (payment: PaymentRow, description: string) =>
      startCheckout(ctx, payment, description),
    /** A gateway's webhook: verified on the raw body, then settled (idempotent). */
    handleWebhook: (
      gatewayName: string,
      rawBody: Buffer,
      headers: Record<string, string | undefined>,
    ) => handleWebhook(ctx, gatewayName, rawBody, headers),
    /** Polls the gateway of a payment still waiting; settles it when the gateway has decided. */
    refresh: (publicId: string, source?: Extract<PaymentEventSource, 'poll' | 'recheck'>) =>
      refresh(ctx, publicId, source),
    /** The worker's round: waiting payments asked again, those waiting too long given up. */
    recheckWaiting: (options: { recheckAfterMs: number; expireAfterMs: number; limit?: number }) =>
      recheckWaiting(ctx, options),
    get: (publicId: string) => getPayment(ctx, publicId),
    /** A payment by its row id (an order refers to it), or undefined. */
    byId(id: number): Promise<PaymentRow | undefined> {
      return paymentById(db, id);
    },

    /** Which of these payments still wait for their gateway. */
    /** A top-up still waiting would credit the balance in the currency it was made in. */
    /** How many payments are in each state (the metrics' gauge). */
    countByStatus(): Promise<Record<string, number>> {
      return countByStatus(db);
    },

    hasWaitingDeposit(userId: number): Promise<boolean> {
      return hasWaitingDeposit(db, userId);
    },

    waitingAmong(ids: number[]): Promise<Set<number>> {
      return waitingAmong(db, ids);
    },

    /**
     * A user's total paid in (docs/product.md §4, levels): settled payments in one currency,
     * read in the caller's transaction so a settling payment counts at once.
     */
    paidIn(trx: Db, userId: number, currency: string): Promise<number> {
      return paidInBy(trx, userId, currency);
    },

    /** Public ids and purposes by row id (a ledger row names the payment it came from). */
    async publicIdsOf(
      ids: number[],
    ): Promise<Map<number, { id: string; purpose: 'order' | 'deposit' }>> {
      const rows = await publicIdsOf(db, [...new Set(ids)]);
      return new Map(rows.map((row) => [row.id, { id: row.public_id, purpose: row.purpose }]));
    },

    settle: (publicId: string, status: GatewayStatus, reason?: 'gateway' | 'expired') =>
      settle(ctx, publicId, status, reason),

    /** Every payer's payments with their gateway events, as the staff console reads them. */
    staff: createStaffPayments({ db }),
  });
}

export type { PaymentStatus };
