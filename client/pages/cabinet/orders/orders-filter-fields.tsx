import { useEffect, useEffectEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { chip } from '#client/components/chip/chip.ts';
import { PlatformIcon } from '#client/components/icons/platform-icon.tsx';
import type { OrdersFilter } from '#client/features/orders/orders-filter.ts';
import { useLeaving } from '#client/lib/leaving.ts';
import { PLATFORMS, type Platform } from '#shared/platforms.ts';
import styles from './orders-page.module.css';

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
export function useTyped(value: string, onSettled: (value: string) => void) {
  const [text, setText] = useState(value);
  // the URL moved (back button, reset): show what it says, in the same render
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  // only the typed text starts the wait (the URL catching up does not); a link followed
  // meanwhile wins (client/lib/leaving.ts)
  const leaving = useLeaving();
  const settled = useEffectEvent((typed: string) => {
    if (typed !== value && !leaving) onSettled(typed);
  });
  useEffect(() => {
    const timer = setTimeout(() => settled(text), TYPING_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return [text, setText] as const;
}

/** The platform chips: any platform, or one (a second tap on it lets it go). */
export function PlatformChips({
  platform: chosen,
  onChoose,
}: {
  platform: Platform | null;
  onChoose: (platform: Platform | null) => void;
}) {
  return (
    <fieldset className={styles.chips}>
      <legend className="visually-hidden">
        <FormattedMessage id="cp.orders.filter.platform" />
      </legend>
      <button
        type="button"
        className={chip}
        aria-pressed={chosen === null}
        onClick={() => onChoose(null)}
      >
        <FormattedMessage id="cp.orders.filter.anyPlatform" />
      </button>
      {PLATFORMS.map((platform) => (
        <button
          key={platform}
          type="button"
          className={chip}
          data-platform={platform}
          aria-pressed={chosen === platform}
          onClick={() => onChoose(chosen === platform ? null : platform)}
        >
          <PlatformIcon platform={platform} size={18} />
          <FormattedMessage id={`platform.${platform}`} />
        </button>
      ))}
    </fieldset>
  );
}

/** The orders' days, from and to (each bounds the other). */
export function DateRange({
  filter,
  onChange,
}: {
  filter: OrdersFilter;
  onChange: (next: Partial<OrdersFilter>) => void;
}) {
  const intl = useIntl();
  return (
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
  );
}

/** The orders' cost, least and most, typed in major units and told once the buyer stops. */
export function CostRange({
  filter,
  currencySign,
  onChange,
}: {
  filter: OrdersFilter;
  currencySign: string;
  onChange: (next: Partial<OrdersFilter>) => void;
}) {
  const intl = useIntl();
  const [costMin, setCostMin] = useTyped(major(filter.costMin), (value) =>
    onChange({ costMin: minorOf(value) }),
  );
  const [costMax, setCostMax] = useTyped(major(filter.costMax), (value) =>
    onChange({ costMax: minorOf(value) }),
  );
  return (
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
  );
}
