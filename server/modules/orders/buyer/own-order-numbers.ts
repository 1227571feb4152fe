import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { OwnOrderView, RefillView } from '#shared/orders.ts';
import type { OrderRefillRow, OrderRow } from '../orders.table.ts';
import {
  latestRefills,
  ownOrderByIdempotencyKey,
  ownOrdersByIds,
  refillOfUser,
  releaseIdempotencyKey,
} from './own-orders.repository.ts';

/**
 * A buyer's orders as the reseller API names them: by number (the row id, as
 * panels expect), refills by number, and the order a retry key placed. Part of own orders,
 * which hands in how it reads and shows an order.
 */
export function createOrderNumbers({
  db,
  now,
  viewsOf,
  mine,
  toRefillView,
  refillStatus,
  noRefill,
}: {
  db: Db;
  now: () => Date;
  viewsOf: (rows: OrderRow[]) => Promise<OwnOrderView[]>;
  mine: (publicId: string, userId: number) => Promise<OrderRow>;
  toRefillView: (row: OrderRefillRow) => RefillView;
  refillStatus: (publicId: string, userId: number) => Promise<RefillView>;
  /** the words of a refill that is not there (own orders' own) */
  noRefill: string;
}) {
  return {
    /** The user's orders by their numbers, as the buyer sees them; others are left out. */
    async byNumbers(userId: number, ids: number[]): Promise<Map<number, OwnOrderView>> {
      const rows = await ownOrdersByIds(db, userId, [...new Set(ids)]);
      const views = await viewsOf(rows);
      return new Map(rows.map((row, index) => [row.id, views[index]!]));
    },

    /** The number of an order's latest refill (the reseller API's refill id), or null. */
    async refillNumberOf(publicId: string, userId: number): Promise<number | null> {
      const order = await mine(publicId, userId);
      return (await latestRefills(db, [order.id])).get(order.id)?.id ?? null;
    },

    /** A refill by its number: the latest of its order is asked of the provider first. */
    async refillByNumber(refillId: number, userId: number): Promise<RefillView> {
      const row = await refillOfUser(db, refillId, userId);
      if (!row) throw new AppError(noRefill, 404);
      const latest = (await latestRefills(db, [row.order_id])).get(row.order_id);
      return latest?.id === row.id ? refillStatus(row.public_id, userId) : toRefillView(row);
    },

    /**
     * The order placed with this idempotency key within `windowMs`, by number; a key used
     * longer ago is let go, so it may place again.
     */
    async byIdempotencyKey(userId: number, key: string, windowMs: number): Promise<number | null> {
      const since = new Date(now().getTime() - windowMs).toISOString();
      await releaseIdempotencyKey(db, userId, key, since);
      return (await ownOrderByIdempotencyKey(db, userId, key, since))?.id ?? null;
    },

    /** An order's number (the reseller API's id) by its public id. */
    async numberOf(publicId: string, userId: number): Promise<number> {
      return (await mine(publicId, userId)).id;
    },
  };
}
