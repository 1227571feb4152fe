import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { BALANCE_METHOD_ID, type PaymentMethodsData } from '../../../shared/payment-methods.ts';
import type { Currency } from '../../../shared/regions.ts';
import { button } from '../../components/button/button.ts';
import { AgreementCheck, MethodOption } from '../../components/form/choices.tsx';
import { formatMoney } from '../../lib/money.ts';
import styles from './order-form.module.css';

interface ShortBalanceProps {
  /** minor units the balance lacks for this order */
  missing: number;
  currency: Currency;
  methods: PaymentMethodsData | null;
  busy: boolean;
  onTopUp(amount: number, method: number): void;
}

/**
 * The cabinet's balance does not cover the order: top up what is missing (at least the
 * method's minimum) through a gateway, come back and pay from the balance. Paying the whole
 * order by card stays possible in the methods panel below.
 */
export function ShortBalance({ missing, currency, methods, busy, onTopUp }: ShortBalanceProps) {
  const intl = useIntl();
  const group = useId();
  const usable = (methods?.methods ?? []).filter(
    (method) =>
      method.id !== BALANCE_METHOD_ID &&
      method.currencies.includes(currency) &&
      method.limits[currency],
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const [agreement, setAgreement] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const method = usable.find((entry) => entry.id === chosen) ?? usable[0];
  if (!method) return null;
  const limits = method.limits[currency]!;
  const amount = Math.min(Math.max(missing, limits.min), limits.max);
  const agreementMissing = method.show_agreement_flag && !agreement;
  return (
    <section className={styles.shortBalance} data-testid="short-balance">
      <p className={styles.shortBalanceText}>
        <FormattedMessage
          id="order.balanceShort"
          values={{ amount: <strong>{formatMoney(intl, missing, currency)}</strong> }}
        />
      </p>
      {usable.length > 1 && (
        <div className={styles.shortBalanceMethods} role="radiogroup">
          {usable.map((entry) => (
            <MethodOption
              key={entry.id}
              method={entry}
              disabled={false}
              currency={currency}
              group={group}
              checked={entry.id === method.id}
              onChoose={setChosen}
            />
          ))}
        </div>
      )}
      {method.show_agreement_flag && (
        <AgreementCheck
          checked={agreement}
          error={
            attempted && agreementMissing
              ? intl.formatMessage({ id: 'order.error.agreement' })
              : null
          }
          onChange={setAgreement}
        />
      )}
      <button
        type="button"
        className={button('secondary')}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => {
          setAttempted(true);
          if (!agreementMissing) onTopUp(amount, method.id);
        }}
      >
        <FormattedMessage
          id="order.topUpMissing"
          values={{ amount: formatMoney(intl, amount, currency) }}
        />
      </button>
    </section>
  );
}
