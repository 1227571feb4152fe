import type { PaymentsReader } from '../../client/features/payment/payment.loader.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import type { PaymentMethodsService } from '../modules/payments/payment-methods.service.ts';
import { type PaymentsService, toPaymentView } from '../modules/payments/payments.service.ts';

/** The thanks pages' loader data on the server, from the services in process. */
export function paymentsReader(
  payments: PaymentsService,
  orders: OrdersService,
  paymentMethods: PaymentMethodsService,
): PaymentsReader {
  return {
    async payment(id) {
      try {
        const payment = await payments.refresh(id);
        const order = payment.purpose === 'order' ? await orders.ofPayment(payment.id) : null;
        return toPaymentView(payment, order, await paymentMethods.codeOf(payment.method_id));
      } catch {
        return null;
      }
    },
    async order(id) {
      try {
        const { history: _history, ...order } = await orders.byPublicId(id);
        return order;
      } catch {
        return null;
      }
    },
  };
}
