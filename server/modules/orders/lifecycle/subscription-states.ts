import type { OrderSubscriptionRow, SubscriptionState } from '../orders.table.ts';

/** A subscription's states and marks, shared by its watcher and its funds' rules. */

export const WATCHING: SubscriptionState[] = ['ACTIVE', 'PAUSED'];
export const RELEASED = { lease_owner: null, lease_until: null } as const;

export const isWatching = (sub: Pick<OrderSubscriptionRow, 'state'> | undefined) =>
  Boolean(sub && WATCHING.includes(sub.state));

/** A subscription for every new post (posts 0): nothing paid ahead, each post order as it comes. */
export const isOpen = (sub: Pick<OrderSubscriptionRow, 'posts'>) => sub.posts === 0;

/** The notification of an open subscription the balance no longer pays for. */
export const PAUSED_FOR_FUNDS = 'subscription.paused';
