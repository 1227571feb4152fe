import type { Db } from '#server/db/database.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { OrderLifecycle } from '../lifecycle/order-lifecycle.ts';
import { eventsOf, orderByPublicId, updateOrders } from '../orders.repository.ts';
import type { OrderStatus } from '../orders.table.ts';
import { leaseOrders, recordSubmitIntent } from './order-leases.repository.ts';
import type { WorkOrder } from './work-order.ts';

/** What a provider tells of an order placed with it. */
export interface Progress {
  provider_order_id?: string;
  start_count?: number | null;
  remains?: number | null;
  charge?: string | null;
}

export interface Lease {
  /** names the worker that holds the orders */
  owner: string;
  /** how long it holds them */
  leaseMs: number;
}

const RELEASED = { lease_owner: null, lease_until: null } as const;

export type OrderWork = ReturnType<typeof createOrderWork>;

/**
 * Paid and running orders as fulfilment works on them: leased to one worker at a time,
 * with the submit intent and the provider's progress recorded. Every change of state goes
 * through the lifecycle's transition; fulfilment itself never writes an order.
 */
export function createOrderWork({
  db,
  lifecycle,
  logger,
  now,
}: {
  db: Db;
  lifecycle: OrderLifecycle;
  logger: Logger;
  now: () => Date;
}) {
  const later = (ms: number) => new Date(now().getTime() + ms).toISOString();

  return {
    /** PAID orders due to go to their provider (never a `_MULTI` order itself: its rows go). */
    claimToSubmit({ owner, leaseMs }: Lease, limit: number): Promise<WorkOrder[]> {
      return leaseOrders(
        db,
        { kind: 'submit', now: now().toISOString() },
        { owner, until: later(leaseMs), limit },
      );
    },

    /** RUNNING orders not asked about for `syncEveryMs`. */
    claimToSync(
      { owner, leaseMs }: Lease,
      limit: number,
      syncEveryMs: number,
    ): Promise<WorkOrder[]> {
      return leaseOrders(
        db,
        { kind: 'sync', now: now().toISOString(), syncedBefore: later(-syncEveryMs) },
        { owner, until: later(leaseMs), limit },
      );
    },

    /**
     * Commits the intent to submit before the provider is called (and renews the lease for
     * the call); false when this worker no longer holds the order or it was placed already.
     */
    recordSubmitIntent(order: WorkOrder, lease: Lease, providerId: string): Promise<boolean> {
      return recordSubmitIntent(db, order.id, {
        owner: lease.owner,
        providerId,
        at: now().toISOString(),
        leaseUntil: later(lease.leaseMs),
      });
    },

    /** The provider surely did not take it: try again after `waitMs`. */
    async retryLater(order: WorkOrder, waitMs: number): Promise<void> {
      await updateOrders(db, [order.id], {
        submit_started_at: null,
        next_attempt_at: later(waitMs),
        ...RELEASED,
      });
    },

    /** The provider surely did not take it and we stop trying: the intent is withdrawn. */
    async withdrawIntent(order: WorkOrder): Promise<void> {
      await updateOrders(db, [order.id], { submit_started_at: null });
    },

    /** A submit whose outcome is unknown: never sent again, an operator checks it. */
    async leaveForCheck(order: WorkOrder): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await updateOrders(trx, [order.id], { needs_check: 1, ...RELEASED });
        await lifecycle.record(
          trx,
          [order.id],
          'PAID',
          now().toISOString(),
          'submit outcome unknown: check with the provider',
        );
      });
    },

    /** The provider's news of an order still running. */
    async recordProgress(order: WorkOrder, progress: Progress): Promise<void> {
      const at = now().toISOString();
      const changes = { ...progress, synced_at: at, ...RELEASED };
      // the first start count turns "Processing" into "In progress": told with the change
      if (order.start_count !== null || progress.start_count == null)
        return updateOrders(db, [order.id], changes);
      await db.transaction().execute(async (trx) => {
        await updateOrders(trx, [order.id], changes);
        await lifecycle.started(trx, order.id, at);
      });
    },

    /** Asked about, nothing learnt (the provider had no answer for it). */
    async markSynced(order: WorkOrder): Promise<void> {
      await updateOrders(db, [order.id], { synced_at: now().toISOString(), ...RELEASED });
    },

    /** Gives orders back untouched (their provider could not be asked). */
    async release(orders: WorkOrder[]): Promise<void> {
      await updateOrders(
        db,
        orders.map((order) => order.id),
        RELEASED,
      );
    },

    /**
     * Moves an order through the lifecycle in a transaction of its own, with the provider's
     * progress; false when it had moved on already.
     */
    async move(
      order: WorkOrder,
      from: OrderStatus,
      to: OrderStatus,
      note: string,
      progress: Progress = {},
    ): Promise<boolean> {
      const at = now().toISOString();
      const moved = await db.transaction().execute((trx) =>
        lifecycle.transition(trx, {
          ids: [order.id],
          from,
          to,
          at,
          note,
          set: { ...progress, synced_at: at, ...RELEASED },
        }),
      );
      if (moved.length)
        logger.info({ order: order.public_id, from, to, note, ...progress }, 'order transition');
      return moved.length > 0;
    },

    /** An operator's view: one order's row and history (npm run orders -- status <id>). */
    async history(publicId: string) {
      const order = await orderByPublicId(db, publicId);
      if (!order) return null;
      return { order, events: await eventsOf(db, order.id) };
    },
  };
}
