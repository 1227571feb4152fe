/**
 * Notifications as the API and the live channel show them (docs/product.md §3 Notification, docs/api.md, §13).
 */

/** docs/product.md §13: the notifications page lists 20 a page; the header shows the 3 newest unread. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const HEADER_UNREAD = 3;

/** The live channel's event name (docs/api.md) and the socket.io path. */
export const LIVE_EVENT = 'Notification';
export const LIVE_PATH = '/socket.io';

/** What a notification is about: it picks the icon. */
export const NOTIFICATION_ICONS = ['order', 'payment', 'bonus', 'level', 'withdraw'] as const;
export type NotificationIcon = (typeof NOTIFICATION_ICONS)[number];

export interface NotificationView {
  id: number;
  notification_type: {
    icon: NotificationIcon;
    /** e.g. `order.COMPLETED`, `payment.credited`, `bonus`, `level.reached`, `withdraw.PAID` */
    type: string;
    /** the title, in the user's language */
    name: string;
    message: string;
  };
  /** what it speaks of: order and payment public ids, amounts in minor units, levels */
  data: Record<string, string | number | null>;
  read_at: string | null;
  /** derived: read_at is set */
  read: boolean;
  start_time: string;
  created_at: string;
}

export interface NotificationsPage {
  items: NotificationView[];
  meta: { total: number; page: number; limit: number; unread: number };
}

/** The icon of a type: its first word where it names one, else the order's. */
export function iconOf(type: string): NotificationIcon {
  const head = type.split('.')[0];
  return (NOTIFICATION_ICONS as readonly string[]).includes(head ?? '')
    ? (head as NotificationIcon)
    : 'order';
}
