import { useEffect, useEffectEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { chip } from '#client/components/chip/chip.ts';
import { PlatformIcon } from '#client/components/icons/platform-icon.tsx';
import type { OrdersFilter } from '#client/features/orders/orders-filter.ts';
import type { ServiceView } from '#shared/catalog.ts';
import { ORDER_STATUSES, type OrderStatus } from '#shared/orders.ts';
import { PLATFORMS, type Platform } from '#shared/platforms.ts';
import styles from './orders-page.module.css';

/** The status choices: all, the ones still moving, then each state. */
const ACTIVE: OrderStatus[] = ['PAID', 'RUNNING'];
const TYPING_MS = 400;

/** Minor units as the amount a buyer types (185 ₽ for 18500), and back. */
const major = (minor: string) => (minor ? String(Number(minor) / 100) : '');
const minorOf = (typed: string) => {
  const value = Number(typed.replace(',', '.'));
  return typed.trim() && Number.isFinite(value) && value >= 0
    ? String(Math.round(value * 100))
    : '';
};

/** A text field that tells its value after the buyer stops typing (and follows the URL). */
function useTyped(value: string, onSettled: (value: string) => void) {
  const [text, setText] = useState(value);
  // the URL moved (back button, reset): show what it says, in the same render
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  // only the typed text starts the wait (the URL catching up does not)
  const settled = useEffectEvent((typed: string) => {
    if (typed !== value) onSettled(typed);
  });
  useEffect(() => {
    const timer = setTimeout(() => settled(text), TYPING_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return [text, setText] as const;
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
  const [costMin, setCostMin] = useTyped(major(filter.costMin), (value) =>
    onChange({ costMin: minorOf(value) }),
  );
  const [costMax, setCostMax] = useTyped(major(filter.costMax), (value) =>
    onChange({ costMax: minorOf(value) }),
  );

  const statusValue = filter.statuses.join(',');
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
      label: filter.statuses
        .map((status) => intl.formatMessage({ id: `cp.orders.status.${status}` }))
        .join(', '),
    });

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
      <fieldset className={styles.chips}>
        <legend className="visually-hidden">
          <FormattedMessage id="cp.orders.filter.platform" />
        </legend>
        <button
          type="button"
          className={chip}
          aria-pressed={filter.platform === null}
          onClick={() => choosePlatform(null)}
        >
          <FormattedMessage id="cp.orders.filter.anyPlatform" />
        </button>
        {PLATFORMS.map((platform) => (
          <button
            key={platform}
            type="button"
            className={chip}
            data-platform={platform}
            aria-pressed={filter.platform === platform}
            onClick={() => choosePlatform(filter.platform === platform ? null : platform)}
          >
            <PlatformIcon platform={platform} size={18} />
            <FormattedMessage id={`platform.${platform}`} />
          </button>
        ))}
      </fieldset>

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

        <fieldset className={`${styles.range} ${styles.dates}`}>
          <legend>
            <FormattedMessage id="cp.orders.filter.dates" />
          </legend>
          <input
            type="date"
            value={filter.from}
            max={filter.to || undefined}
            aria-label={intl.formatMessage({ id: 'cp.orders.filter.from' })}
            onChange={(event) => onChange({ from: event.target.value })}
          />
          <span aria-hidden="true">–</span>
          <input
            type="date"
            value={filter.to}
            min={filter.from || undefined}
            aria-label={intl.formatMessage({ id: 'cp.orders.filter.to' })}
            onChange={(event) => onChange({ to: event.target.value })}
          />
        </fieldset>

        <fieldset className={styles.range}>
          <legend>
            <FormattedMessage id="cp.orders.filter.cost" values={{ sign: currencySign }} />
          </legend>
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={costMin}
            aria-label={intl.formatMessage({ id: 'cp.orders.filter.costMin' })}
            placeholder={intl.formatMessage({ id: 'cp.orders.filter.min' })}
            onChange={(event) => setCostMin(event.target.value)}
          />
          <span aria-hidden="true">–</span>
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={costMax}
            aria-label={intl.formatMessage({ id: 'cp.orders.filter.costMax' })}
            placeholder={intl.formatMessage({ id: 'cp.orders.filter.max' })}
            onChange={(event) => setCostMax(event.target.value)}
          />
        </fieldset>

        <button type="button" className={styles.reset} disabled={!filtered} onClick={onReset}>
          <FormattedMessage id="cp.orders.filter.reset" />
        </button>
      </div>
    </section>
  );
}
