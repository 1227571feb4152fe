import { FormattedMessage } from 'react-intl';
import { useDispatch } from 'react-redux';
import { OrderCard, OrderCardSkeleton } from '#client/features/orders/order-card.tsx';
import { userRefreshNeeded } from '#client/features/session/session.slice.ts';
import type { OrdersPage } from '#shared/orders.ts';
import { type Part, usePart } from '../cabinet-data.ts';
import { useLiveOrders } from '../live-orders.ts';
import styles from './recent-orders.module.css';

/** The dashboard's last orders (its loader's GET c_orders, newest first), kept live while they run. */
export function RecentOrders({ recent }: { recent: Part<OrdersPage> }) {
  const dispatch = useDispatch();
  const { data: page, loading, error, retry } = usePart(recent);
  useLiveOrders(page);

  if (error && !page)
    return (
      <p role="alert" className={styles.note}>
        <FormattedMessage id="cp.recentFailed" />{' '}
        <button type="button" className={styles.retry} onClick={retry}>
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
          // the order's new state comes with the page's data again (the action's revalidation);
          // a cancel gives money back: the header's balance follows
          onChanged={() => dispatch(userRefreshNeeded())}
        />
      ))}
    </div>
  );
}
