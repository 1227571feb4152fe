import { FormattedMessage, useIntl } from 'react-intl';
import { button } from '../../components/button/button.ts';
import { formatMoney } from '../../lib/money.ts';
import styles from './order-form.module.css';
import type { OrderFormModel } from './use-order-form.ts';

/** The form's one button: "Pay $x", or "Top up $y" when the cabinet's balance is topped up. */
export function PayButton({ model }: { model: OrderFormModel }) {
  const intl = useIntl();
  const { submitting, toppingUp, topUp, currency, pair, payIn } = model;
  return (
    <button
      type="submit"
      className={`${button('primary', { large: true })} ${styles.pay}`}
      disabled={submitting}
      aria-busy={submitting || undefined}
    >
      {submitting ? (
        <FormattedMessage id="order.submitting" />
      ) : payIn ? (
        // a card of another currency: what it is charged
        <FormattedMessage
          id={toppingUp ? 'order.topUpMissing' : 'order.pay'}
          values={{ amount: formatMoney(intl, payIn.charge, payIn.pay_currency) }}
        />
      ) : toppingUp ? (
        <FormattedMessage
          id="order.topUpMissing"
          values={{ amount: formatMoney(intl, topUp ?? 0, currency) }}
        />
      ) : pair ? (
        <FormattedMessage
          id="order.pay"
          values={{ amount: formatMoney(intl, pair[0], currency) }}
        />
      ) : (
        <FormattedMessage id="order.payNoPrice" />
      )}
    </button>
  );
}
