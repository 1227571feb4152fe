import { useId, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import type { OrdersFilter } from '#client/features/orders/orders-filter.ts';
import type { ServiceView } from '#shared/catalog.ts';
import { ORDER_STATUSES, type OrderStatus } from '#shared/orders.ts';
import type { Platform } from '#shared/platforms.ts';
import { CostRange, DateRange, PlatformChips, useTyped } from './orders-filter-fields.tsx';
import styles from './orders-page.module.css';

/** The status choices: all, the ones still moving, then each state. */
const ACTIVE: OrderStatus[] = ['PAID', 'RUNNING'];

/** The status choices as the select lists them; a shared link's other mix of states too. */
function statusChoicesOf(intl: IntlShape, statuses: OrderStatus[]) {
  const statusValue = statuses.join(',');
  const statusChoices = [
    { value: '', label: intl.formatMessage({ id: 'cp.orders.filter.anyStatus' }) },
    { value: ACTIVE.join(','), label: intl.formatMessage({ id: 'cp.orders.filter.active' }) },
    ...ORDER_STATUSES.map((status) => ({
      value: status,
      label: intl.formatMessage({ id: `cp.orders.status.${status}` }),
    })),
  ];
  // a shared link may name another mix of states: it is shown as it is
  if (!statusChoices.some((choice) => choice.value === statusValue))
    statusChoices.push({
      value: statusValue,
      label: statuses
        .map((status) => intl.formatMessage({ id: `cp.orders.status.${status}` }))
        .join(', '),
    });
  return statusChoices;
}

/**
 * The order filter: status, platform, service, link or id, dates, cost, and reset.
 * Every change goes to the URL through `onChange`.
 */
export function OrdersFilters({
  filter,
  currencySign,
  onChange,
  onReset,
  filtered,
  services,
}: {
  /** the chosen platform's cabinet services (the page's loader reads them) */
  services: ServiceView[];
  filter: OrdersFilter;
  currencySign: string;
  onChange: (next: Partial<OrdersFilter>) => void;
  onReset: () => void;
  filtered: boolean;
}) {
  const intl = useIntl();
  const ids = useId();
  const [q, setQ] = useTyped(filter.q, (value) => onChange({ q: value }));
  const statusValue = filter.statuses.join(',');
  const statusChoices = statusChoicesOf(intl, filter.statuses);

  const choosePlatform = (platform: Platform | null) => onChange({ platform, tag: null });
  // phones fold the fields under a toggle that counts the ones in use
  const [open, setOpen] = useState(false);
  const inUse = [
    filter.statuses.length > 0,
    Boolean(filter.tag),
    Boolean(filter.q),
    Boolean(filter.from || filter.to),
    Boolean(filter.costMin || filter.costMax),
  ].filter(Boolean).length;

  return (
    <section
      className={styles.filters}
      aria-labelledby={`${ids}-title`}
      data-testid="orders-filters"
    >
      <h2 id={`${ids}-title`} className="visually-hidden">
        <FormattedMessage id="cp.orders.filters" />
      </h2>
      <PlatformChips platform={filter.platform} onChoose={choosePlatform} />

      <button
        type="button"
        className={styles.more}
        aria-expanded={open}
        aria-controls={`${ids}-fields`}
        onClick={() => setOpen(!open)}
      >
        <FormattedMessage id="cp.orders.filter.more" values={{ count: inUse }} />
      </button>

      <div id={`${ids}-fields`} className={styles.fields} data-open={open}>
        <div className={styles.field}>
          <label htmlFor={`${ids}-status`}>
            <FormattedMessage id="cp.orders.filter.status" />
          </label>
          <select
            id={`${ids}-status`}
            value={statusValue}
            onChange={(event) =>
              onChange({
                statuses: event.target.value
                  ? (event.target.value.split(',') as OrderStatus[])
                  : [],
              })
            }
          >
            {statusChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>

        <div className={styles.field}>
          <label htmlFor={`${ids}-service`}>
            <FormattedMessage id="cp.orders.filter.service" />
          </label>
          <select
            id={`${ids}-service`}
            value={filter.tag ?? ''}
            disabled={!filter.platform && !filter.tag}
            onChange={(event) => onChange({ tag: event.target.value || null })}
          >
            <option value="">{intl.formatMessage({ id: 'cp.orders.filter.anyService' })}</option>
            {filter.tag && !services.some((service) => service.tag === filter.tag) && (
              <option value={filter.tag}>{filter.tag}</option>
            )}
            {services.map((service) => (
              <option key={service.tag} value={service.tag}>
                {service.name}
              </option>
            ))}
          </select>
        </div>

        <div className={styles.field}>
          <label htmlFor={`${ids}-q`}>
            <FormattedMessage id="cp.orders.filter.search" />
          </label>
          <input
            id={`${ids}-q`}
            type="search"
            value={q}
            maxLength={200}
            placeholder={intl.formatMessage({ id: 'cp.orders.filter.searchHint' })}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>

        <DateRange filter={filter} onChange={onChange} />

        <CostRange filter={filter} currencySign={currencySign} onChange={onChange} />

        <button type="button" className={styles.reset} disabled={!filtered} onClick={onReset}>
          <FormattedMessage id="cp.orders.filter.reset" />
        </button>
      </div>
    </section>
  );
}
