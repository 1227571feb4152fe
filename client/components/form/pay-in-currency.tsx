import { FormattedMessage, useIntl } from 'react-intl';
import type { Currency } from '#shared/regions.ts';
import { formatMoney } from '../../lib/money.ts';
import styles from './pay-in-currency.module.css';

/** The currencies a card issued outside Russia is paid in (the world card's). */
export const CARD_CURRENCIES = ['USD', 'EUR'] as const satisfies readonly Currency[];

/**
 * Roubles with no card on offer (the Russian card is for Russia only): the way to a card in
 * dollars or euros. A guest switches the site's currency (`hint` 'order.methods.cardAbroad');
 * an account, whose currency is its own, pays in the other one, converted at the shop's rate
 * and shown before paying: `payCurrency` chosen, the charge and what it pays for, and the way
 * back (docs/api.md "Paying in another currency").
 */
export function PayInCurrency({
  currency,
  payCurrency,
  charge,
  price,
  hint,
  onChoose,
}: {
  currency: Currency;
  payCurrency: Currency | null;
  /** minor units of `payCurrency` (null while the rates or the price are on their way) */
  charge: number | null;
  /** minor units of `currency` */
  price: number | null;
  hint: string;
  onChoose: (currency: Currency | null) => void;
}) {
  const intl = useIntl();
  if (!payCurrency)
    return (
      <div className={styles.box} data-testid="card-abroad">
        <p>
          <FormattedMessage id={hint} />
        </p>
        {CARD_CURRENCIES.map((other) => (
          <button
            key={other}
            type="button"
            className={styles.button}
            onClick={() => onChoose(other)}
          >
            <FormattedMessage id="order.methods.payIn" values={{ currency: other }} />
          </button>
        ))}
      </div>
    );
  return (
    <div className={styles.box} data-testid="pay-in" aria-live="polite">
      <p>
        {charge !== null && price !== null ? (
          <FormattedMessage
            id="order.methods.payInCharge"
            values={{
              charge: <strong>{formatMoney(intl, charge, payCurrency)}</strong>,
              price: formatMoney(intl, price, currency),
            }}
          />
        ) : (
          <FormattedMessage id="order.methods.payInAt" values={{ currency: payCurrency }} />
        )}
      </p>
      <button type="button" className={styles.button} onClick={() => onChoose(null)}>
        <FormattedMessage id="order.methods.payIn" values={{ currency }} />
      </button>
    </div>
  );
}
