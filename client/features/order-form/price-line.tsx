import { FormattedMessage, useIntl } from 'react-intl';
import { shownSaving } from '../../../shared/pricing.ts';
import { formStyles } from '../../components/form/text-field.tsx';
import { formatMoney } from '../../lib/money.ts';
import styles from './order-form.module.css';
import type { OrderFormModel } from './use-order-form.ts';

/**
 * The live price: the cost, the price before a saving worth showing (shared/pricing.ts), a
 * skeleton while it is asked for, or the range a quantity out of limits must keep to.
 */
export function PriceLine({ model }: { model: OrderFormModel }) {
  const intl = useIntl();
  const { pair, currency, selection, form, quoteError } = model;
  return (
    <>
      <div className={styles.price} aria-live="polite" data-testid="order-price">
        <span className={styles.priceLabel}>
          <FormattedMessage id="order.price" />
        </span>
        {pair ? (
          <span className={styles.priceValue}>
            <strong data-testid="order-cost">{formatMoney(intl, pair[0], currency)}</strong>
            {shownSaving(pair[0], pair[1]) !== null && (
              <>
                <s className={styles.oldPrice}>{formatMoney(intl, pair[0] + pair[1], currency)}</s>
                <span className={styles.saving}>
                  <FormattedMessage
                    id="order.discount"
                    values={{ amount: formatMoney(intl, pair[1], currency) }}
                  />
                </span>
              </>
            )}
          </span>
        ) : (
          <span className={styles.priceValue} aria-busy={selection.count !== null}>
            {selection.count !== null ? (
              <span className={styles.priceSkeleton} />
            ) : form.customQuantity ? (
              // a quantity out of range says which range, not a dash
              <span className={styles.priceHint} data-testid="order-range">
                <FormattedMessage
                  id="order.price.range"
                  values={{
                    min: intl.formatNumber(selection.limits.min),
                    max: intl.formatNumber(selection.limits.max),
                  }}
                />
              </span>
            ) : (
              '—'
            )}
          </span>
        )}
      </div>
      {quoteError && (
        <span className={formStyles.error} role="alert">
          <FormattedMessage id="order.error.quote" />
        </span>
      )}
    </>
  );
}
