import type { Generated, Insertable, Selectable } from 'kysely';

/** SPEC §3 Notification: stored for the user, read later in the cabinet and pushed live. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  /** JSON: what the message speaks of (order id, status, amount …) */
  data: string;
  /** in the user's language */
  message: string;
  read_at: string | null;
  created_at: string;
}

export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotificationRow = Insertable<NotificationsTable>;
