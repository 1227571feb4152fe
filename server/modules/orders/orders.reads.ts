import { isPublicId } from '../../../shared/orders.ts';
import type { ReadHandlers } from '../../http/reads.ts';
import { AppError } from '../../lib/app-error.ts';
import type { OrdersService } from './orders.service.ts';

/**
 * The orders' public reads of the API contract (docs/api.md): served over HTTP by
 * orders.routes.ts and in process to the pages' loaders (server/ssr/in-process-api.ts).
 * Their order matters on the router: `average_time` before `:id`.
 */
export function ordersReads({ orders }: { orders: OrdersService }) {
  return {
    // public: the order form's side panel reads it
    'GET c_orders/average_time': ({ query }) => orders.own.averageTime(query.tag),
    // the receipt link: whoever holds the unguessable id may follow the order
    'GET c_orders/:id': ({ params: { id } }) => {
      if (!isPublicId(id)) throw new AppError('Order not found', 404);
      return orders.byPublicId(id);
    },
  } satisfies ReadHandlers;
}
