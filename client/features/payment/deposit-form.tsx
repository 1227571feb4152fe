import { type FormEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { chargeOf, shownMethods } from '#shared/payment-methods.ts';
import { type Currency, isCurrency } from '#shared/regions.ts';
import type { PublicUser } from '#shared/user.ts';
import { button } from '../../components/button/button.ts';
import { AgreementCheck, MethodGroups } from '../../components/form/choices.tsx';
import { focusFirstInvalid } from '../../components/form/focus-first-invalid.ts';
import { PayInCurrency } from '../../components/form/pay-in-currency.tsx';
import { formStyles } from '../../components/form/text-field.tsx';
import { selectRates } from '../../lib/app-state.ts';
import { usePaymentMethods } from '../../lib/look-ups.ts';
import { formatMoney } from '../../lib/money.ts';
import { DepositAmountField, parseAmount } from './deposit-amount-field.tsx';
import styles from './deposit-form.module.css';
import { type PaymentState, paymentActions } from './payment.slice.ts';

/**
 * docs/product.md §3 balance top-up (POST deposit): an amount and a method of the user's currency
 * (or of another one, at the shop's rate), the methods by their look-up.
 */
export function DepositForm() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const ids = useId();
  const user = useSelector((state: { session: { user: PublicUser | null } }) => state.session.user);
  const { depositing, depositError } = useSelector(
    (state: { payment: PaymentState }) => state.payment,
  );
  const currency: Currency = user && isCurrency(user.cur) ? user.cur : 'RUB';
  const rates = useSelector(selectRates);
  const [payCurrency, setPayCurrency] = useState<Currency | null>(null);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<number | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [agreement, setAgreement] = useState(false);

  const { methods, payMethods } = usePaymentMethods(currency, payCurrency);

  const minor = parseAmount(amount);
  // the account's own methods, or another currency's at its charge (the balance tops up nothing)
  const offer = { currency, methods, payCurrency, payMethods, rates, loggedIn: false, balance: 0 };
  const listed = payCurrency ? payMethods : methods;
  const chargeCurrency = payCurrency ?? currency;
  const charge = payCurrency ? chargeOf(offer, minor) : minor;
  const shown = shownMethods(offer, minor);
  const ownCard = shownMethods({ ...offer, payCurrency: null }, minor).some(
    (entry) => entry.method.group === 'cards',
  );
  const amountError = attempted && minor === null ? 'order.error.amount' : null;
  const methodError = attempted && method === null ? 'order.error.method' : null;
  const chosen = listed?.methods.find((entry) => entry.id === method);
  const needsAgreement = Boolean(chosen?.show_agreement_flag);
  const agreementError = attempted && needsAgreement && !agreement ? 'order.error.agreement' : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (minor === null || method === null || (needsAgreement && !agreement)) {
      // the errors show from the first attempt on, and the first field at fault takes the focus
      focusFirstInvalid(event.currentTarget as HTMLFormElement, () => setAttempted(true));
      return;
    }
    setAttempted(true);
    // paying in another currency waits for the charge it shows (the shop's rates)
    if (payCurrency && charge === null) return;
    dispatch(
      paymentActions.depositRequested({
        amount: minor,
        method,
        ...(payCurrency && charge !== null ? { pay_currency: payCurrency, charge } : {}),
        ...(needsAgreement ? { agreement: true } : {}),
      }),
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="deposit-form">
      {user && (
        <p className={styles.balance}>
          <FormattedMessage
            id="deposit.balance"
            values={{ amount: <strong>{formatMoney(intl, user.balance, currency)}</strong> }}
          />
        </p>
      )}
      <DepositAmountField
        ids={ids}
        currency={currency}
        amount={amount}
        minor={minor}
        error={amountError}
        onChange={setAmount}
      />
      {/* no method chosen: the group is at fault (its first method takes the focus) */}
      <fieldset
        className={styles.methods}
        data-invalid={methodError ? true : undefined}
        aria-describedby={methodError ? `${ids}-method-error` : undefined}
      >
        <legend className={formStyles.label}>
          <FormattedMessage id="order.methods.label" />
        </legend>
        {methods && currency === 'RUB' && (payCurrency || !ownCard) && (
          <PayInCurrency
            currency={currency}
            payCurrency={payCurrency}
            charge={payCurrency ? charge : null}
            price={minor}
            hint="order.methods.cardAbroadAccount"
            onChoose={(other) => {
              setPayCurrency(other);
              setMethod(null);
            }}
          />
        )}
        <MethodGroups
          data={listed}
          shown={shown}
          currency={chargeCurrency}
          group="deposit-method"
          chosen={method}
          onChoose={setMethod}
        />
        {methodError && (
          <span id={`${ids}-method-error`} className={formStyles.error} role="alert">
            <FormattedMessage id={methodError} />
          </span>
        )}
      </fieldset>
      {needsAgreement && (
        <AgreementCheck
          checked={agreement}
          error={agreementError && <FormattedMessage id={agreementError} />}
          onChange={setAgreement}
        />
      )}
      {depositError && (
        <p className={formStyles.alert} role="alert">
          {depositError}
        </p>
      )}
      <button
        type="submit"
        className={button('primary', { large: true })}
        disabled={depositing}
        aria-busy={depositing || undefined}
      >
        <FormattedMessage id="deposit.submit" />
      </button>
    </form>
  );
}
