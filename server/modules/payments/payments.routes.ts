import express, { type Request, Router } from 'express';
import { API } from '../../../shared/api-contract/index.ts';
import type { DepositInput } from '../../../shared/api-contract/orders.ts';
import { isPublicId, type OrderView } from '../../../shared/orders.ts';
import { BALANCE_METHOD_ID } from '../../../shared/payment-methods.ts';
import { type Currency, isCurrency } from '../../../shared/regions.ts';
import { contextOf, currentUser } from '../../http/request-context.ts';
import { returnPathOf } from '../../http/return-path.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import type { PaymentMethodsService } from './payment-methods.service.ts';
import { type PaymentsService, toPaymentView } from './payments.service.ts';

function paymentId(req: Request): string {
  const id = String(req.params.id);
  if (!isPublicId(id)) throw new AppError('Payment not found', 404);
  return id;
}

/**
 * Gateway webhooks, before the JSON parser: the signature is checked on the raw body.
 * Answers 200 for a valid event (also a replay), 400 for a bad signature.
 */
export function webhookRoutes({ payments }: { payments: PaymentsService }): Router {
  const router = Router();
  router.post(
    '/payments/webhook/:gateway',
    express.raw({ type: '*/*', limit: '64kb' }),
    async (req, res) => {
      const gateway = String(req.params.gateway);
      if (!/^[a-z]{2,32}$/.test(gateway)) throw new AppError('Unknown gateway', 404);
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([key, value]) => [
          key,
          Array.isArray(value) ? value[0] : value,
        ]),
      );
      const result = await payments.handleWebhook(gateway, body, headers);
      res.json({ status: 'success', data: result });
    },
  );
  return router;
}

/** SPEC §7 Payments: POST deposit, GET payment/{id} and its ecommerce view. */
export function paymentsRoutes({
  payments,
  orders,
  paymentMethods,
  publicUrl,
}: {
  payments: PaymentsService;
  /** the orders module's view of the order a payment paid for (payments imports no orders) */
  orders: { ofPayment(paymentId: number): Promise<OrderView | null> };
  paymentMethods: PaymentMethodsService;
  publicUrl: string;
}): Router {
  const router = Router();

  // a balance top-up through a gateway; the balance is credited when the payment settles
  router.post('/deposit', async (req, res) => {
    const user = currentUser(res);
    if (!user) throw new AppError('Log in to top up your balance', 401);
    const input = validate<DepositInput>(API['POST deposit'].body.schema, req.body);
    if (!isCurrency(user.cur)) throw new AppError('Unknown currency: use RUB, USD or EUR', 400);
    const currency: Currency = user.cur;
    // a method that does not take the account's currency is paid in its own, converted at
    // the shop's rate; the balance gets the amount asked, in the account's currency
    const charge = await payments.chargeFor(
      input.amount,
      currency,
      input.pay_currency,
      input.charge,
    );
    const methods = await paymentMethods.list(charge.currency, contextOf(res).visitor.country);
    const method = methods.methods.find((entry) => entry.id === input.method);
    if (!method || method.id === BALANCE_METHOD_ID)
      throw new AppError('This payment method is not available for a top-up', 400);
    const range = method.limits[charge.currency]!;
    if (charge.amount < range.min || charge.amount > range.max)
      throw new AppError(`The amount must be from ${range.min} to ${range.max}`, 400);
    // SPEC §5: the payment policy box, exactly true, where the method asks for it
    if (method.show_agreement_flag && input.agreement !== true)
      throw new AppError('Must check the box', 400);
    const gateway = payments.gatewayFor(await paymentMethods.gatewayOf(method.id));
    if (!gateway) throw new AppError('This payment method is not available for a top-up', 400);
    const payment = await payments.deposit({
      userId: user.id,
      methodId: method.id,
      gateway,
      ...charge,
      returnPath: returnPathOf(req, publicUrl),
    });
    res.status(201).json({ status: 'success', data: payment });
  });

  // the thanks page polls this until the payment is final; a waiting one asks its gateway
  router.get('/payment/:id', async (req, res) => {
    const payment = await payments.refresh(paymentId(req));
    const order = payment.purpose === 'order' ? await orders.ofPayment(payment.id) : null;
    const method = await paymentMethods.codeOf(payment.method_id);
    res.json({ status: 'success', data: toPaymentView(payment, order, method) });
  });

  // the purchase event for analytics: only for a payment that went through
  router.get('/payment/:id/ecommerce', async (req, res) => {
    const payment = await payments.get(paymentId(req));
    if (payment.status !== 'SUCCESS') throw new AppError('The payment is not complete', 409);
    const order = payment.purpose === 'order' ? await orders.ofPayment(payment.id) : null;
    const value = Number(payment.amount) / 100;
    res.json({
      status: 'success',
      data: {
        transaction_id: payment.public_id,
        value,
        currency: payment.currency,
        // one package an order: analytics read price as the unit price (price × quantity = value)
        items: order
          ? [{ item_id: order.tag, item_variant: String(order.count), quantity: 1, price: value }]
          : [{ item_id: 'BALANCE_TOP_UP', quantity: 1, price: value }],
      },
    });
  });

  return router;
}
