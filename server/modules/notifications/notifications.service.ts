import type { Locale } from '../../../shared/locales.ts';
import {
  iconOf,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationsPage,
  type NotificationView,
} from '../../../shared/notifications.ts';
import type { Db } from '../../db/database.ts';
import { type MessageValues, message } from '../../lib/i18n.ts';
import { languageOf } from '../users/users.service.ts';
import {
  countDue,
  insertNotification,
  markRead,
  notificationsPageOf,
  takeUnpushed,
} from './notifications.repository.ts';
import type { NotificationRow } from './notifications.table.ts';

export interface NewNotification {
  userId: number;
  /** names the title `notify.name.<type>` and the text `notify.<type>` */
  type: string;
  data: Record<string, string | number | null>;
  /** the message's values, already in the user's language where they are words */
  values: (lang: Locale) => MessageValues;
}

/** SPEC §3 Notification as the API and the live channel show it. */
export function toNotificationView(row: NotificationRow): NotificationView {
  let data: NotificationView['data'] = {};
  try {
    data = JSON.parse(row.data) as NotificationView['data'];
  } catch {
    // a row written by hand with bad JSON still lists, without its data
  }
  return {
    id: row.id,
    notification_type: {
      icon: iconOf(row.type),
      type: row.type,
      name: row.name,
      message: row.message,
    },
    data,
    read_at: row.read_at,
    read: row.read_at !== null,
    start_time: row.start_time,
    created_at: row.created_at,
  };
}

/** Told of each pushed notification, with its owner (the live channel). */
export type Publish = (userId: number, notification: NotificationView) => void;

/**
 * Stored notifications (DOMAIN.md): written in the transaction of the change they tell of,
 * in the user's language, listed and read in the cabinet. The live push reads them back from
 * the table once committed (`pushPending`), so nobody hears of a change that rolled back.
 */
export function createNotificationsService({
  db,
  now = () => new Date(),
}: {
  db: Db;
  now?: () => Date;
}) {
  const written = new Set<() => void>();

  return {
    /** Inside the caller's transaction; a user who does not exist gets nothing. */
    async notify(trx: Db, notification: NewNotification): Promise<void> {
      const lang = await languageOf(trx, notification.userId);
      if (!lang) return;
      const values = notification.values(lang);
      const at = now().toISOString();
      await insertNotification(trx, {
        user_id: notification.userId,
        type: notification.type,
        data: JSON.stringify(notification.data),
        name: message(lang, `notify.name.${notification.type}`, values, notification.type),
        message: message(lang, `notify.${notification.type}`, values, notification.type),
        read_at: null,
        start_time: at,
        pushed_at: null,
        created_at: at,
      });
      for (const listener of written) listener();
    },

    /** Called after each notify (the live push looks soon instead of at its next round). */
    onWritten(listener: () => void): () => void {
      written.add(listener);
      return () => written.delete(listener);
    },

    /** `GET user/notifications` (or only the unread ones): a page, newest first. */
    async page(
      userId: number,
      {
        page = 1,
        limit = NOTIFICATIONS_PAGE_SIZE,
        unread = false,
      }: { page?: number; limit?: number; unread?: boolean },
    ): Promise<NotificationsPage> {
      const at = now().toISOString();
      const [{ rows, total }, unreadCount] = await Promise.all([
        notificationsPageOf(db, userId, { page, limit, unread, now: at }),
        countDue(db, userId, at, true),
      ]);
      return {
        items: rows.map(toNotificationView),
        meta: { total, page, limit, unread: unreadCount },
      };
    },

    unreadCount(userId: number): Promise<number> {
      return countDue(db, userId, now().toISOString(), true);
    },

    /** Marks every due notification of the user read (or the ones named); answers how many. */
    readAll(userId: number, ids?: number[]): Promise<number> {
      return markRead(db, userId, { at: now().toISOString(), ...(ids ? { ids } : {}) });
    },

    /**
     * The outbox round: hands committed notifications nobody has pushed yet to `publish`,
     * a batch at a time; answers how many went. Two processes never take the same row.
     */
    async pushPending(publish: Publish, batch = 200): Promise<number> {
      let sent = 0;
      for (;;) {
        const rows = await takeUnpushed(db, { at: now().toISOString(), limit: batch });
        for (const row of rows.sort((a, b) => a.id - b.id))
          publish(row.user_id, toNotificationView(row));
        sent += rows.length;
        if (rows.length < batch) return sent;
      }
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
