import { isFinalStatus, type OwnOrderView } from '../../../shared/orders.ts';
import { api } from '../../lib/api.ts';

/** GET c_orders: one page of the buyer's orders and the total. */
export interface OrdersPage {
  items: OwnOrderView[];
  meta: { total: number; page: number; limit: number };
}

export const fetchOrders = (query: string, signal?: AbortSignal) =>
  api<OrdersPage>(`c_orders?${query}`, signal ? { signal } : {});

/** POST c_orders/{id}/cancel: the order as it is after the cancel. */
export const cancelOrder = (id: string) =>
  api<OwnOrderView>(`c_orders/${id}/cancel`, { method: 'POST' });

/** POST c_orders/{id}/refill: the order with its new refill. */
export const refillOrder = (id: string) =>
  api<OwnOrderView>(`c_orders/${id}/refill`, { method: 'POST' });

/** An order (or one of its links) that is paid or running may still change by itself. */
export const isMoving = (order: OwnOrderView): boolean =>
  (order.status !== 'CREATED' && !isFinalStatus(order.status)) || order.children.some(isMoving);
