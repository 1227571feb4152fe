import { FormattedMessage, useIntl } from 'react-intl';
import { formatMinutes, formatShare } from '#client/lib/durations.ts';
import type { ServiceFigures } from '#shared/catalog.ts';
import type { StaffPerformance } from '#shared/staff.ts';
import styles from '../staff.module.css';
import { ServiceTag, Table } from '../staff-parts.tsx';

const FIGURE_HEAD = [
  'staff.performance.start',
  'staff.performance.speed',
  'staff.performance.completed',
  'staff.performance.refills',
  'staff.performance.orders',
];

/** A row's five figure cells; '—' where a figure is not published (below 20 orders). */
function FigureCells({ figures }: { figures: ServiceFigures }) {
  const intl = useIntl();
  const minutes = (value: number | null) => (value === null ? '—' : formatMinutes(intl, value));
  const share = (value: number | null) => (value === null ? '—' : formatShare(intl, value));
  return (
    <>
      <td data-figure="start">{minutes(figures.start_median_min)}</td>
      <td data-figure="speed">{minutes(figures.speed_p90_min_per_1000)}</td>
      <td data-figure="completed">{share(figures.completion_rate)}</td>
      <td data-figure="refills">{share(figures.refill_rate_30d)}</td>
      <td data-figure="orders">{intl.formatNumber(figures.orders_30d)}</td>
    </>
  );
}

/**
 * How each provider and each service performed in the last 30 days (the worker's figures,
 * docs/api.md): which provider starts later, delivers slower, or drops more.
 */
export function PerformanceTables({ performance }: { performance: StaffPerformance }) {
  const intl = useIntl();
  const providerName = (provider: string | null) =>
    provider ?? intl.formatMessage({ id: 'staff.performance.noProvider' });
  return (
    <>
      <h2 className={styles.subtitle}>
        <FormattedMessage id="staff.performance.title" />
      </h2>
      <p className={styles.muted}>
        <FormattedMessage id="staff.performance.lead" />
      </p>
      <h3 className={styles.subtitle}>
        <FormattedMessage id="staff.performance.byProvider" />
      </h3>
      <Table
        head={['staff.performance.provider', 'staff.performance.services', ...FIGURE_HEAD]}
        testId="staff-performance-providers"
        rows={performance.providers.map((row) => (
          <tr key={row.provider ?? ''} data-provider={row.provider ?? ''}>
            <td>{providerName(row.provider)}</td>
            <td>{intl.formatNumber(row.services)}</td>
            <FigureCells figures={row} />
          </tr>
        ))}
      />
      <h3 className={styles.subtitle}>
        <FormattedMessage id="staff.performance.byService" />
      </h3>
      <Table
        head={['staff.orders.service', 'staff.performance.provider', ...FIGURE_HEAD]}
        testId="staff-performance-services"
        rows={performance.services.map((row) => (
          <tr key={row.tag} data-tag={row.tag}>
            <td>
              <ServiceTag tag={row.tag} names={row.names} />
            </td>
            <td>{providerName(row.provider)}</td>
            <FigureCells figures={row} />
          </tr>
        ))}
      />
    </>
  );
}
