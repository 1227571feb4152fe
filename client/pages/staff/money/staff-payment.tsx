import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useStaffScreen } from '#client/features/staff/use-staff-route.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import styles from '../staff.module.css';
import { StaffFrame } from '../staff-frame.tsx';
import { Facts, Failure, Money, ServiceTag, Status, Table, When, wordOf } from '../staff-parts.tsx';
import type { StaffScreenData } from '../staff-reads.ts';

/** /staff/payments/:id/: a payment, its gateway events (oldest first), its order or top-up. */
export function StaffPaymentPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const { id = '' } = useParams();
  const {
    data: payment,
    loading,
    error,
    retry,
  } = useStaffScreen<StaffScreenData<'staff-payment'>>();
  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.payment.title' }, { id })}>
      <p>
        <Link to={to('staff-payments')}>
          ← {intl.formatMessage({ id: 'staff.payments.title' })}
        </Link>
      </p>
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      {!payment && loading && <p aria-busy="true">…</p>}
      {payment && (
        <div data-testid="staff-payment">
          <Facts
            items={[
              ['staff.orders.publicId', payment.public_id],
              [
                'staff.orders.user',
                payment.user ? (
                  <Link key="user" to={to('staff-user', { id: String(payment.user.id) })}>
                    {payment.user.login ?? payment.user.email}
                  </Link>
                ) : null,
              ],
              [
                'staff.payments.purpose',
                intl.formatMessage({ id: `staff.payments.purpose.${payment.purpose}` }),
              ],
              ['staff.payments.gateway', `${payment.gateway} (${payment.method_id})`],
              ['staff.payments.ref', payment.gateway_ref],
              [
                'staff.ledger.amount',
                <Money key="amount" minor={payment.amount} currency={payment.currency} />,
              ],
              [
                'staff.orders.status',
                <Status kind="payment" key="status" status={payment.status} />,
              ],
              ['staff.orders.created', <When key="created" iso={payment.created_at} />],
              ['staff.payments.settled', <When key="settled" iso={payment.settled_at} />],
              ['staff.payment.return', payment.return_path],
              [
                'staff.payment.deposit',
                payment.deposit
                  ? intl.formatMessage({
                      id: payment.deposit.credited
                        ? 'staff.payment.credited'
                        : 'staff.payment.notCredited',
                    })
                  : null,
              ],
            ]}
          />
          {payment.order && (
            <>
              <h2 className={styles.subtitle}>
                <FormattedMessage id="staff.payment.order" />
              </h2>
              <Table
                head={[
                  'staff.orders.publicId',
                  'staff.orders.service',
                  'staff.orders.link',
                  'staff.orders.count',
                  'staff.orders.cost',
                  'staff.orders.status',
                ]}
                rows={[
                  <tr key="order">
                    <td>
                      <Link to={`${to('staff-orders')}?q=${encodeURIComponent(payment.order.id)}`}>
                        {payment.order.id}
                      </Link>
                    </td>
                    <td>
                      <ServiceTag tag={payment.order.tag} names={payment.order.service_names} />
                    </td>
                    <td className={styles.wrap}>{payment.order.link}</td>
                    <td className={styles.num}>{intl.formatNumber(payment.order.count)}</td>
                    <td className={styles.num}>
                      <Money minor={payment.order.cost} currency={payment.order.currency} />
                    </td>
                    <td>
                      <Status kind="order" status={payment.order.status} />
                    </td>
                  </tr>,
                ]}
              />
            </>
          )}
          <h2 className={styles.subtitle}>
            <FormattedMessage id="staff.payment.events" />
          </h2>
          <Table
            head={[
              'staff.time',
              'staff.payment.source',
              'staff.orders.status',
              'staff.payment.settledBy',
              'staff.payment.detail',
            ]}
            testId="staff-payment-events"
            rows={payment.events.map((event) => (
              <tr key={event.id}>
                <td>
                  <When iso={event.created_at} />
                </td>
                <td>{wordOf(intl, 'eventSource', event.source)}</td>
                <td>
                  <Status kind="payment" status={event.status} />
                </td>
                <td>{intl.formatMessage({ id: event.settled ? 'staff.yes' : 'staff.no' })}</td>
                <td className={styles.json}>{event.detail ?? '—'}</td>
              </tr>
            ))}
          />
        </div>
      )}
    </StaffFrame>
  );
}
