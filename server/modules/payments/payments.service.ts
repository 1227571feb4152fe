import { localeOfPath } from '../../../shared/locales.ts';
import type { OrderView, PaymentView } from '../../../shared/orders.ts';
import type { Currency } from '../../../shared/regions.ts';
import type { Db } from '../../db/database.ts';
import type { GatewayStatus, PaymentGateway } from '../../integrations/payments/payment-gateway.ts';
import { AppError } from '../../lib/app-error.ts';
import { message } from '../../lib/i18n.ts';
import { newPublicId } from '../../lib/ids.ts';
import type { Logger } from '../../lib/logger.ts';
import { ledger } from '../ledger/ledger.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { type Charge, chargeIn, creditOf, PAYMENT_CURRENCY_ERRORS } from './payment-currency.ts';
import {
  countByStatus,
  hasWaitingDeposit,
  insertPayment,
  insertPaymentEvent,
  paidInBy,
  paymentById,
  paymentByPublicId,
  publicIdsOf,
  setCheckout,
  settleWaiting,
  waitingAmong,
  waitingSince,
} from './payments.repository.ts';
import type { PaymentEventSource, PaymentRow, PaymentStatus } from './payments.table.ts';
import { createStaffPayments } from './staff-payments.ts';

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

/** Runs inside the settling transaction: the orders module marks its orders paid here. */
export type SettledListener = (
  trx: Db,
  payment: PaymentRow,
  at: string,
  /** 'expired' when we gave up waiting for the gateway */
  reason: 'gateway' | 'expired',
) => Promise<void>;

export interface NewPayment {
  userId: number | null;
  purpose: 'order' | 'deposit';
  methodId: number;
  /** what the gateway charges */
  amount: number;
  currency: Currency;
  /**
   * what it is worth to the shop when the payer pays in another currency (the order's cost,
   * or what a top-up credits), converted at the shop's rate; else the charge itself
   */
  credit?: { amount: number; currency: Currency };
  returnPath: string;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export { type Charge, creditOf, PAYMENT_CURRENCY_ERRORS };

/**
 * Payments (DOMAIN.md): created WAITING, sent to a gateway, settled once. Settling is one
 * conditional UPDATE (`status = 'WAITING'`) in a transaction with what it pays for, so a
 * webhook replayed or raced by polling credits exactly once.
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
  const listeners: SettledListener[] = [];
  const committed: ((payment: PaymentRow) => Promise<void>)[] = [];

  // a Map: a name a request gives (a webhook's path) never finds Object.prototype's members
  const byName = new Map(Object.entries(gateways));
  const gatewayOf = (name: string): PaymentGateway => {
    const gateway = byName.get(name);
    if (!gateway) throw new AppError(`The payment gateway ${name} is not available`, 503);
    return gateway;
  };

  /**
   * Keeps what a gateway said of a payment (the staff console shows it). A row that cannot
   * be written is logged: it never fails the settlement it describes.
   */
  async function recordEvent(
    paymentId: number,
    source: PaymentEventSource,
    status: PaymentStatus,
    settled: boolean,
    detail: string | null,
  ): Promise<void> {
    await insertPaymentEvent(db, {
      payment_id: paymentId,
      source,
      status,
      settled: settled ? 1 : 0,
      detail: detail === null ? null : detail.slice(0, 500),
      created_at: now().toISOString(),
    }).catch((error: unknown) =>
      logger.warn({ err: error, payment: paymentId }, 'payment event not recorded'),
    );
  }
  const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

