import { isFinalStatus, type OwnOrderView } from '#shared/orders.ts';
import { writeAction } from '../../lib/route-write.ts';

/**
 * The order card's writes, made by the action of a page that shows cards (the orders, the
 * dashboard): the buyer's cancel and refill, each answering the order as it is after it.
 */
export const orderCardAction = writeAction(
  ['POST c_orders/:id/cancel', 'POST c_orders/:id/refill'],
  {
    signedIn: true,
  },
);

/** An order (or one of its links) that is paid or running may still change by itself. */
export const isMoving = (order: OwnOrderView): boolean =>
  (order.status !== 'CREATED' && !isFinalStatus(order.status)) || order.children.some(isMoving);
