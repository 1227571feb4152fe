import type { Kysely } from 'kysely';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../shared/locales.ts';
import { pageOfTag } from '../../../shared/orders.ts';
import type { Database, Db } from '../../db/database.ts';
import { fill } from '../../integrations/mail/templates.ts';
import { MESSAGES } from '../../ssr/messages.ts';
import type { NotificationRow } from './notifications.table.ts';

type Trx = Kysely<Database>;

/** Money in a language: 185 ₽, $6.99. */
export function moneyIn(lang: Locale, minor: number, currency: string): string {
  return new Intl.NumberFormat(lang, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: minor % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);
}

/** The name of an order's service in a language (the service page's name). */
export function serviceNameIn(lang: Locale, tag: string): string {
  return MESSAGES[lang][`service.${pageOfTag(tag)}.name`] ?? tag;
}

export interface NewNotification {
  userId: number;
  /** names the message: `notify.<type>` */
  type: string;
  data: Record<string, string | number | null>;
  /** the message's values, already in the user's language where they are words */
  values: (lang: Locale) => Record<string, string>;
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
    async notify(trx: Trx, notification: NewNotification): Promise<void> {
      const user = await trx
        .selectFrom('users')
        .select('lang')
        .where('id', '=', notification.userId)
        .executeTakeFirst();
      if (!user) return;
      const lang = isLocale(user.lang) ? user.lang : DEFAULT_LOCALE;
      const template = MESSAGES[lang][`notify.${notification.type}`] ?? notification.type;
      await trx
        .insertInto('notifications')
        .values({
          user_id: notification.userId,
          type: notification.type,
          data: JSON.stringify(notification.data),
          message: fill(template, notification.values(lang)),
          read_at: null,
          created_at: now().toISOString(),
        })
        .execute();
    },

    listOf(userId: number): Promise<NotificationRow[]> {
      return db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute();
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
