import { useEffect, useEffectEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useRevalidator, useSearchParams } from 'react-router';
import { button } from '#client/components/button/button.ts';
import { staffErrorText } from '#client/features/staff/staff-errors.ts';
import { staffLive } from '#client/features/staff/staff-live.ts';
import { useStaffSession } from '#client/features/staff/staff-session.tsx';
import { useStaffScreen } from '#client/features/staff/use-staff-route.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import { formatMoney } from '#client/lib/money.ts';
import { isCurrency } from '#shared/regions.ts';
import type { StaffDashboard } from '#shared/staff.ts';
import styles from '../staff.module.css';
import { STAFF_SECTIONS, StaffFrame } from '../staff-frame.tsx';
import {
  ErrorRateCells,
  Failure,
  Money,
  ServiceTag,
  Status,
  Table,
  When,
} from '../staff-parts.tsx';
import type { StaffScreenData } from '../staff-reads.ts';
import { DayChart } from './staff-charts.tsx';
import { PerformanceTables } from './staff-performance.tsx';

/** Every currency a day of the 30 has money in, in a stable order. */
const currenciesOf = (days: StaffDashboard['days'], field: 'revenue' | 'refunds') =>
  [...new Set(days.flatMap((day) => Object.keys(day[field])))].sort();

type Home = NonNullable<StaffScreenData<'staff'>>;

/**
 * The live channel while the dashboard is open: each `staff` event has the router read the
 * page again (its loader asks for the figures).
 */
function useLiveRevalidation(): 'connecting' | 'on' | 'off' {
  const intl = useIntl();
  const [status, setStatus] = useState<'connecting' | 'on' | 'off'>('connecting');
  const { revalidate } = useRevalidator();
  const changed = useEffectEvent(() => void revalidate());
  // one connection per visit (the locale is the page's)
  useEffect(() => {
    let closed = false;
    let connection: { close(): void } | null = null;
    staffLive
      .connect(intl.locale, () => changed(), setStatus)
      .then((live) => {
        if (closed) live.close();
        else connection = live;
      })
      .catch(() => setStatus('off'));
    return () => {
      closed = true;
      connection?.close();
    };
  }, [intl.locale]);
  return status;
}

/**
 * Providers' error rates over 24 h and, on demand, their balances (capability `providers`;
 * `?balance=1` has the page's loader ask the providers for them).
 */
function ProvidersPanel({ providers }: { providers: Home['providers'] }) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const withBalance = params.get('balance') === '1';
  const { loading, retry } = useStaffScreen<Home>();
  const balances = () => {
    if (withBalance) retry();
    else setParams({ balance: '1' }, { replace: true, preventScrollReset: true });
  };
  return (
    <>
      <h2 className={styles.subtitle}>
        <FormattedMessage id="staff.providers.title" />{' '}
        <button type="button" className={styles.pageButton} disabled={loading} onClick={balances}>
          <FormattedMessage id="staff.providers.balances" />
        </button>
      </h2>
      <Table
        head={[
          'staff.providers.id',
          'staff.providers.enabled',
          'staff.providers.calls',
          'staff.providers.errorRate',
          'staff.providers.balance',
        ]}
        testId="staff-dashboard-providers"
        rows={(providers ?? []).map((provider) => (
          <tr key={provider.id}>
            <td>{provider.id}</td>
            <td>{intl.formatMessage({ id: provider.enabled ? 'staff.yes' : 'staff.no' })}</td>
            <ErrorRateCells provider={provider} />
            <td>
              {!provider.balance
                ? '—'
                : provider.balance.ok
                  ? `${provider.balance.balance} ${provider.balance.currency}`
                  : staffErrorText(intl, provider.balance.error)}
            </td>
          </tr>
        ))}
      />
    </>
  );
}

