import { localeOfPath } from '#shared/locales.ts';
import type { Currency } from '#shared/regions.ts';
import type { Db } from '../../db/database.ts';
import type { GatewayStatus } from '../../integrations/payments/payment-gateway.ts';
import { AppError } from '../../lib/app-error.ts';
import { message } from '../../lib/i18n.ts';
import { newPublicId } from '../../lib/ids.ts';
import {
  gatewayOf,
  getPayment,
  type NewPayment,
  type PaymentsContext,
  reasonOf,
  recordEvent,
  settle,
} from './payment-settlement.ts';
import {
  insertPayment,
  paymentByPublicId,
  setCheckout,
  waitingSince,
} from './payments.repository.ts';
import type { PaymentEventSource, PaymentRow } from './payments.table.ts';

/** Writes a WAITING payment inside the caller's transaction. */
export async function insertWaiting(
  { now }: PaymentsContext,
  trx: Db,
  input: NewPayment & { gateway: string },
): Promise<PaymentRow> {
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
}

/** A balance top-up: a WAITING deposit payment and the gateway's checkout. */
export async function deposit(
  ctx: PaymentsContext,
  input: Omit<NewPayment, 'purpose'> & { userId: number; gateway: string },
) {
  const payment = await ctx.db
    .transaction()
    .execute((trx) => insertWaiting(ctx, trx, { ...input, purpose: 'deposit' }));
  // the gateway shows it to the payer: in the language of the page they came from
  const words = message(localeOfPath(input.returnPath), 'payment.description.topUp');
  const redirect = await startCheckout(ctx, payment, words);
  return { payment: { id: payment.public_id, status: payment.status }, redirect };
}

/** Asks the payment's gateway for a checkout; answers where to send the buyer. */
export async function startCheckout(
  ctx: PaymentsContext,
  payment: PaymentRow,
  description: string,
): Promise<string> {
  const { db, publicUrl, logger, now } = ctx;
  const gateway = gatewayOf(ctx, payment.gateway);
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
    const failed = await settle(ctx, payment.public_id, 'ERROR');
    await recordEvent(ctx, payment.id, 'checkout', 'ERROR', failed, reasonOf(error));
    throw new AppError('The payment service is temporary unavailable', 503);
  }
  await setCheckout(db, payment.id, {
    gateway_ref: opened.ref,
    checkout_url: opened.redirectUrl,
    updated_at: now().toISOString(),
  });
  await recordEvent(ctx, payment.id, 'checkout', 'WAITING', false, opened.ref);
  return opened.redirectUrl;
}

/** A gateway's webhook: verified on the raw body, then settled (idempotent). */
export async function handleWebhook(
  ctx: PaymentsContext,
  gatewayName: string,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
): Promise<{ settled: boolean }> {
  const { db, byName, logger } = ctx;
  // a name we have no gateway for is the caller's mistake, not an outage
  if (!byName.has(gatewayName)) throw new AppError('Unknown gateway', 404);
  const event = gatewayOf(ctx, gatewayName).verifyWebhook(rawBody, headers);
  if (!event) throw new AppError('Invalid signature', 400);
  // a genuine event about something that is not a payment of ours: acknowledged, ignored
  if (!event.publicId) return { settled: false };
  const payment = await paymentByPublicId(db, event.publicId);
  if (!payment || payment.gateway !== gatewayName) throw new AppError('Unknown payment', 404);
  const settled = await settle(ctx, event.publicId, event.status);
  await recordEvent(ctx, payment.id, 'webhook', event.status, settled, event.eventId);
  if (!settled && event.status === 'SUCCESS') {
    const current = await getPayment(ctx, event.publicId);
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
}

/** Polls the gateway of a payment still waiting; settles it when the gateway has decided. */
export async function refresh(
  ctx: PaymentsContext,
  publicId: string,
  source: Extract<PaymentEventSource, 'poll' | 'recheck'> = 'poll',
): Promise<PaymentRow> {
  const payment = await getPayment(ctx, publicId);
  if (payment.status === 'WAITING' && payment.gateway_ref) {
    let status: GatewayStatus;
    try {
      status = await gatewayOf(ctx, payment.gateway).status(payment.gateway_ref);
    } catch (error) {
      await recordEvent(ctx, payment.id, source, 'ERROR', false, reasonOf(error));
      throw error;
    }
    // a gateway still waiting is not kept: the waiting page asks every 2 s
    if (status !== 'WAITING') {
      const settled = await settle(ctx, publicId, status);
      await recordEvent(ctx, payment.id, source, status, settled, payment.gateway_ref);
      if (settled) return getPayment(ctx, publicId);
    }
  }
  return payment;
}

/**
 * The worker's round: payments still waiting after `recheckAfterMs` are asked
 * of their gateway; those waiting past `expireAfterMs` are given up (their orders expire).
 */
export async function recheckWaiting(
  ctx: PaymentsContext,
  {
    recheckAfterMs,
    expireAfterMs,
    limit = 100,
  }: {
    recheckAfterMs: number;
    expireAfterMs: number;
    limit?: number;
  },
): Promise<{ checked: number; settled: number; expired: number }> {
  const { db, logger, now } = ctx;
  const at = now().getTime();
  const waiting = await waitingSince(db, new Date(at - recheckAfterMs).toISOString(), limit);
  let settled = 0;
  let expired = 0;
  const giveUp = async (id: number, publicId: string, why: string) => {
    if (!(await settle(ctx, publicId, 'ERROR', 'expired'))) return;
    expired += 1;
    await recordEvent(ctx, id, 'expiry', 'ERROR', true, why);
  };
  for (const { id, public_id: publicId, created_at: createdAt } of waiting) {
    try {
      const payment = await refresh(ctx, publicId, 'recheck');
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
}
