import { useIntl } from 'react-intl';
import type { OrderStatus } from '#shared/orders.ts';
import styles from './orders.module.css';

/** An order's state as a coloured badge; the longer wording is its title. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const intl = useIntl();
  return (
    <span
      className={styles.badge}
      data-status={status}
      data-testid="order-status"
      title={intl.formatMessage({ id: `order.status.${status}` })}
    >
      {intl.formatMessage({ id: `cp.orders.status.${status}` })}
    </span>
  );
}
