import type { Db } from '../../db/database.ts';
import type { NewNotificationRow, NotificationRow } from './notifications.table.ts';

/** SQL on `notifications`. */
export async function insertNotification(db: Db, row: NewNotificationRow): Promise<void> {
  await db.insertInto('notifications').values(row).execute();
}

/** A user's notifications that are due (start_time ≤ now); `unread` keeps the unread ones. */
function dueOf(db: Db, userId: number, now: string, unread: boolean) {
  return db
    .selectFrom('notifications')
    .where('user_id', '=', userId)
    .where('start_time', '<=', now)
    .$if(unread, (qb) => qb.where('read_at', 'is', null));
}

/** A page of a user's due notifications, newest first, with the total. */
export async function notificationsPageOf(
  db: Db,
  userId: number,
  { page, limit, unread, now }: { page: number; limit: number; unread: boolean; now: string },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    dueOf(db, userId, now, unread)
      .selectAll()
      .orderBy('start_time', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    countDue(db, userId, now, unread),
  ]);
  return { rows, total };
}

export async function countDue(
  db: Db,
  userId: number,
  now: string,
  unread: boolean,
): Promise<number> {
  const row = await dueOf(db, userId, now, unread)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Marks a user's due unread notifications read (all of them, or the ones named). */
export async function markRead(
  db: Db,
  userId: number,
  { at, ids }: { at: string; ids?: number[] },
): Promise<number> {
  if (ids && !ids.length) return 0;
  const result = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('start_time', '<=', at)
    .$if(Boolean(ids), (qb) => qb.where('id', 'in', ids!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The outbox: takes up to `limit` due notifications nobody has pushed yet and marks them,
 * in one statement, so two processes never take the same row.
 */
export function takeUnpushed(db: Db, { at, limit }: { at: string; limit: number }) {
  return db
    .updateTable('notifications')
    .set({ pushed_at: at })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('notifications')
        .select('id')
        .where('pushed_at', 'is', null)
        .where('start_time', '<=', at)
        .orderBy('id')
        .limit(limit),
    )
    .where('pushed_at', 'is', null)
    .returningAll()
    .execute();
}
