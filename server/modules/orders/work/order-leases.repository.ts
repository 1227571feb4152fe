import type { Db } from '#server/db/database.ts';
import { isPostgres } from '#server/db/engine.ts';
import type { OrderRow } from '../orders.table.ts';

/** The worker's SQL on `orders`: leases on due orders and the submit intent. */

export type ClaimKind =
  | { kind: 'submit'; now: string }
  | { kind: 'sync'; now: string; syncedBefore: string };

/**
 * Leases up to `limit` due orders to a worker in one transaction (PostgreSQL: FOR UPDATE
 * SKIP LOCKED, so concurrent workers pass over each other's rows) and answers them.
 * Due to submit: PAID leaf orders whose retry time has come; to sync: RUNNING ones placed
 * upstream and not asked about since `syncedBefore`.
 */
export async function leaseOrders(
  db: Db,
  which: ClaimKind,
  { owner, until, limit }: { owner: string; until: string; limit: number },
): Promise<OrderRow[]> {
  const postgres = isPostgres(db);
  await db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('orders')
      .select('id')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', which.now)]))
      .where('needs_check', '=', 0)
      .orderBy('id')
      .limit(limit);
    if (which.kind === 'submit') {
      // leaf orders: a _MULTI order is submitted through its rows, one per link (a drip-feed
      // one through its runs)
      query = query
        .where('status', '=', 'PAID')
        .where((eb) =>
          eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', which.now)]),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('orders as child')
                .select('child.id')
                .whereRef('child.parent_id', '=', 'orders.id'),
            ),
          ),
        )
        // a subscription is never sent itself: its post orders are
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('order_subscriptions')
                .select('order_subscriptions.order_id')
                .whereRef('order_subscriptions.order_id', '=', 'orders.id'),
            ),
          ),
        );
    } else {
      query = query
        .where('status', '=', 'RUNNING')
        .where('provider_order_id', 'is not', null)
        .where((eb) =>
          eb.or([eb('synced_at', 'is', null), eb('synced_at', '<=', which.syncedBefore)]),
        );
    }
    const rows = await (postgres ? query.forUpdate().skipLocked() : query).execute();
    if (!rows.length) return;
    await trx
      .updateTable('orders')
      .set({ lease_owner: owner, lease_until: until })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
  });
  return db
    .selectFrom('orders')
    .selectAll()
    .where('lease_owner', '=', owner)
    .where('lease_until', '=', until)
    .orderBy('id')
    .execute();
}

/**
 * The submit intent, committed before the provider is called; it renews the lease, and
 * only the worker that still holds a PAID order not yet placed may record it.
 */
export async function recordSubmitIntent(
  db: Db,
  orderId: number,
  {
    owner,
    providerId,
    at,
    leaseUntil,
  }: { owner: string; providerId: string; at: string; leaseUntil: string },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set((eb) => ({
      submit_started_at: at,
      submit_attempts: eb('submit_attempts', '+', 1),
      provider_id: providerId,
      lease_until: leaseUntil,
    }))
    .where('id', '=', orderId)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'PAID')
    .where('provider_order_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
