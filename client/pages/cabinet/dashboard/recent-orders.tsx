import { FormattedMessage } from 'react-intl';
import { useDispatch } from 'react-redux';
import { useLiveRefresh } from '../../../features/notifications/use-live-refresh.ts';
import { OrderCard, OrderCardSkeleton } from '../../../features/orders/order-card.tsx';
import { useOrders } from '../../../features/orders/use-orders.ts';
import { userRefreshNeeded } from '../../../features/session/session.slice.ts';
import styles from './recent-orders.module.css';

const SHOWN = 5;

/** The dashboard's last orders (GET c_orders, newest first), kept live while they run. */
export function RecentOrders() {
  const dispatch = useDispatch();
  const { page, loading, error, reload, replace } = useOrders({ limit: String(SHOWN), page: '1' });
  // an order changed (the live channel says so): read the list again at once
  useLiveRefresh('order.', reload);

  if (error && !page)
    return (
      <p role="alert" className={styles.note}>
        <FormattedMessage id="cp.recentFailed" />{' '}
        <button type="button" className={styles.retry} onClick={reload}>
          <FormattedMessage id="order.retry" />
        </button>
      </p>
    );
  if (!page || (loading && !page.items.length))
    return (
      <div className={styles.list} aria-busy="true">
        <OrderCardSkeleton />
        <OrderCardSkeleton />
      </div>
    );
  if (!page.items.length)
    return (
      <p className={styles.note} data-testid="recent-empty">
        <FormattedMessage id="cp.recentEmpty" />
      </p>
    );
  return (
    <div className={styles.list} data-testid="recent-orders">
      {page.items.map((order) => (
        <OrderCard
          key={order.id}
          order={order}
          onChanged={(changed) => {
            replace(changed);
            // a cancel gives money back: the header's balance follows
            dispatch(userRefreshNeeded());
          }}
        />
      ))}
    </div>
  );
}
