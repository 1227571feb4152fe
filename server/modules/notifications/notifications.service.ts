import type { Locale } from '#shared/locales.ts';
import {
  iconOf,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationsPage,
  type NotificationView,
} from '#shared/notifications.ts';
import type { Db } from '../../db/database.ts';
import {
  formatCount,
  formatMoney,
  type MessageValues,
  message,
  serviceName,
} from '../../lib/i18n.ts';
import { languageOf } from '../users/users.service.ts';
import {
  countDue,
  insertNotification,
  markRead,
  notificationsPageOf,
  takeUnpushed,
} from './notifications.repository.ts';
import type { NotificationRow } from './notifications.table.ts';

type NotificationData = NotificationView['data'];

export interface NewNotification {
  userId: number;
  /** names the title `notify.name.<type>` and the text `notify.<type>` */
  type: string;
  /**
   * What it speaks of, as plain values; the text is made from them in the reader's language:
   * `count` + `tag` → {quantity} × {service}, `amount` + `currency` → {amount}, and `level`,
   * `percent`, `note` as they are.
   */
  data: NotificationData;
}

function valuesOf(lang: Locale, data: NotificationData): MessageValues {
  const values: MessageValues = {};
  if (typeof data.count === 'number') values.quantity = formatCount(lang, data.count);
  if (typeof data.tag === 'string') values.service = serviceName(lang, data.tag);
  if (typeof data.amount === 'number' && typeof data.currency === 'string')
    values.amount = formatMoney(lang, data.amount, data.currency);
  for (const key of ['level', 'percent', 'note'] as const) {
    const value = data[key];
    if (value !== undefined && value !== null) values[key] = value;
  }
  return values;
}

/** A notification's title and text in a language. */
export function wordsOf(lang: Locale, type: string, data: NotificationData) {
  const values = valuesOf(lang, data);
  return {
    name: message(lang, `notify.name.${type}`, values, ''),
    message: message(lang, `notify.${type}`, values, type),
  };
}

function dataOf(row: NotificationRow): NotificationData {
  try {
    return JSON.parse(row.data) as NotificationData;
  } catch {
    // a row written by hand with bad JSON still lists, without its data
    return {};
  }
}

/**
 * docs/product.md §3 Notification as the API and the live channel show it: in the reader's language when
 * one is asked for, else in the words stored when it was made (the user's language then).
 */
export function toNotificationView(row: NotificationRow, lang?: Locale): NotificationView {
  const data = dataOf(row);
  const words = lang ? wordsOf(lang, row.type, data) : { name: row.name, message: row.message };
  return {
    id: row.id,
    notification_type: {
      icon: iconOf(row.type),
      type: row.type,
      name: words.name || row.name,
      message: words.message,
    },
    data,
    read_at: row.read_at,
    read: row.read_at !== null,
    start_time: row.start_time,
    created_at: row.created_at,
  };
}

/** Told of each pushed notification: its owner, and its view in a language (the live channel). */
export type Publish = (userId: number, inLanguage: (lang: Locale) => NotificationView) => void;

/**
 * Stored notifications (docs/product.md): written in the transaction of the change they tell of,
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
      const words = wordsOf(lang, notification.type, notification.data);
      const at = now().toISOString();
      await insertNotification(trx, {
        user_id: notification.userId,
        type: notification.type,
        data: JSON.stringify(notification.data),
        name: words.name,
        message: words.message,
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
    /** `lang`: the reader's language (the page's), else each as it was written. */
    async page(
      userId: number,
      {
        page = 1,
        limit = NOTIFICATIONS_PAGE_SIZE,
        unread = false,
        lang,
      }: { page?: number; limit?: number; unread?: boolean; lang?: Locale },
    ): Promise<NotificationsPage> {
      const at = now().toISOString();
      const [{ rows, total }, unreadCount] = await Promise.all([
        notificationsPageOf(db, userId, { page, limit, unread, now: at }),
        countDue(db, userId, at, true),
      ]);
      return {
        items: rows.map((row) => toNotificationView(row, lang)),
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
          publish(row.user_id, (lang) => toNotificationView(row, lang));
        sent += rows.length;
        if (rows.length < batch) return sent;
      }
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