  async function settle(
    publicId: string,
    status: GatewayStatus,
    reason: 'gateway' | 'expired' = 'gateway',
  ): Promise<boolean> {
    if (status === 'WAITING') return false;
    const at = now().toISOString();
    const settled = await db.transaction().execute(async (trx) => {
      const payment = await settleWaiting(trx, publicId, status, at);
      if (!payment) return null;
      if (status === 'SUCCESS' && payment.purpose === 'deposit' && payment.user_id !== null) {
        // a top-up paid in another currency credits what was converted when it was asked
        const credit = creditOf(payment);
        await ledger.credit(trx, {
          userId: payment.user_id,
          amount: credit.amount,
          paymentId: payment.id,
          at,
        });
        await notifications?.notify(trx, {
          userId: payment.user_id,
          type: 'payment.credited',
          data: { payment: payment.public_id, amount: credit.amount, currency: credit.currency },
        });
      }
      for (const listener of listeners) await listener(trx, payment, at, reason);
      return payment;
    });
    if (!settled) return false;
    // after the commit: what tells people (mail) never runs for a change that did not land
    for (const listener of committed) {
      await listener(settled).catch((error: unknown) =>
        logger.error({ err: error, payment: publicId }, 'after-settle step failed'),
      );
    }
    return true;
  }

