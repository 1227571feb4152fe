import { isFinalStatus, type OwnOrderView } from '../../../shared/orders.ts';
import { callApi } from '../../lib/endpoints.ts';

/** POST c_orders/{id}/cancel: the order as it is after the cancel. */
export const cancelOrder = (id: string) => callApi('POST c_orders/:id/cancel', { params: { id } });

/** POST c_orders/{id}/refill: the order with its new refill. */
export const refillOrder = (id: string) => callApi('POST c_orders/:id/refill', { params: { id } });

/** An order (or one of its links) that is paid or running may still change by itself. */
export const isMoving = (order: OwnOrderView): boolean =>
  (order.status !== 'CREATED' && !isFinalStatus(order.status)) || order.children.some(isMoving);
