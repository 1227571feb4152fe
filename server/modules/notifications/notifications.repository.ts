import type { Db } from '../../db/database.ts';
import type { NewNotificationRow, NotificationRow } from './notifications.table.ts';

/** SQL on `notifications`. */
export async function insertNotification(db: Db, row: NewNotificationRow): Promise<void> {
  await db.insertInto('notifications').values(row).execute();
}

export function notificationsOf(db: Db, userId: number): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}
