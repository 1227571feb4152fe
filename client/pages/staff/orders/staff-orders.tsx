import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES } from '../../../../shared/orders.ts';
import { button } from '../../../components/button/button.ts';
import { Link } from '../../../components/link/link.tsx';
import { useStaffData } from '../../../features/staff/use-staff-api.ts';
import { useLocalePath } from '../../../lib/locale.ts';
import styles from '../staff.module.css';
import { StaffFrame } from '../staff-frame.tsx';
import { definedOf, Failure, Money, Pages, Status, Table, When } from '../staff-parts.tsx';

const FILTERS = ['q', 'status', 'provider', 'from', 'to'] as const;
type Filter = Partial<Record<(typeof FILTERS)[number], string>>;

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

/** The search form: what is typed stays here until "Find". */
function OrdersFilters({ filter, onFind }: { filter: Filter; onFind: (next: Filter) => void }) {
  const intl = useIntl();
  const [draft, setDraft] = useState<Filter>(filter);
  const field = (name: keyof Filter) => ({
    name,
    value: draft[name] ?? '',
    onChange: (event: { target: { value: string } }) =>
      setDraft((known) => ({ ...known, [name]: event.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFind(draft);
  };
  return (
    <form className={styles.filters} onSubmit={submit} data-testid="staff-orders-filters">
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
              {status}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.filter}>
        <FormattedMessage id="staff.orders.provider" />
        <input {...field('provider')} maxLength={64} size={12} />
      </label>
      <label className={styles.filter}>
        <FormattedMessage id="staff.from" />
        <input type="date" {...field('from')} />
      </label>
      <label className={styles.filter}>
        <FormattedMessage id="staff.to" />
        <input type="date" {...field('to')} />
      </label>
      <button type="submit" className={button('primary')}>
        <FormattedMessage id="staff.find" />
      </button>
    </form>
  );
}

/** /staff/orders/: orders found by id, public id, API number, link, user or e-mail, and filters. */
export function StaffOrdersPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const [params, setParams] = useSearchParams();
  const filter: Filter = definedOf(params, FILTERS);
  const page = params.get('page') ?? undefined;
  const { data, loading, error, retry } = useStaffData('GET staff/orders', {
    query: { ...filter, ...(page ? { page } : {}), limit: '50' },
  });
  const find = (next: Filter) => setParams(definedOfRecord(next), { preventScrollReset: true });

  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.orders.title' })} capability="orders">
      <OrdersFilters key={params.toString()} filter={filter} onFind={find} />
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
              <td>{order.public_id}</td>
              <td className={styles.wrap}>
                {order.user ? (
                  <Link to={to('staff-user', { id: String(order.user.id) })}>
                    {order.user.login ?? order.user.email}
                  </Link>
                ) : (
                  (order.email ?? '—')
                )}
              </td>
              <td>{order.tag}</td>
              <td className={styles.wrap} title={order.link}>
                {order.link}
              </td>
              <td className={styles.num}>{intl.formatNumber(order.count)}</td>
              <td className={styles.num}>
                <Money minor={order.cost} currency={order.currency} />
              </td>
              <td>
                <Status status={order.status} />
              </td>
              <td>{order.provider_id ?? '—'}</td>
              <td>
                <When iso={order.created_at} />
              </td>
            </tr>
          ))}
        />
      </div>
      <Pages
        meta={data?.meta}
        onPage={(next) => {
          const query = new URLSearchParams(params);
          query.set('page', String(next));
          setParams(query);
        }}
      />
    </StaffFrame>
  );
}

function definedOfRecord(filter: Filter): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter)
      .map(([key, value]) => [key, value?.trim() ?? ''])
      .filter(([, value]) => value),
  );
}
