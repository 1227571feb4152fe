import type { OrderRow } from '../orders.table.ts';

/**
 * An order as fulfilment works on it (the worker's submit and sync, a buyer's cancel and
 * refill at the provider): the fields it reads, not the orders table's row, so the table can
 * change without fulfilment knowing. Only the orders module writes an order.
 */
export type WorkOrder = Readonly<
  Pick<
    OrderRow,
    | 'id'
    | 'public_id'
    | 'tag'
    | 'link'
    | 'count'
    | 'comments'
    | 'service_id'
    | 'test'
    | 'provider_id'
    | 'switched_to'
    | 'provider_order_id'
    | 'start_count'
    | 'submit_attempts'
    | 'submit_started_at'
    | 'updated_at'
  >
>;
