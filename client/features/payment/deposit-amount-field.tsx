import { FormattedMessage, useIntl } from 'react-intl';
import type { Currency } from '#shared/regions.ts';
import { chip } from '../../components/chip/chip.ts';
import { formStyles } from '../../components/form/text-field.tsx';
import { formatMoney } from '../../lib/money.ts';
import styles from './deposit-form.module.css';

/** Amounts offered at a tap, in major units of the account's currency. */
const PRESETS: Record<Currency, number[]> = {
  RUB: [500, 1_000, 5_000, 10_000],
  USD: [10, 25, 50, 100],
  EUR: [10, 25, 50, 100],
};

/** Major units as typed ("150", "99.5", "1 000,50") → minor units, or null. */
export function parseAmount(raw: string): number | null {
  const clean = raw.replace(/\s/g, '').replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

export interface DepositAmountFieldProps {
  /** the form's id prefix: the input is `${ids}-amount`, its error `${ids}-amount-error` */
  ids: string;
  currency: Currency;
  /** as typed */
  amount: string;
  /** the amount in minor units, null while it is not one */
  minor: number | null;
  /** the message id of the amount's error, once the form has been tried */
  error: string | null;
  onChange: (amount: string) => void;
}

/** The top-up's amount: typed, or one of the presets of the account's currency at a tap. */
export function DepositAmountField({
  ids,
  currency,
  amount,
  minor,
  error,
  onChange,
}: DepositAmountFieldProps) {
  const intl = useIntl();
  return (
    <div className={formStyles.field}>
      <label htmlFor={`${ids}-amount`} className={formStyles.label}>
        <FormattedMessage id="deposit.amount" values={{ currency }} />
      </label>
      <input
        id={`${ids}-amount`}
        className={formStyles.input}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${ids}-amount-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className={styles.presets}>
        {PRESETS[currency].map((preset) => (
          <button
            key={preset}
            type="button"
            className={chip}
            aria-pressed={minor === preset * 100}
            onClick={() => onChange(String(preset))}
          >
            {formatMoney(intl, preset * 100, currency)}
          </button>
        ))}
      </div>
      {error && (
        <span id={`${ids}-amount-error`} className={formStyles.error} role="alert">
          <FormattedMessage id={error} />
        </span>
      )}
    </div>
  );
}
