import type { Insertable, Updateable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { isPostgres } from '#server/db/engine.ts';
import type {
  OrderSubscriptionRow,
  OrderSubscriptionsTable,
  SubscriptionState,
} from '../orders.table.ts';

/** The SQL on `order_subscriptions` (the orders module's table, migration 0015). */

export async function insertSubscription(
  db: Db,
  row: Insertable<OrderSubscriptionsTable>,
): Promise<void> {
  await db.insertInto('order_subscriptions').values(row).execute();
}

export async function subscriptionsOf(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, OrderSubscriptionRow>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .selectFrom('order_subscriptions')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .execute();
  return new Map(rows.map((row) => [row.order_id, row]));
}

export async function updateSubscription(
  db: Db,
  orderId: number,
  changes: Updateable<OrderSubscriptionsTable>,
  /** only while it is in one of these states */
  states?: readonly SubscriptionState[],
): Promise<boolean> {
  let query = db.updateTable('order_subscriptions').set(changes).where('order_id', '=', orderId);
  if (states) query = query.where('state', 'in', [...states]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Leases up to `limit` watching subscriptions due for a look (their order paid or running)
 * to a worker, as `leaseOrders` does for orders; answers them.
 */
export async function leaseDueSubscriptions(
  db: Db,
  { now, owner, until, limit }: { now: string; owner: string; until: string; limit: number },
): Promise<OrderSubscriptionRow[]> {
  await db.transaction().execute(async (trx) => {
    const query = trx
      .selectFrom('order_subscriptions')
      .innerJoin('orders', 'orders.id', 'order_subscriptions.order_id')
      .select('order_subscriptions.order_id')
      .where('order_subscriptions.state', 'in', ['ACTIVE', 'PAUSED'])
      .where('orders.status', 'in', ['PAID', 'RUNNING'])
      .where((eb) =>
        eb.or([
          eb('order_subscriptions.next_check_at', 'is', null),
          eb('order_subscriptions.next_check_at', '<=', now),
        ]),
      )
      .where((eb) =>
        eb.or([
          eb('order_subscriptions.lease_until', 'is', null),
          eb('order_subscriptions.lease_until', '<', now),
        ]),
      )
      .orderBy('order_subscriptions.order_id')
      .limit(limit);
    const rows = await (isPostgres(db)
      ? query.forUpdate('order_subscriptions').skipLocked()
      : query
    ).execute();
    if (!rows.length) return;
    await trx
      .updateTable('order_subscriptions')
      .set({ lease_owner: owner, lease_until: until })
      .where(
        'order_id',
        'in',
        rows.map((row) => row.order_id),
      )
      .execute();
  });
  return db
    .selectFrom('order_subscriptions')
    .selectAll()
    .where('lease_owner', '=', owner)
    .where('lease_until', '=', until)
    .orderBy('order_id')
    .execute();
}
