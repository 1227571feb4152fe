import type { Generated, Insertable, Selectable } from 'kysely';

/** docs/product.md §3 Notification: stored for the user, read later in the cabinet and pushed live. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  /** JSON: what the message speaks of (order id, status, amount …) */
  data: string;
  /** title and text, in the user's language when it was made */
  name: string;
  message: string;
  read_at: string | null;
  /** shown from then on (docs/product.md §3) */
  start_time: string;
  /** the outbox mark: set once a process has pushed it to the live channel */
  pushed_at: string | null;
  created_at: string;
}

export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotificationRow = Insertable<NotificationsTable>;
