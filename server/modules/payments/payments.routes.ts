import express, { Router } from 'express';
import { API } from '#shared/api-contract/index.ts';
import type { DepositInput } from '#shared/api-contract/orders.ts';
import type { OrderView } from '#shared/orders.ts';
import { BALANCE_METHOD_ID } from '#shared/payment-methods.ts';
import { type Currency, isCurrency } from '#shared/regions.ts';
import { mountReads } from '../../http/reads.ts';
import { contextOf, currentUser } from '../../http/request-context.ts';
import { returnPathOf } from '../../http/return-path.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import type { PaymentMethodsService } from './payment-methods.service.ts';
import { paymentsReads } from './payments.reads.ts';
import type { PaymentsService } from './payments.service.ts';

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

/** docs/api.md Payments: POST deposit, GET payment/{id} and its ecommerce view. */
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
    // docs/product.md §12: the payment policy box, exactly true, where the method asks for it
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

  mountReads(router, paymentsReads({ payments, orders, paymentMethods }));

  return router;
}
