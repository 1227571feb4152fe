import type { Currency } from '#shared/regions.ts';
import type { Db } from '../../db/database.ts';
import type { GatewayStatus, PaymentGateway } from '../../integrations/payments/payment-gateway.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { ledger } from '../ledger/ledger.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { creditOf } from './payment-currency.ts';
import { insertPaymentEvent, paymentByPublicId, settleWaiting } from './payments.repository.ts';
import type { PaymentEventSource, PaymentRow, PaymentStatus } from './payments.table.ts';

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

/** What the payment functions work with: the deps and the factory's listener lists. */
export interface PaymentsContext {
  db: Db;
  /** a top-up tells its payer (order payments are told by the order's own notification) */
  notifications?: Pick<NotificationsService, 'notify'> | undefined;
  /** a Map: a name a request gives (a webhook's path) never finds Object.prototype's members */
  byName: Map<string, PaymentGateway>;
  publicUrl: string;
  logger: Logger;
  now: () => Date;
  listeners: SettledListener[];
  committed: ((payment: PaymentRow) => Promise<void>)[];
}

export function gatewayOf({ byName }: PaymentsContext, name: string): PaymentGateway {
  const gateway = byName.get(name);
  if (!gateway) throw new AppError(`The payment gateway ${name} is not available`, 503);
  return gateway;
}

/**
 * Keeps what a gateway said of a payment (the staff console shows it). A row that cannot
 * be written is logged: it never fails the settlement it describes.
 */
export async function recordEvent(
  { db, logger, now }: PaymentsContext,
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
export const reasonOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

/**
 * Settles a waiting payment once: one conditional UPDATE in a transaction with what it pays
 * for (the listeners'), then the committed listeners. False when it was settled already.
 */
export async function settle(
  ctx: PaymentsContext,
  publicId: string,
  status: GatewayStatus,
  reason: 'gateway' | 'expired' = 'gateway',
): Promise<boolean> {
  const { db, notifications, listeners, committed, logger, now } = ctx;
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

/** A payment by its public id, or a 404. */
export async function getPayment({ db }: PaymentsContext, publicId: string): Promise<PaymentRow> {
  const payment = await paymentByPublicId(db, publicId);
  if (!payment) throw new AppError('Payment not found', 404);
  return payment;
}
