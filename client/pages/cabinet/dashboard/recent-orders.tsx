import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { OrderView } from '../../../../shared/orders.ts';
import { api } from '../../../lib/api.ts';
import { useLocalePath } from '../../../lib/locale.ts';
import styles from './recent-orders.module.css';

const SHOWN = 5;

/** The dashboard's last orders (GET c_orders, newest first). */
export function RecentOrders() {
  const to = useLocalePath();
  const [orders, setOrders] = useState<OrderView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (attempt) asks again
  useEffect(() => {
    let live = true;
    setFailed(false);
    api<{ items: OrderView[] }>(`c_orders?limit=${SHOWN}&page=1`)
      .then((data) => live && setOrders(data.items))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [attempt]);

  if (failed)
    return (
      <p role="alert" className={styles.note}>
        <FormattedMessage id="cp.recentFailed" />{' '}
        <button type="button" className={styles.retry} onClick={() => setAttempt(attempt + 1)}>
          <FormattedMessage id="order.retry" />
        </button>
      </p>
    );
  if (!orders)
    return (
      <ul className={styles.list} aria-busy="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className={styles.skeleton} />
        ))}
      </ul>
    );
  if (!orders.length)
    return (
      <p className={styles.note} data-testid="recent-empty">
        <FormattedMessage id="cp.recentEmpty" />
      </p>
    );
  return (
    <ul className={styles.list} data-testid="recent-orders">
      {orders.map((order) => (
        <li key={order.id}>
          <Link to={`${to('cp-orders')}?q=${order.id}`}>{order.id}</Link>
        </li>
      ))}
    </ul>
  );
}
