import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useStaffScreen } from '#client/features/staff/use-staff-route.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import styles from '../staff.module.css';
import { StaffFrame } from '../staff-frame.tsx';
import { FilterForm, type ListFilter, useListQuery } from '../staff-list.tsx';
import { Failure, Money, Pages, Status, statusText, Table, When } from '../staff-parts.tsx';
import { PAYMENT_FILTERS, type StaffScreenData } from '../staff-reads.ts';

type Filter = (typeof PAYMENT_FILTERS)[number];

/** The search form's own fields (the dates and "Find" are the list's). */
function PaymentFilters({
  filter,
  onFind,
}: {
  filter: ListFilter<Filter>;
  onFind: (next: ListFilter<Filter>) => void;
}) {
  const intl = useIntl();
  const any = intl.formatMessage({ id: 'staff.any' });
  return (
    <FilterForm filter={filter} onFind={onFind} dates testId="staff-payments-filters">
      {(field) => (
        <>
          <label className={`${styles.filter} ${styles.search}`}>
            <FormattedMessage id="staff.payments.q" />
            <input type="search" {...field('q')} maxLength={200} />
          </label>
          <label className={styles.filter}>
            <FormattedMessage id="staff.payments.user" />
            <input {...field('user')} inputMode="numeric" size={8} />
          </label>
          <label className={styles.filter}>
            <FormattedMessage id="staff.orders.status" />
            <select {...field('status')}>
              <option value="">{any}</option>
              {['WAITING', 'SUCCESS', 'ERROR'].map((status) => (
                <option key={status} value={status}>
                  {statusText(intl, 'payment', status)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.filter}>
            <FormattedMessage id="staff.payments.purpose" />
            <select {...field('purpose')}>
              <option value="">{any}</option>
              {['order', 'deposit'].map((purpose) => (
                <option key={purpose} value={purpose}>
                  {intl.formatMessage({ id: `staff.payments.purpose.${purpose}` })}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.filter}>
            <FormattedMessage id="staff.payments.gateway" />
            <input {...field('gateway')} maxLength={64} size={10} />
          </label>
        </>
      )}
    </FilterForm>
  );
}

/** /staff/payments/: payments, newest first, filtered (capability `payments`). */
export function StaffPaymentsPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const list = useListQuery(PAYMENT_FILTERS);
  const { data, loading, error, retry } = useStaffScreen<StaffScreenData<'staff-payments'>>();
  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.payments.title' })}>
      <PaymentFilters key={list.key} filter={list.filter} onFind={list.find} />
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      <div aria-busy={loading}>
        <Table
          head={[
            'staff.orders.id',
            'staff.orders.publicId',
            'staff.orders.user',
            'staff.payments.purpose',
            'staff.payments.gateway',
            'staff.payments.ref',
            'staff.ledger.amount',
            'staff.orders.status',
            'staff.orders.created',
            'staff.payments.settled',
          ]}
          testId="staff-payments-table"
          rows={(data?.items ?? []).map((payment) => (
            <tr key={payment.id}>
              <td>
                <Link to={to('staff-payment', { id: String(payment.id) })}>#{payment.id}</Link>
              </td>
              <td>{payment.public_id}</td>
              <td className={styles.wrap}>
                {payment.user ? (
                  <Link to={to('staff-user', { id: String(payment.user.id) })}>
                    {payment.user.login ?? payment.user.email}
                  </Link>
                ) : (
                  '—'
                )}
              </td>
              <td>{intl.formatMessage({ id: `staff.payments.purpose.${payment.purpose}` })}</td>
              <td>{payment.gateway}</td>
              <td className={styles.wrap}>{payment.gateway_ref ?? '—'}</td>
              <td className={styles.num}>
                <Money minor={payment.amount} currency={payment.currency} />
              </td>
              <td>
                <Status kind="payment" status={payment.status} />
              </td>
              <td>
                <When iso={payment.created_at} />
              </td>
              <td>
                <When iso={payment.settled_at} />
              </td>
            </tr>
          ))}
        />
      </div>
      <Pages meta={data?.meta} onPage={list.toPage} />
    </StaffFrame>
  );
}
