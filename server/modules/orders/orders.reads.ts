import { isPublicId, type OrderStatus } from '#shared/orders.ts';
import { ORDERS_LIST_MESSAGES, type OrdersListQuery } from '#shared/schemas/orders.schemas.ts';
import type { ReadHandlers } from '../../http/reads.ts';
import { AppError } from '../../lib/app-error.ts';
import { ValidationError } from '../../lib/validate.ts';
import type { OrdersService, OwnOrdersQuery } from './orders.service.ts';

/** The list's query as the service takes it; a range that ends before it starts is a 400. */
function ownQueryOf(query: OrdersListQuery): OwnOrdersQuery {
  if (query.from && query.to && query.from > query.to)
    throw new ValidationError({ to: ORDERS_LIST_MESSAGES.range });
  const costMin = query.cost_min === undefined ? undefined : Number(query.cost_min);
  const costMax = query.cost_max === undefined ? undefined : Number(query.cost_max);
  if (costMin !== undefined && costMax !== undefined && costMin > costMax)
    throw new ValidationError({ cost_max: ORDERS_LIST_MESSAGES.range });
  return {
    page: query.page ? Number(query.page) : 1,
    // more than 100 is read as 100 ('Show lines' offers 10 to 100)
    limit: query.limit ? Math.min(Number(query.limit), 100) : 20,
    ...(query.status ? { statuses: [...new Set(query.status.split(','))] as OrderStatus[] } : {}),
    ...(query.platform ? { platform: query.platform } : {}),
    ...(query.tag ? { tag: query.tag } : {}),
    ...(query.q ? { q: query.q.trim() || query.q } : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
    ...(costMin !== undefined ? { costMin } : {}),
    ...(costMax !== undefined ? { costMax } : {}),
  };
}

/**
 * The orders' reads of the API contract (docs/api.md): served over HTTP by
 * orders.routes.ts and in process to the pages' loaders (server/ssr/in-process-api.ts).
 * Their order matters on the router: `average_time` before `:id`.
 */
export function ordersReads({ orders }: { orders: OrdersService }) {
  return {
    // the cabinet's list of the buyer's own orders
    'GET c_orders': ({ query }, { context }) => {
      if (!context.user) throw new AppError('Log in to see your orders', 401);
      return orders.own.list(context.user.id, ownQueryOf(query));
    },
    // public: the order form's side panel reads it
    'GET c_orders/average_time': ({ query }) => orders.own.averageTime(query.tag),
    // the receipt link: whoever holds the unguessable id may follow the order
    'GET c_orders/:id': ({ params: { id } }) => {
      if (!isPublicId(id)) throw new AppError('Order not found', 404);
      return orders.byPublicId(id);
    },
  } satisfies ReadHandlers;
}
