import type { OrderStatus } from '../orders.table.ts';
import type { Progress } from './order-work.ts';
import type { WorkOrder } from './work-order.ts';

/** An answer of the provider, or why there is none: it refused, or could not be reached. */
export type Upstream<T> =
  | { ok: true; value: T }
  | { ok: false; reason: 'refused' | 'unavailable'; message: string };

/** Where a placed order stands at its provider now. */
export interface UpstreamState {
  /** the end it reached (COMPLETED, PARTIAL, CANCELED), or null while it runs */
  end: OrderStatus | null;
  /** the history note of that end (`simulator: Canceled`) */
  note: string;
  progress: Progress;
}

/**
 * What the buyer's cancel and refill ask of the provider an order was placed with
 * (fulfilment implements it: server/modules/fulfilment/order-upstream-actions.ts).
 */
export interface OrderUpstream {
  /** whether the provider's service offers it (its `services` list, cached) */
  allows(order: WorkOrder, action: 'cancel' | 'refill'): Promise<boolean>;
  cancel(order: WorkOrder): Promise<Upstream<null>>;
  /** the provider's refill id */
  refill(order: WorkOrder): Promise<Upstream<string>>;
  refillStatus(order: WorkOrder, refillId: string): Promise<Upstream<string>>;
  status(order: WorkOrder): Promise<Upstream<UpstreamState>>;
}

/** No provider at all (tests of the orders module alone): nothing is offered. */
export const NO_UPSTREAM: OrderUpstream = {
  allows: async () => false,
  cancel: async () => ({ ok: false, reason: 'unavailable', message: 'no provider' }),
  refill: async () => ({ ok: false, reason: 'unavailable', message: 'no provider' }),
  refillStatus: async () => ({ ok: false, reason: 'unavailable', message: 'no provider' }),
  status: async () => ({ ok: false, reason: 'unavailable', message: 'no provider' }),
};
