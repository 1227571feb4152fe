import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { NotificationIcon, NotificationView } from '#shared/notifications.ts';
import { Icon, type IconName } from '../../components/icons/icons.tsx';
import { formatDate } from '../../lib/dates.ts';
import { useLocalePath } from '../../lib/locale.ts';
import styles from './notifications.module.css';

const ICONS: Record<NotificationIcon, IconName> = {
  order: 'bag',
  payment: 'wallet',
  bonus: 'gift',
  level: 'star',
  withdraw: 'arrowUp',
};

/** Where a notification leads: the order in the list, the income, the history, the prices. */
function useTarget(note: NotificationView): string | null {
  const to = useLocalePath();
  const order = note.data.order;
  switch (note.notification_type.icon) {
    case 'order':
      return typeof order === 'string' ? `${to('cp-orders')}?q=${order}` : to('cp-orders');
    case 'payment':
      return to('cp-payment-history');
    case 'bonus':
    case 'withdraw':
      return to('cp-income');
    case 'level':
      return to('cp-price');
    default:
      return null;
  }
}

/** One notification: its icon per type, title, text and date (docs/product.md §13 dates), a way to it. */
export function NotificationItem({
  note,
  unread,
  compact = false,
  onFollow,
  fresh = false,
}: {
  note: NotificationView;
  /** shown as new (it may already be marked read on the server) */
  unread: boolean;
  compact?: boolean;
  /** told when the visitor follows it (the bell's panel closes) */
  onFollow?: () => void;
  /** just arrived: it slides in */
  fresh?: boolean;
}) {
  const intl = useIntl();
  const target = useTarget(note);
  const { icon, name, message } = note.notification_type;
  return (
    <article
      className={fresh ? `${styles.item} ${styles.slideIn}` : styles.item}
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
          {target ? (
            <Link to={target} className={styles.follow} onClick={onFollow}>
              {name || message}
            </Link>
          ) : (
            name || message
          )}
        </h3>
        {name && <p className={styles.message}>{message}</p>}
        <time className={styles.time} dateTime={note.start_time}>
          {formatDate(intl, note.start_time)}
        </time>
      </div>
    </article>
  );
}