/** The dashboard (capability `dashboard`): today, 30 days drawn by day, statuses, stuck orders. */
function Dashboard() {
  const intl = useIntl();
  const to = useLocalePath();
  const { data: home, loading, error, retry } = useStaffScreen<Home>();
  const data = home?.dashboard;
  const live = useLiveRevalidation();
  const money = (currency: string) => (minor: number) =>
    isCurrency(currency)
      ? formatMoney(intl, minor, currency)
      : `${intl.formatNumber(minor / 100)} ${currency}`;
  const count = (value: number) => intl.formatNumber(value);

  return (
    <div data-testid="staff-dashboard" aria-busy={loading}>
      <div className={`${styles.actions} ${styles.toolbar}`}>
        <button type="button" className={button('secondary')} onClick={retry} disabled={loading}>
          <FormattedMessage id="staff.dashboard.refresh" />
        </button>
        <span className={styles.live} data-live={live} data-testid="staff-live">
          <FormattedMessage id={`staff.dashboard.live.${live}`} />
        </span>
        {data?.lastChange && (
          <span className={styles.muted}>
            <FormattedMessage id="staff.dashboard.lastChange" /> <When iso={data.lastChange} />
          </span>
        )}
      </div>
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      {data && (
        <>
          <h2 className={styles.subtitle}>
            <FormattedMessage id="staff.dashboard.today" />
          </h2>
          <ul className={styles.tiles} data-testid="staff-tiles">
            <li className={styles.tile}>
              <span>
                <FormattedMessage id="staff.dashboard.orders" />
              </span>
              <strong data-testid="staff-tile-orders">{count(data.today.orders)}</strong>
            </li>
            <MoneyTile name="revenue" amounts={data.today.revenue} />
            <MoneyTile name="refunds" amounts={data.today.refunds} />
            <li className={styles.tile}>
              <span>
                <FormattedMessage id="staff.dashboard.users" />
              </span>
              <strong data-testid="staff-tile-users">{count(data.today.users)}</strong>
            </li>
          </ul>
          <h2 className={styles.subtitle}>
            <FormattedMessage id="staff.dashboard.days" />
          </h2>
          <div className={styles.charts}>
            {currenciesOf(data.days, 'revenue').map((currency) => (
              <DayChart
                key={`revenue-${currency}`}
                testId={`staff-chart-revenue-${currency}`}
                title={intl.formatMessage({ id: 'staff.dashboard.revenueIn' }, { currency })}
                points={data.days.map((day) => ({
                  day: day.day,
                  value: day.revenue[currency] ?? 0,
                }))}
                format={money(currency)}
              />
            ))}
            <DayChart
              testId="staff-chart-orders"
              title={intl.formatMessage({ id: 'staff.dashboard.orders' })}
              points={data.days.map((day) => ({ day: day.day, value: day.orders }))}
              format={count}
              kind="line"
            />
            {currenciesOf(data.days, 'refunds').map((currency) => (
              <DayChart
                key={`refunds-${currency}`}
                testId={`staff-chart-refunds-${currency}`}
                title={intl.formatMessage({ id: 'staff.dashboard.refundsIn' }, { currency })}
                points={data.days.map((day) => ({
                  day: day.day,
                  value: day.refunds[currency] ?? 0,
                }))}
                format={money(currency)}
              />
            ))}
            <DayChart
              testId="staff-chart-users"
              title={intl.formatMessage({ id: 'staff.dashboard.users' })}
              points={data.days.map((day) => ({ day: day.day, value: day.users }))}
              format={count}
              kind="line"
            />
          </div>
          <h2 className={styles.subtitle}>
            <FormattedMessage id="staff.dashboard.byStatus" />
          </h2>
          <ul className={styles.statusList} data-testid="staff-by-status">
            {Object.entries(data.byStatus).map(([status, value]) => (
              <li key={status}>
                <Link to={`${to('staff-orders')}?status=${status}`}>
                  <Status kind="order" status={status} /> <strong>{count(value)}</strong>
                </Link>
              </li>
            ))}
          </ul>
          <h2 className={styles.subtitle}>
            <FormattedMessage
              id="staff.dashboard.stuck"
              values={{ count: data.stuck.length, rows: data.stuckRows }}
            />
          </h2>
          <Table
            head={[
              'staff.orders.id',
              'staff.orders.service',
              'staff.orders.link',
              'staff.orders.status',
              'staff.orders.provider',
              'staff.order.updated',
            ]}
            testId="staff-stuck"
            rows={data.stuck.map((order) => (
              <tr key={order.id}>
                <td>
                  <Link to={to('staff-order', { id: String(order.id) })}>#{order.id}</Link>
                </td>
                <td>
                  <ServiceTag tag={order.tag} names={order.service_names} />
                </td>
                <td className={styles.wrap}>{order.link}</td>
                <td>
                  <Status kind="order" status={order.status} />
                </td>
                <td>{order.provider_id ?? '—'}</td>
                <td>
                  <When iso={order.updated_at} />
                </td>
              </tr>
            ))}
          />
          <PerformanceTables performance={data.performance} />
        </>
      )}
      {home?.providers && <ProvidersPanel providers={home.providers} />}
    </div>
  );
}

/**
 * /staff/: the dashboard for roles with `dashboard`; any other role goes to its first section
 * (a proxy account opens none).
 */
export function StaffHomePage() {
  const intl = useIntl();
  const to = useLocalePath();
  const { me } = useStaffSession();
  const sections = STAFF_SECTIONS.filter(
    (section) => section.page !== 'staff' && me.capabilities.includes(section.capability),
  );
  const dashboard = me.capabilities.includes('dashboard');
  const open = me.enrolled && me.signedIn;
  if (open && !dashboard && sections[0]) return <Navigate to={to(sections[0].page)} replace />;
  return (
    <StaffFrame
      title={intl.formatMessage({ id: dashboard ? 'staff.dashboard.title' : 'staff.home.title' })}
    >
      {dashboard ? (
        <Dashboard />
      ) : (
        <p className={styles.notice}>
          <FormattedMessage id="staff.home.nothing" />
        </p>
      )}
    </StaffFrame>
  );
}

/** A tile of today's money: an amount per currency, one line each ("0" with none). */
function MoneyTile({
  name,
  amounts,
}: {
  name: 'revenue' | 'refunds';
  amounts: Record<string, number>;
}) {
  const entries = Object.entries(amounts);
  return (
    <li className={styles.tile}>
      <span>
        <FormattedMessage id={`staff.dashboard.${name}`} />
      </span>
      <strong data-testid={`staff-tile-${name}`}>
        {entries.length
          ? entries.map(([currency, minor]) => (
              <span key={currency} className={styles.tileLine}>
                <Money minor={minor} currency={currency} />
              </span>
            ))
          : '0'}
      </strong>
    </li>
  );
}
