import { useIntl } from 'react-intl';
import type { NotificationIcon, NotificationView } from '../../../shared/notifications.ts';
import { Icon, type IconName } from '../../components/icons/icons.tsx';
import { formatDate } from '../../lib/dates.ts';
import styles from './notifications.module.css';

const ICONS: Record<NotificationIcon, IconName> = {
  order: 'bag',
  payment: 'wallet',
  bonus: 'gift',
  level: 'star',
  withdraw: 'arrowUp',
};

/** One notification: its icon per type, title, text and date (SPEC §9 dates). */
export function NotificationItem({
  note,
  unread,
  compact = false,
}: {
  note: NotificationView;
  /** shown as new (it may already be marked read on the server) */
  unread: boolean;
  compact?: boolean;
}) {
  const intl = useIntl();
  const { icon, name, message } = note.notification_type;
  return (
    <article
      className={styles.item}
      data-icon={icon}
      data-unread={unread || undefined}
      data-compact={compact || undefined}
      data-testid="notification"
    >
      <span className={styles.icon} aria-hidden="true">
        <Icon name={ICONS[icon] ?? 'bell'} size={compact ? 18 : 20} />
      </span>
      <div className={styles.body}>
        <h3 className={styles.name}>
          {unread && (
            <span className="visually-hidden">
              {intl.formatMessage({ id: 'cp.notifications.new' })}:{' '}
            </span>
          )}
          {name || message}
        </h3>
        {name && <p className={styles.message}>{message}</p>}
        <time className={styles.time} dateTime={note.start_time}>
          {formatDate(intl, note.start_time)}
        </time>
      </div>
    </article>
  );
}
