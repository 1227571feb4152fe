import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { button } from '../../components/button/button.ts';
import { useDropdown } from '../../components/dropdown/dropdown.tsx';
import { Icon } from '../../components/icons/icons.tsx';
import { useLocalePath } from '../../lib/locale.ts';
import { NotificationItem } from './notification-item.tsx';
import styles from './notifications.module.css';
import {
  type NotificationsState,
  readAllRequested,
  selectLatestUnread,
  selectUnread,
} from './notifications.slice.ts';

/**
 * The header's bell (docs/product.md §15, §13): the unread count, and on opening the 3 newest unread, new
 * ones sliding in on top as the live channel brings them; "Mark all read" and a way to all.
 */
export function NotificationBell() {
  const intl = useIntl();
  const to = useLocalePath();
  const dispatch = useDispatch();
  const unread = useSelector(selectUnread) ?? 0;
  const latest = useSelector(selectLatestUnread);
  // the live channel's state, for the eye of a test or a style (not shown as such)
  const live = useSelector(
    (state: { notifications: NotificationsState }) => state.notifications.live,
  );
  const { open, toggle, close, toggleRef, dismissal } = useDropdown('notifications');
  const label =
    unread > 0
      ? intl.formatMessage({ id: 'cp.bell.unread' }, { count: unread })
      : intl.formatMessage({ id: 'cp.bell.label' });
  return (
    <div className={styles.bell} data-open={open || undefined} data-live={live} {...dismissal}>
      <button
        ref={toggleRef}
        type="button"
        className={`${button('secondary')} ${styles.bellButton}`}
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls="notifications-panel"
        onClick={toggle}
        data-testid="bell"
      >
        <Icon name="bell" size={20} />
        {unread > 0 && (
          <span className={styles.badge} data-testid="bell-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <section
        id="notifications-panel"
        className={styles.panel}
        hidden={!open}
        aria-label={intl.formatMessage({ id: 'cp.bell.label' })}
      >
        {open && (
          <>
            <header className={styles.panelHead}>
              <strong>
                <FormattedMessage id="cp.bell.label" />
              </strong>
              {unread > 0 && (
                <button
                  type="button"
                  className={styles.textButton}
                  onClick={() => dispatch(readAllRequested())}
                >
                  <FormattedMessage id="cp.bell.readAll" />
                </button>
              )}
            </header>
            {latest.length ? (
              <ul className={styles.panelList} aria-live="polite">
                {latest.map((note) => (
                  <li key={note.id}>
                    <NotificationItem note={note} unread compact fresh onFollow={close} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.panelEmpty}>
                <FormattedMessage id="cp.bell.empty" />
              </p>
            )}
            <Link to={to('cp-notifications')} className={styles.panelAll} onClick={close}>
              <FormattedMessage id="cp.bell.all" />
            </Link>
          </>
        )}
      </section>
    </div>
  );
}
