import { type FormEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { button } from '#client/components/button/button.ts';
import { formStyles, TextField } from '#client/components/form/text-field.tsx';
import { userRefreshNeeded } from '#client/features/session/session.slice.ts';
import { formatDate } from '#client/lib/dates.ts';
import { formatMoney } from '#client/lib/money.ts';
import { useWrite } from '#client/lib/route-write.ts';
import type { RefsTotal, WithdrawalView } from '#shared/referrals.ts';
import { type Currency, isCurrency } from '#shared/regions.ts';
import { WITHDRAW_METHODS, type WithdrawMethod } from '#shared/schemas/cabinet.schemas.ts';
import type { PartState } from '../cabinet-data.ts';
import styles from './income.module.css';

type Page<T> = { items: T[]; meta: { total: number } };

/** The server's English texts (docs/product.md §12) → this page's messages. */
const ERRORS: Record<string, string> = {
  'The amount is below the minimum for a withdrawal': 'min',
  'The amount is more than your affiliate income available for withdrawal': 'available',
  'You already have a withdrawal request waiting for a decision': 'pending',
};

/** The withdrawal requests made, each with its amount, method, day, note and status. */
function WithdrawalHistory({ items, currency }: { items: WithdrawalView[]; currency: Currency }) {
  const intl = useIntl();
  const money = (minor: number) => formatMoney(intl, minor, currency);
  return (
    <div className={styles.requests}>
      <h3 className={styles.subtitle}>
        <FormattedMessage id="cp.income.withdraw.history" />
      </h3>
      <ul className={styles.requestList} data-testid="withdrawals">
        {items.map((item) => (
          <li key={item.id}>
            <span>
              <strong>{money(item.amount)}</strong>{' '}
              <span className={styles.muted}>
                {intl.formatMessage({ id: `cp.income.withdraw.method.${item.method}` })} ·{' '}
                {formatDate(intl, item.created_at)}
              </span>
              {item.note && <span className={styles.requestNote}>{item.note}</span>}
            </span>
            <span className={styles.status} data-status={item.status}>
              <FormattedMessage id={`cp.income.withdraw.status.${item.status}`} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A withdraw request (affiliate income only, from the minimum) and the requests made; the
 * request goes through the page's action, which reads the totals and requests again after it.
 */
export function WithdrawCard({
  total,
  history,
}: {
  total: RefsTotal;
  history: Pick<PartState<Page<WithdrawalView>>, 'data'>;
}) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<WithdrawMethod>(WITHDRAW_METHODS[0]);
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const currency = isCurrency(total.currency) ? total.currency : 'RUB';
  const money = (minor: number) => formatMoney(intl, minor, currency);
  const waiting = history.data?.items.find((item) => item.status === 'PENDING');
  const open = !waiting && total.available >= total.min_withdraw && total.min_withdraw > 0;
  const t = (id: string) => intl.formatMessage({ id: `cp.income.withdraw.errors.${id}` });

  const request = useWrite('POST user/withdrawals', {
    done: () => {
      setSent(true);
      setAmount('');
      setDetails('');
      dispatch(userRefreshNeeded());
    },
    failed: (error) => {
      const known = ERRORS[error.message];
      const fields = Object.keys(error.fields);
      // a 400 naming fields marks them, and the first takes the focus
      setErrors(
        known
          ? { form: t(known) }
          : fields.length
            ? Object.fromEntries(fields.map((field) => [field, t(field)]))
            : { form: t('failed') },
      );
      return formRef.current;
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setSent(false);
    void request.submit({ body: { amount, method, details } });
  };

  return (
    <section className={styles.card} aria-labelledby="withdraw-title" data-testid="withdraw">
      <h2 id="withdraw-title" className={styles.cardTitle}>
        <FormattedMessage id="cp.income.withdraw.title" />
      </h2>
      {sent && (
        <p className={styles.success} role="status">
          <FormattedMessage id="cp.income.withdraw.sent" />
        </p>
      )}
      {waiting ? (
        <p className={styles.lead}>
          <FormattedMessage
            id="cp.income.withdraw.waiting"
            values={{ amount: money(waiting.amount) }}
          />
        </p>
      ) : !open ? (
        <p className={styles.lead}>
          <FormattedMessage
            id="cp.income.withdraw.below"
            values={{ min: money(total.min_withdraw), available: money(total.available) }}
          />
        </p>
      ) : (
        <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
          <TextField
            label={intl.formatMessage({ id: 'cp.income.withdraw.amount' })}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            placeholder={intl.formatNumber(total.available / 100, {
              useGrouping: false,
              maximumFractionDigits: 2,
            })}
            onChange={(event) => setAmount(event.target.value)}
            error={errors.amount}
            required
          />
          <div className={formStyles.field}>
            <label htmlFor="withdraw-method" className={formStyles.label}>
              <FormattedMessage id="cp.income.withdraw.method" />
            </label>
            <select
              id="withdraw-method"
              className={`${formStyles.input} ${styles.select}`}
              value={method}
              onChange={(event) => setMethod(event.target.value as WithdrawMethod)}
            >
              {WITHDRAW_METHODS.map((value) => (
                <option key={value} value={value}>
                  {intl.formatMessage({ id: `cp.income.withdraw.method.${value}` })}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label={intl.formatMessage({ id: 'cp.income.withdraw.details' })}
            autoComplete="off"
            maxLength={200}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            error={errors.details ?? errors.method}
            required
          />
          {errors.form && (
            <p className={formStyles.error} role="alert">
              {errors.form}
            </p>
          )}
          <button type="submit" className={button('primary')} disabled={request.pending}>
            <FormattedMessage id="cp.income.withdraw.submit" />
          </button>
        </form>
      )}
      {history.data && history.data.items.length > 0 && (
        <WithdrawalHistory items={history.data.items} currency={currency} />
      )}
    </section>
  );
}
