import { isPublicId, type OrderView } from '#shared/orders.ts';
import type { ReadHandlers } from '../../http/reads.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentMethodsService } from './payment-methods.service.ts';
import { type PaymentsService, toPaymentView } from './payments.service.ts';

function checkedId(id: string): string {
  if (!isPublicId(id)) throw new AppError('Payment not found', 404);
  return id;
}

/**
 * A payment's reads of the API contract (docs/api.md): served over HTTP by payments.routes.ts
 * and in process to the thanks page's loader (server/ssr/in-process-api.ts).
 */
export function paymentsReads({
  payments,
  orders,
  paymentMethods,
}: {
  payments: PaymentsService;
  /** the orders module's view of the order a payment paid for (payments imports no orders) */
  orders: { ofPayment(paymentId: number): Promise<OrderView | null> };
  paymentMethods: PaymentMethodsService;
}) {
  return {
    // the thanks page polls this until the payment is final; a waiting one asks its gateway
    'GET payment/:id': async ({ params: { id } }) => {
      const payment = await payments.refresh(checkedId(id));
      const order = payment.purpose === 'order' ? await orders.ofPayment(payment.id) : null;
      return toPaymentView(payment, order, await paymentMethods.codeOf(payment.method_id));
    },

    // the purchase event for analytics: only for a payment that went through
    'GET payment/:id/ecommerce': async ({ params: { id } }) => {
      const payment = await payments.get(checkedId(id));
      if (payment.status !== 'SUCCESS') throw new AppError('The payment is not complete', 409);
      const order = payment.purpose === 'order' ? await orders.ofPayment(payment.id) : null;
      const value = Number(payment.amount) / 100;
      return {
        transaction_id: payment.public_id,
        value,
        currency: payment.currency,
        // one package an order: analytics read price as the unit price (price × quantity = value)
        items: order
          ? [{ item_id: order.tag, item_variant: String(order.count), quantity: 1, price: value }]
          : [{ item_id: 'BALANCE_TOP_UP', quantity: 1, price: value }],
      };
    },
  } satisfies ReadHandlers;
}
