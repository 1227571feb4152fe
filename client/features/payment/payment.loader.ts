import type { LoaderFunctionArgs } from 'react-router';
import {
  type FollowedOrder,
  isPublicId,
  type OrderView,
  type PaymentView,
} from '#shared/orders.ts';
import { apiOf } from '../../lib/route-api.ts';

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

const orNull = <T>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null);

/** Thanks pages: `?payment=` (back from a gateway) or `?order=` (paid from the balance). */
export async function thanksLoader({ request, context }: LoaderFunctionArgs): Promise<ThanksData> {
  const api = apiOf(context);
  const reader = {
    payment: (id: string) => orNull(api('GET payment/:id', { params: { id } })),
    // the receipt's view, without the order's history
    order: (id: string) =>
      orNull(
        api('GET c_orders/:id', { params: { id } }).then(
          ({ history: _history, ...order }): ReceiptOrder => order,
        ),
      ),
  };
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
