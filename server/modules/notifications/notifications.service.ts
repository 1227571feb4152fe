import type { Locale } from '../../../shared/locales.ts';
import type { Db } from '../../db/database.ts';
import { type MessageValues, message } from '../../lib/i18n.ts';
import { languageOf } from '../users/users.service.ts';
import { insertNotification, notificationsOf } from './notifications.repository.ts';
import type { NotificationRow } from './notifications.table.ts';

export interface NewNotification {
  userId: number;
  /** names the message: `notify.<type>` */
  type: string;
  data: Record<string, string | number | null>;
  /** the message's values, already in the user's language where they are words */
  values: (lang: Locale) => MessageValues;
}

/**
 * Stored notifications (DOMAIN.md): written in the transaction of the change they tell of,
 * in the user's language, for the cabinet to list and push live.
 */
export function createNotificationsService({
  db,
  now = () => new Date(),
}: {
  db: Db;
  now?: () => Date;
}) {
  return {
    /** Inside the caller's transaction; a user who does not exist gets nothing. */
    async notify(trx: Db, notification: NewNotification): Promise<void> {
      const lang = await languageOf(trx, notification.userId);
      if (!lang) return;
      await insertNotification(trx, {
        user_id: notification.userId,
        type: notification.type,
        data: JSON.stringify(notification.data),
        message: message(
          lang,
          `notify.${notification.type}`,
          notification.values(lang),
          notification.type,
        ),
        read_at: null,
        created_at: now().toISOString(),
      });
    },

    listOf(userId: number): Promise<NotificationRow[]> {
      return notificationsOf(db, userId);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
