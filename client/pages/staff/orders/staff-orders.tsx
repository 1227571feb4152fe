import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useStaffScreen } from '#client/features/staff/use-staff-route.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import { ORDER_STATUSES } from '#shared/orders.ts';
import styles from '../staff.module.css';
import { StaffFrame } from '../staff-frame.tsx';
import { FilterForm, type ListFilter, useListQuery } from '../staff-list.tsx';
import {
  Failure,
  Money,
  Pages,
  ServiceTag,
  Status,
  statusText,
  Table,
  When,
} from '../staff-parts.tsx';
import { ORDER_FILTERS, type StaffScreenData } from '../staff-reads.ts';

type Filter = (typeof ORDER_FILTERS)[number];

const HEAD = [
  'staff.orders.id',
  'staff.orders.publicId',
  'staff.orders.user',
  'staff.orders.service',
  'staff.orders.link',
  'staff.orders.count',
  'staff.orders.cost',
  'staff.orders.status',
  'staff.orders.provider',
  'staff.orders.created',
];

/** The search form's own fields (the dates and "Find" are the list's). */
function OrdersFilters({
  filter,
  onFind,
}: {
  filter: ListFilter<Filter>;
  onFind: (next: ListFilter<Filter>) => void;
}) {
  const intl = useIntl();
  return (
    <FilterForm filter={filter} onFind={onFind} dates testId="staff-orders-filters">
      {(field) => (
        <>
          <label className={`${styles.filter} ${styles.search}`}>
            <FormattedMessage id="staff.orders.q" />
            <input
              type="search"
              {...field('q')}
              maxLength={200}
              placeholder={intl.formatMessage({ id: 'staff.orders.qHint' })}
            />
          </label>
          <label className={styles.filter}>
            <FormattedMessage id="staff.orders.status" />
            <select {...field('status')}>
              <option value="">{intl.formatMessage({ id: 'staff.any' })}</option>
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {statusText(intl, 'order', status)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.filter}>
            <FormattedMessage id="staff.orders.provider" />
            <input {...field('provider')} maxLength={64} size={12} />
          </label>
        </>
      )}
    </FilterForm>
  );
}

/** /staff/orders/: orders found by id, public id, API number, link, user or e-mail, and filters. */
export function StaffOrdersPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const list = useListQuery(ORDER_FILTERS);
  const { data, loading, error, retry } = useStaffScreen<StaffScreenData<'staff-orders'>>();

  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.orders.title' })}>
      <OrdersFilters key={list.key} filter={list.filter} onFind={list.find} />
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      <div aria-busy={loading} data-testid="staff-orders">
        <Table
          head={HEAD}
          testId="staff-orders-table"
          rows={(data?.items ?? []).map((order) => (
            <tr key={order.id}>
              <td>
                <Link to={to('staff-order', { id: String(order.id) })}>#{order.id}</Link>
              </td>
              <td className={styles.short} title={order.public_id}>
                {order.public_id}
              </td>
              <td className={styles.lines}>
                {order.user ? (
                  <Link to={to('staff-user', { id: String(order.user.id) })}>
                    {order.user.login ?? order.user.email}
                  </Link>
                ) : (
                  (order.email ?? '—')
                )}
              </td>
              <td>
                <ServiceTag tag={order.tag} names={order.service_names} />
              </td>
              <td className={styles.wrap} title={order.link}>
                {order.link}
              </td>
              <td className={styles.num}>{intl.formatNumber(order.count)}</td>
              <td className={styles.num}>
                <Money minor={order.cost} currency={order.currency} />
              </td>
              <td>
                <Status kind="order" status={order.status} />
              </td>
              <td className={styles.short} title={order.provider_id ?? undefined}>
                {order.provider_id ?? '—'}
              </td>
              {/* "1 minute ago" in some languages is long: it may take two lines, not the width */}
              <td className={styles.lines}>
                <When iso={order.created_at} />
              </td>
            </tr>
          ))}
        />
      </div>
      <Pages meta={data?.meta} onPage={list.toPage} />
    </StaffFrame>
  );
}
