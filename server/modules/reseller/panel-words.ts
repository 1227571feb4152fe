import type { OrderStatus } from '../../../shared/orders.ts';

/** Money of minor units as the panel protocol writes it: a decimal string. */
export const decimal = (minor: number, digits = 2) => (minor / 100).toFixed(digits);

/** Our order states in the protocol's words (DOMAIN.md "Upstream providers"). */
export function panelStatus(order: { status: OrderStatus; start_count: number | null }): string {
  switch (order.status) {
    case 'CREATED':
    case 'PAID':
      return 'Pending';
    case 'RUNNING':
      return order.start_count === null ? 'Processing' : 'In progress';
    case 'COMPLETED':
      return 'Completed';
    case 'PARTIAL':
      return 'Partial';
    default:
      return 'Canceled';
  }
}

/** What the protocol tells of an order's progress, in one place for every kind of order. */
export interface OrderProgress {
  status: OrderStatus;
  start_count: number | null;
  remains: number | null;
  count: number;
  cost: number;
  refunded: number;
  currency: string;
}

/** An order as `status` answers it, and as a status webhook tells it. */
export function panelOrderStatus(order: OrderProgress) {
  return {
    charge: decimal(order.cost - order.refunded, 5),
    start_count: String(order.start_count ?? 0),
    status: panelStatus(order),
    remains: String(order.remains ?? (order.status === 'COMPLETED' ? 0 : order.count)),
    currency: order.currency,
  };
}
