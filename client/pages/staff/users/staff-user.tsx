import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import type { StaffUserDetail } from '../../../../shared/staff.ts';
import { button } from '../../../components/button/button.ts';
import { Link } from '../../../components/link/link.tsx';
import { errorOf, useStaffCall, useStaffData } from '../../../features/staff/use-staff-api.ts';
import { ApiError } from '../../../lib/api.ts';
import { useLocalePath } from '../../../lib/locale.ts';
import styles from '../staff.module.css';
import { StaffFrame } from '../staff-frame.tsx';
import { Facts, Failure, LedgerTable, Money, Status, Table, When } from '../staff-parts.tsx';

/** "12.50" or "-3" in major units → signed minor units (×100), or null if it is no amount. */
export function minorOf(text: string): number | null {
  const normal = text.trim().replace(',', '.').replace(/\s/g, '');
  if (!/^[+-]?\d+(\.\d{1,2})?$/.test(normal)) return null;
  const minor = Math.round(Number(normal) * 100);
  return minor === 0 ? null : minor;
}

/** Adjust the balance: a signed amount in the user's currency and a reason, both required. */
function BalanceForm({
  user,
  onDone,
}: {
  user: StaffUserDetail;
  onDone: (user: StaffUserDetail) => void;
}) {
  const intl = useIntl();
  const call = useStaffCall();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minor = minorOf(amount);
    const local = {
      ...(minor === null ? { amount: intl.formatMessage({ id: 'staff.user.amountError' }) } : {}),
      ...(reason.trim().length < 3
        ? { reason: intl.formatMessage({ id: 'staff.user.reasonError' }) }
        : {}),
    };
    setErrors(local);
    if (minor === null || local.reason) return;
    setBusy(true);
    try {
      onDone(
        await call('POST staff/users/:id/balance', {
          params: { id: String(user.id) },
          body: { amount: minor, reason: reason.trim() },
        }),
      );
      setAmount('');
      setReason('');
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : {};
      setErrors(
        fields.amount || fields.reason
          ? { amount: fields.amount, reason: fields.reason }
          : { form: errorOf(failure) },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.actions} onSubmit={submit} noValidate data-testid="staff-balance-form">
      <label className={styles.filter}>
        <FormattedMessage id="staff.user.amount" values={{ currency: user.cur }} />
        <input
          name="amount"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          placeholder="-10.00 / 25"
          size={12}
          aria-invalid={errors.amount ? true : undefined}
        />
        {errors.amount && (
          <span role="alert" className={styles.fieldError}>
            {errors.amount}
          </span>
        )}
      </label>
      <label className={`${styles.filter} ${styles.search}`}>
        <FormattedMessage id="staff.user.reason" />
        <input
          name="reason"
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={errors.reason ? true : undefined}
        />
        {errors.reason && (
          <span role="alert" className={styles.fieldError}>
            {errors.reason}
          </span>
        )}
      </label>
      <button type="submit" className={button('primary')} disabled={busy}>
        <FormattedMessage id="staff.user.adjust" />
      </button>
      {errors.form && (
        <p role="alert" className={styles.alert} style={{ width: '100%', margin: 0 }}>
          {errors.form}
        </p>
      )}
    </form>
  );
}

/** /staff/users/:id/: an account, its balance, sessions, API key, orders and ledger. */
export function StaffUserPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const { id = '' } = useParams();
  const { data, loading, error, retry } = useStaffData('GET staff/users/:id', { params: { id } });
  const [user, setUser] = useState<StaffUserDetail | null>(null);
  const [adjusted, setAdjusted] = useState(false);
  useEffect(() => setUser(data), [data]);

  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.user.title' }, { id })} capability="users">
      <p>
        <Link to={to('staff-users')}>← {intl.formatMessage({ id: 'staff.users.title' })}</Link>
      </p>
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      {!user && loading && <p aria-busy="true">…</p>}
      {user && (
        <div data-testid="staff-user">
          {adjusted && (
            <p className={styles.notice} role="status">
              <FormattedMessage id="staff.user.adjusted" />
            </p>
          )}
          <Facts
            items={[
              ['staff.users.login', user.login],
              ['staff.users.email', user.email],
              [
                'staff.users.balance',
                <strong key="balance" data-testid="staff-user-balance">
                  <Money minor={user.balance} currency={user.cur} />
                </strong>,
              ],
              ['staff.users.role', user.role],
              ['staff.user.roles', user.roles.join(', ') || '—'],
              ['staff.users.level', user.discount_level],
              ['staff.user.lang', user.lang],
              [
                'staff.user.apiKey',
                user.api_key
                  ? intl.formatMessage(
                      { id: 'staff.user.apiKeyOn' },
                      { prefix: user.api_key.prefix },
                    )
                  : intl.formatMessage({ id: 'staff.user.apiKeyOff' }),
              ],
              [
                'staff.user.apiKeyUsed',
                user.api_key?.last_used_at ? (
                  <When key="used" iso={user.api_key.last_used_at} />
                ) : null,
              ],
              ['staff.user.sessions', user.sessions],
              ['staff.users.created', <When key="created" iso={user.created_at} />],
            ]}
          />
          <h2 className={styles.subtitle}>
            <FormattedMessage id="staff.user.balanceTitle" />
          </h2>
          <BalanceForm
            user={user}
            onDone={(next) => {
              setUser(next);
              setAdjusted(true);
            }}
          />
          <h2 className={styles.subtitle}>
            <FormattedMessage id="staff.user.orders" />
          </h2>
          <Table
            head={[
              'staff.orders.id',
              'staff.orders.service',
              'staff.orders.link',
              'staff.orders.cost',
              'staff.orders.status',
              'staff.orders.created',
            ]}
            rows={user.orders.map((order) => (
              <tr key={order.id}>
                <td>
                  <Link to={to('staff-order', { id: String(order.id) })}>#{order.id}</Link>
                </td>
                <td>{order.tag}</td>
                <td className={styles.wrap}>{order.link}</td>
                <td className={styles.num}>
                  <Money minor={order.cost} currency={order.currency} />
                </td>
                <td>
                  <Status status={order.status} />
                </td>
                <td>
                  <When iso={order.created_at} />
                </td>
              </tr>
            ))}
          />
          <h2 className={styles.subtitle}>
            <FormattedMessage id="staff.ledger" />
          </h2>
          <LedgerTable rows={user.ledger} />
        </div>
      )}
    </StaffFrame>
  );
}
