import { type FormEvent, useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import {
  BALANCE_METHOD_ID,
  methodState,
  type PaymentMethodsData,
} from '../../../shared/payment-methods.ts';
import { type Currency, isCurrency } from '../../../shared/regions.ts';
import type { PublicUser } from '../../../shared/user.ts';
import { button } from '../../components/button/button.ts';
import { chip } from '../../components/chip/chip.ts';
import { AgreementCheck, MethodOption } from '../../components/form/choices.tsx';
import { formStyles } from '../../components/form/text-field.tsx';
import { callApi } from '../../lib/endpoints.ts';
import { formatMoney } from '../../lib/money.ts';
import styles from './deposit-form.module.css';
import { type PaymentState, paymentActions } from './payment.slice.ts';

/** Amounts offered at a tap, in major units of the account's currency. */
const PRESETS: Record<Currency, number[]> = {
  RUB: [500, 1_000, 5_000, 10_000],
  USD: [10, 25, 50, 100],
  EUR: [10, 25, 50, 100],
};

/** Major units as typed ("150", "99.5", "1 000,50") → minor units, or null. */
function parseAmount(raw: string): number | null {
  const clean = raw.replace(/\s/g, '').replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** SPEC §3 balance top-up (POST deposit): an amount and a method of the user's currency. */
export function DepositForm() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const ids = useId();
  const user = useSelector((state: { session: { user: PublicUser | null } }) => state.session.user);
  const { depositing, depositError } = useSelector(
    (state: { payment: PaymentState }) => state.payment,
  );
  const currency: Currency = user && isCurrency(user.cur) ? user.cur : 'RUB';
  const [methods, setMethods] = useState<PaymentMethodsData | null>(null);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<number | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [agreement, setAgreement] = useState(false);

  useEffect(() => {
    let live = true;
    callApi('GET payment/methods', { query: { currency } })
      .then((data) => live && setMethods(data))
      .catch(() => live && setMethods({ methods: [], groups: {} }));
    return () => {
      live = false;
    };
  }, [currency]);

  const minor = parseAmount(amount);
  const usable = (methods?.methods ?? []).filter((entry) => entry.id !== BALANCE_METHOD_ID);
  const amountError = attempted && minor === null ? 'order.error.amount' : null;
  const methodError = attempted && method === null ? 'order.error.method' : null;
  const needsAgreement = Boolean(usable.find((entry) => entry.id === method)?.show_agreement_flag);
  const agreementError = attempted && needsAgreement && !agreement ? 'order.error.agreement' : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (minor === null || method === null || (needsAgreement && !agreement)) return;
    dispatch(
      paymentActions.depositRequested({
        amount: minor,
        method,
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
          aria-invalid={amountError ? true : undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
        <div className={styles.presets}>
          {PRESETS[currency].map((preset) => (
            <button
              key={preset}
              type="button"
              className={chip}
              aria-pressed={minor === preset * 100}
              onClick={() => setAmount(String(preset))}
            >
              {formatMoney(intl, preset * 100, currency)}
            </button>
          ))}
        </div>
        {amountError && (
          <span className={formStyles.error} role="alert">
            <FormattedMessage id={amountError} />
          </span>
        )}
      </div>
      <fieldset className={styles.methods}>
        <legend className={formStyles.label}>
          <FormattedMessage id="order.methods.label" />
        </legend>
        {!methods && (
          <p className={styles.muted}>
            <FormattedMessage id="order.methods.loading" />
          </p>
        )}
        {usable.map((entry) => {
          const state = methods ? methodState(entry, methods, currency, minor) : null;
          if (!state?.shown) return null;
          return (
            <MethodOption
              key={entry.id}
              method={entry}
              disabled={state.disabled}
              currency={currency}
              group="deposit-method"
              checked={method === entry.id}
              onChoose={setMethod}
            />
          );
        })}
        {methodError && (
          <span className={formStyles.error} role="alert">
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
