import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useStaffSession } from '#client/features/staff/staff-session.tsx';
import { useLocalePath } from '#client/lib/locale.ts';
import type { StaffUserDetail } from '#shared/staff.ts';
import styles from '../staff.module.css';
import { Facts, Money, Status, Table, When } from '../staff-parts.tsx';

/** A user's referral standing: who brought them, whom they brought, and what it earned. */
export function UserReferrals({ referrals }: { referrals: StaffUserDetail['referrals'] }) {
  const to = useLocalePath();
  const money = (minor: number) => (
    <Money key={minor} minor={minor} currency={referrals.currency} />
  );
  return (
    <>
      <h2 className={styles.subtitle}>
        <FormattedMessage id="staff.user.referrals" />
      </h2>
      <Facts
        items={[
          [
            'staff.user.referrer',
            referrals.referrer ? (
              <Link key="referrer" to={to('staff-user', { id: String(referrals.referrer.id) })}>
                {referrals.referrer.login ?? referrals.referrer.email}
              </Link>
            ) : null,
          ],
          ['staff.user.refCode', referrals.code],
          ['staff.user.referred', referrals.referred],
          ['staff.user.earned', money(referrals.earned)],
          ['staff.user.pending', money(referrals.pending)],
          ['staff.user.withdrawn', money(referrals.withdrawn)],
          ['staff.user.available', money(referrals.available)],
        ]}
      />
    </>
  );
}

/** A user's latest payments; their pages open for those who may read payments. */
export function UserPayments({ payments }: { payments: StaffUserDetail['payments'] }) {
  const intl = useIntl();
  const to = useLocalePath();
  const { me } = useStaffSession();
  const canOpen = Boolean(me?.capabilities.includes('payments'));
  return (
    <>
      <h2 className={styles.subtitle}>
        <FormattedMessage id="staff.user.payments" />
      </h2>
      <Table
        head={[
          'staff.orders.id',
          'staff.orders.publicId',
          'staff.payments.purpose',
          'staff.payments.gateway',
          'staff.ledger.amount',
          'staff.orders.status',
          'staff.orders.created',
        ]}
        testId="staff-user-payments"
        rows={payments.map((payment) => (
          <tr key={payment.id}>
            <td>
              {canOpen ? (
                <Link to={to('staff-payment', { id: String(payment.id) })}>#{payment.id}</Link>
              ) : (
                `#${payment.id}`
              )}
            </td>
            <td>{payment.public_id}</td>
            <td>{intl.formatMessage({ id: `staff.payments.purpose.${payment.purpose}` })}</td>
            <td>{payment.gateway}</td>
            <td className={styles.num}>
              <Money minor={payment.amount} currency={payment.currency} />
            </td>
            <td>
              <Status kind="payment" status={payment.status} />
            </td>
            <td>
              <When iso={payment.created_at} />
            </td>
          </tr>
        ))}
      />
    </>
  );
}
