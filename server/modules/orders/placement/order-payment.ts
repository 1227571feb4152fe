import { AppError } from '#server/lib/app-error.ts';
import { BALANCE_METHOD_ID } from '#shared/payment-methods.ts';
import type { Currency } from '#shared/regions.ts';
import type { OrderInput } from '#shared/schemas/orders.schemas.ts';
import type { PaymentMethodsService } from '../../payments/payment-methods.service.ts';
import type { PaymentsService } from '../../payments/payments.service.ts';
import { ORDER_ERRORS } from './order-checks.ts';

/**
 * How an order of `cost` is paid: the method the buyer chose, listed for the currency it
 * charges in and the buyer's country, within its limits, with its agreement, and a gateway
 * that serves it; or the balance (a signed-in buyer's, in the order's currency). A method that
 * does not take the order's currency charges in its own, converted at the shop's rate
 * (docs/api.md "Paying in another currency").
 */
export async function paymentOf(
  {
    paymentMethods,
    payments,
  }: {
    paymentMethods: PaymentMethodsService;
    payments: Pick<PaymentsService, 'chargeFor' | 'gatewayFor'>;
  },
  {
    cost,
    currency,
    signedIn,
    input,
    country,
  }: { cost: number; currency: Currency; signedIn: boolean; input: OrderInput; country: string },
) {
  const fromBalance = input.method === BALANCE_METHOD_ID;
  const charge = fromBalance
    ? { amount: cost, currency }
    : await payments.chargeFor(cost, currency, input.pay_currency, input.charge);
  const methods = await paymentMethods.list(charge.currency, country);
  const method = methods.methods.find((entry) => entry.id === input.method);
  if (!method) throw new AppError(ORDER_ERRORS.method, 400);
  if (fromBalance) {
    if (!signedIn) throw new AppError(ORDER_ERRORS.balance, 400);
  } else {
    const range = method.limits[charge.currency]!;
    if (charge.amount < range.min) throw new AppError(ORDER_ERRORS.methodMin, 400);
    if (charge.amount > range.max) throw new AppError(ORDER_ERRORS.methodMax, 400);
  }
  if (method.show_agreement_flag && input.agreement !== true)
    throw new AppError(ORDER_ERRORS.agreement, 400);
  const gateway = fromBalance
    ? null
    : payments.gatewayFor(await paymentMethods.gatewayOf(method.id));
  if (!fromBalance && !gateway) throw new AppError(ORDER_ERRORS.method, 400);
  return { method, fromBalance, gateway, charge };
}
