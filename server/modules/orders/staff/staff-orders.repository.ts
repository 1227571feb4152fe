import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { OrderRow, OrderStatus } from '../orders.table.ts';

const likeText = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export interface StaffOrderFilter {
  /** a number (the order's), a public id, or text in the link or the guest's e-mail */
  q?: string;
  /** buyers whose login or e-mail matched `q` */
  userIds?: number[];
  /** one buyer's orders only */
  userId?: number;
  status?: OrderStatus;
  provider?: string;
  from?: string;
  before?: string;
}

/** Every buyer's orders (not their rows) as the staff console finds them, newest first. */
export async function searchOrders(
  db: Db,
  { q, userIds = [], userId, status, provider, from, before }: StaffOrderFilter,
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const number = q !== undefined && /^#?\d{1,10}$/.test(q) ? Number(q.replace('#', '')) : null;
  const base = db
    .selectFrom('orders')
    .where('parent_id', 'is', null)
    .$if(q !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          ...(number !== null ? [eb('id', '=', number)] : []),
          eb('public_id', '=', q!),
          eb('provider_order_id', '=', q!),
          sql<boolean>`lower(${sql.ref('link')}) like ${likeText(q!)} escape '\\'`,
          sql<boolean>`lower(coalesce(${sql.ref('email')}, '')) like ${likeText(q!)} escape '\\'`,
          ...(userIds.length ? [eb('user_id', 'in', userIds)] : []),
        ]),
      ),
    )
    .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId!))
    .$if(status !== undefined, (qb) => qb.where('status', '=', status!))
    .$if(provider !== undefined, (qb) => qb.where('provider_id', '=', provider!))
    .$if(from !== undefined, (qb) => qb.where('created_at', '>=', from!))
    .$if(before !== undefined, (qb) => qb.where('created_at', '<', before!));
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** How many rows each order has (links, runs, post orders). */
export async function rowCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select(['parent_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('parent_id', 'in', ids)
    .groupBy('parent_id')
    .execute();
  return new Map(rows.map((row) => [row.parent_id!, Number(row.n)]));
}

/**
 * A paid order not yet taken by its provider is sent again: the worker takes it in its next
 * round (to `switchedTo` first, when staff switched its provider).
 */
export async function clearSubmit(
  db: Db,
  id: number,
  at: string,
  switchedTo?: string,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      ...(switchedTo === undefined ? {} : { switched_to: switchedTo }),
      needs_check: 0,
      submit_started_at: null,
      next_attempt_at: null,
      lease_owner: null,
      lease_until: null,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('status', '=', 'PAID')
    .where('provider_order_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A paid order not yet taken goes to `providerId` first, in the worker's next round. */
export const switchProvider = (db: Db, id: number, providerId: string, at: string) =>
  clearSubmit(db, id, at, providerId);
