import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PaymentMethod } from '../../../shared/payment-methods.ts';
import type { Currency } from '../../../shared/regions.ts';
import { formStyles } from '../../components/form/text-field.tsx';
import { formatMoney } from '../../lib/money.ts';
import type { ShortChoice } from './order-form.choice.ts';
import styles from './order-form.module.css';

/**
 * What a top-up of the missing amount through `method` comes to: at least the method's
 * minimum, at most its maximum.
 */
export function topUpAmount(
  missing: number,
  method: PaymentMethod | undefined,
  currency: Currency,
) {
  const limits = method?.limits[currency];
  return limits ? Math.min(Math.max(missing, limits.min), limits.max) : missing;
}

interface ShortBalanceProps {
  /** minor units the balance lacks for this order */
  missing: number;
  /** the order's price, minor units */
  price: number;
  currency: Currency;
  choice: ShortChoice;
  onChoose(choice: ShortChoice): void;
}

/**
 * The cabinet's balance does not cover the order: one choice, then the form's one
 * method picker and one button. Either top up what is missing (at least the method's minimum)
 * through a gateway and come back to pay from the balance, or pay this order by the method.
 */
export function ShortBalance({ missing, price, currency, choice, onChoose }: ShortBalanceProps) {
  const intl = useIntl();
  const group = useId();
  const options: { value: ShortChoice; id: string; amount: number }[] = [
    { value: 'topUp', id: 'order.short.topUp', amount: missing },
    { value: 'pay', id: 'order.short.pay', amount: price },
  ];
  return (
    <section className={styles.shortBalance} data-testid="short-balance">
      <p className={styles.shortBalanceText} id={`${group}-label`}>
        <FormattedMessage
          id="order.balanceShort"
          values={{ amount: <strong>{formatMoney(intl, missing, currency)}</strong> }}
        />
      </p>
      <div
        className={styles.shortBalanceMethods}
        role="radiogroup"
        aria-labelledby={`${group}-label`}
      >
        {options.map((option) => (
          <label key={option.value} className={formStyles.choice}>
            <input
              type="radio"
              name={`${group}-choice`}
              value={option.value}
              checked={choice === option.value}
              onChange={() => onChoose(option.value)}
            />
            <span className={formStyles.choiceName}>
              <FormattedMessage
                id={option.id}
                values={{ amount: formatMoney(intl, option.amount, currency) }}
              />
            </span>
          </label>
        ))}
      </div>
    </section>
  );
}