  return {
    /** Whoever must act when a payment settles (inside the settling transaction). */
    onSettled(listener: SettledListener): void {
      listeners.push(listener);
    },

    /** Whoever must act once a settlement has been committed (mails, notifications). */
    onSettledCommitted(listener: (payment: PaymentRow) => Promise<void>): void {
      committed.push(listener);
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
    async insert(trx: Db, input: NewPayment & { gateway: string }): Promise<PaymentRow> {
      const at = now().toISOString();
      return insertPayment(trx, {
        public_id: newPublicId(),
        user_id: input.userId,
        purpose: input.purpose,
        method_id: input.methodId,
        gateway: input.gateway,
        amount: input.amount,
        currency: input.currency,
        credit_amount: input.credit?.amount ?? input.amount,
        credit_currency: input.credit?.currency ?? input.currency,
        status: 'WAITING',
        return_path: input.returnPath,
        created_at: at,
        updated_at: at,
      });
    },

    /** A balance top-up: a WAITING deposit payment and the gateway's checkout. */
    async deposit(input: Omit<NewPayment, 'purpose'> & { userId: number; gateway: string }) {
      const payment = await db
        .transaction()
        .execute((trx) => this.insert(trx, { ...input, purpose: 'deposit' }));
      // the gateway shows it to the payer: in the language of the page they came from
      const words = message(localeOfPath(input.returnPath), 'payment.description.topUp');
      const redirect = await this.startCheckout(payment, words);
      return { payment: { id: payment.public_id, status: payment.status }, redirect };
    },

    /** Asks the payment's gateway for a checkout; answers where to send the buyer. */
    async startCheckout(payment: PaymentRow, description: string): Promise<string> {
      const gateway = gatewayOf(payment.gateway);
      const returnUrl = `${publicUrl}${payment.return_path ?? '/'}`;
      let opened: { redirectUrl: string; ref: string };
      try {
        opened = await gateway.create({
          publicId: payment.public_id,
          amount: Number(payment.amount),
          currency: payment.currency as Currency,
          description,
          returnUrl,
        });
      } catch (error) {
        // the gateway could not open a checkout: the payment fails now, not silently later
        logger.error({ err: error, payment: payment.public_id }, 'checkout failed');
        const failed = await settle(payment.public_id, 'ERROR');
        await recordEvent(payment.id, 'checkout', 'ERROR', failed, reasonOf(error));
        throw new AppError('The payment service is temporary unavailable', 503);
      }
      await setCheckout(db, payment.id, {
        gateway_ref: opened.ref,
        checkout_url: opened.redirectUrl,
        updated_at: now().toISOString(),
      });
      await recordEvent(payment.id, 'checkout', 'WAITING', false, opened.ref);
      return opened.redirectUrl;
    },

    /** A gateway's webhook: verified on the raw body, then settled (idempotent). */
    async handleWebhook(
      gatewayName: string,
      rawBody: Buffer,
      headers: Record<string, string | undefined>,
    ): Promise<{ settled: boolean }> {
      // a name we have no gateway for is the caller's mistake, not an outage
      if (!byName.has(gatewayName)) throw new AppError('Unknown gateway', 404);
      const event = gatewayOf(gatewayName).verifyWebhook(rawBody, headers);
      if (!event) throw new AppError('Invalid signature', 400);
      // a genuine event about something that is not a payment of ours: acknowledged, ignored
      if (!event.publicId) return { settled: false };
      const payment = await paymentByPublicId(db, event.publicId);
      if (!payment || payment.gateway !== gatewayName) throw new AppError('Unknown payment', 404);
      const settled = await settle(event.publicId, event.status);
      await recordEvent(payment.id, 'webhook', event.status, settled, event.eventId);
      if (!settled && event.status === 'SUCCESS') {
        const current = await this.get(event.publicId);
        if (current.status === 'ERROR')
          logger.error(
            { gateway: gatewayName, payment: event.publicId },
            'paid after it was given up: credit or refund the buyer by hand',
          );
      }
      logger.info(
        { gateway: gatewayName, payment: event.publicId, status: event.status, settled },
        'payment webhook',
      );
      return { settled };
    },

    /** Polls the gateway of a payment still waiting; settles it when the gateway has decided. */
    async refresh(
      publicId: string,
      source: Extract<PaymentEventSource, 'poll' | 'recheck'> = 'poll',
    ): Promise<PaymentRow> {
      const payment = await this.get(publicId);
      if (payment.status === 'WAITING' && payment.gateway_ref) {
        let status: GatewayStatus;
        try {
          status = await gatewayOf(payment.gateway).status(payment.gateway_ref);
        } catch (error) {
          await recordEvent(payment.id, source, 'ERROR', false, reasonOf(error));
          throw error;
        }
        // a gateway still waiting is not kept: the waiting page asks every 2 s
        if (status !== 'WAITING') {
          const settled = await settle(publicId, status);
          await recordEvent(payment.id, source, status, settled, payment.gateway_ref);
          if (settled) return this.get(publicId);
        }
      }
      return payment;
    },

    /**
     * The worker's round (DOMAIN.md): payments still waiting after `recheckAfterMs` are asked
     * of their gateway; those waiting past `expireAfterMs` are given up (their orders expire).
     */
    async recheckWaiting({
      recheckAfterMs,
      expireAfterMs,
      limit = 100,
    }: {
      recheckAfterMs: number;
      expireAfterMs: number;
      limit?: number;
    }): Promise<{ checked: number; settled: number; expired: number }> {
      const at = now().getTime();
      const waiting = await waitingSince(db, new Date(at - recheckAfterMs).toISOString(), limit);
      let settled = 0;
      let expired = 0;
      const giveUp = async (id: number, publicId: string, why: string) => {
        if (!(await settle(publicId, 'ERROR', 'expired'))) return;
        expired += 1;
        await recordEvent(id, 'expiry', 'ERROR', true, why);
      };
      for (const { id, public_id: publicId, created_at: createdAt } of waiting) {
        try {
          const payment = await this.refresh(publicId, 'recheck');
          if (payment.status !== 'WAITING') settled += 1;
          else if (Date.parse(createdAt) <= at - expireAfterMs)
            await giveUp(id, publicId, 'not paid in time');
        } catch (error) {
          logger.warn({ err: error, payment: publicId }, 'payment re-check failed');
          // a gateway that cannot be asked does not keep a payment waiting for ever
          if (Date.parse(createdAt) <= at - expireAfterMs)
            await giveUp(id, publicId, 'not paid in time; the gateway could not be asked');
        }
      }
      return { checked: waiting.length, settled, expired };
    },

    async get(publicId: string): Promise<PaymentRow> {
      const payment = await paymentByPublicId(db, publicId);
      if (!payment) throw new AppError('Payment not found', 404);
      return payment;
    },

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
     * A user's total paid in (DOMAIN.md discount levels): settled payments in one currency,
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

    settle,

    /** Every payer's payments with their gateway events, as the staff console reads them. */
    staff: createStaffPayments({ db }),
  };
}

export type { PaymentStatus };
