import type { LoaderFunctionArgs } from 'react-router';
import {
  type FollowedOrder,
  isPublicId,
  type OrderView,
  type PaymentView,
} from '../../../shared/orders.ts';
import { callApi } from '../../lib/endpoints.ts';

/** What a thanks page shows: the payment it follows and the order it paid, when known. */
export interface ThanksData {
  payment: PaymentView | null;
  /** the receipt link's view when it could be read (with the delivery), else the payment's */
  order: ReceiptOrder | OrderView | null;
  /** on the receipt link (`?order=`): whether an account holds the order */
  owned: boolean | null;
}

/** An order as its receipt link shows it, without its history. */
export type ReceiptOrder = Omit<FollowedOrder, 'history'>;

/** On the server: the payments and orders services in process; in the browser: the API. */
export interface PaymentsReader {
  payment(id: string): Promise<PaymentView | null>;
  order(id: string): Promise<ReceiptOrder | null>;
}

export const PAYMENTS_CONTEXT_KEY = 'payments';

const orNull = <T>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null);

const browserReader: PaymentsReader = {
  payment: (id) => orNull(callApi('GET payment/:id', { params: { id } })),
  order: (id) => orNull(callApi('GET c_orders/:id', { params: { id } })),
};

/** Thanks pages: `?payment=` (back from a gateway) or `?order=` (paid from the balance). */
export async function thanksLoader({ request, context }: LoaderFunctionArgs): Promise<ThanksData> {
  const reader =
    (context as unknown as Record<string, PaymentsReader> | undefined)?.[PAYMENTS_CONTEXT_KEY] ??
    browserReader;
  const query = new URL(request.url).searchParams;
  const paymentId = query.get('payment');
  const orderId = query.get('order');
  if (isPublicId(paymentId)) {
    const payment = await reader.payment(paymentId);
    const paid = payment?.order ?? null;
    // the order's delivery too, when it is known (the page follows it from there)
    const order =
      paid && payment?.status === 'SUCCESS' ? ((await reader.order(paid.id)) ?? paid) : paid;
    return { payment, order, owned: null };
  }
  if (isPublicId(orderId)) {
    const order = await reader.order(orderId);
    return { payment: null, order, owned: order?.owned ?? null };
  }
  return { payment: null, order: null, owned: null };
}
