import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { button } from '#client/components/button/button.ts';
import { focusFirstInvalid } from '#client/components/form/focus-first-invalid.ts';
import { formStyles } from '#client/components/form/text-field.tsx';
import { selectUser, userRefreshNeeded } from '#client/features/session/session.slice.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import { formatMoney } from '#client/lib/money.ts';
import { useWrite } from '#client/lib/route-write.ts';
import { MAX_MASS_LINES, MAX_MASS_TEXT, massLines } from '#shared/mass-orders.ts';
import { type Currency, isCurrency } from '#shared/regions.ts';
import styles from './mass.module.css';
import { lineCountRefusal, type Outcome, refusalOutcome } from './mass-errors.ts';
import { MassLineErrors, MassPlaced } from './mass-outcome.tsx';

/**
 * The mass order: one order a line, `service | link | quantity`, with a live
 * count; the server checks every line before anything is charged and names the bad ones
 * (shown under the text, each with its line), or places them all from the balance at once.
 */
export function MassOrderForm({ example }: { example: string }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const to = useLocalePath();
  const user = useSelector(selectUser);
  const id = useId();
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // the text as it was sent: a refusal names its lines by number
  const [sent, setSent] = useState('');
  const currency: Currency = user && isCurrency(user.cur) ? user.cur : 'USD';
  const count = useMemo(() => massLines(text).length, [text]);
  const tooMany = count > MAX_MASS_LINES;

  const place = useWrite('POST c_orders/mass', {
    done: (placed) => {
      setOutcome({ kind: 'placed', placed });
      setText('');
      dispatch(userRefreshNeeded());
    },
    // lines refused by number mark the field, which takes the focus
    failed: (error) => {
      setOutcome(refusalOutcome(intl, error, sent));
      return formRef.current;
    },
  });
  const busy = place.pending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    if (place.pending) return;
    // the lines are the one field: refused, it is marked and takes the focus
    const refused = lineCountRefusal(intl, count);
    if (refused) {
      focusFirstInvalid(form, () => setOutcome(refused));
      return;
    }
    setOutcome(null);
    setSent(text);
    void place.submit({ body: { orders: text } });
  };

  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const errorsId = `${id}-errors`;
  const messageId = `${id}-message`;
  const fieldMessage = outcome?.kind === 'message' && outcome.field;
  const described = [
    hintId,
    countId,
    outcome?.kind === 'lines' && errorsId,
    fieldMessage && messageId,
  ].filter(Boolean);
  return (
    <div className={styles.mass}>
      <form
        ref={formRef}
        className={styles.card}
        onSubmit={submit}
        noValidate
        data-testid="mass-form"
      >
        <div className={styles.head}>
          <label htmlFor={id} className={formStyles.label}>
            <FormattedMessage id="cp.mass.label" />
          </label>
          {user && (
            <span className={styles.balance}>
              <FormattedMessage id="cp.balance" />{' '}
              <strong data-testid="mass-balance">
                {formatMoney(intl, user.balance, currency)}
              </strong>
            </span>
          )}
        </div>
        <p id={hintId} className={styles.hint}>
          <FormattedMessage
            id="cp.mass.hint"
            values={{ format: <code>service | link | quantity</code>, max: MAX_MASS_LINES }}
          />
        </p>
        <textarea
          id={id}
          className={`${formStyles.input} ${styles.text}`}
          rows={8}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          autoComplete="off"
          wrap="off"
          maxLength={MAX_MASS_TEXT}
          placeholder={example}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={described.join(' ')}
          aria-invalid={outcome?.kind === 'lines' || tooMany || fieldMessage ? true : undefined}
          data-testid="mass-text"
        />
        <div className={styles.foot}>
          <span
            id={countId}
            className={tooMany ? styles.over : styles.count}
            aria-live="polite"
            data-testid="mass-count"
          >
            <FormattedMessage id="cp.mass.count" values={{ count, max: MAX_MASS_LINES }} />
          </span>
          <button
            type="submit"
            className={`${button('primary')} ${styles.submit}`}
            disabled={busy}
            data-testid="mass-submit"
          >
            <FormattedMessage id={busy ? 'cp.mass.placing' : 'cp.mass.submit'} values={{ count }} />
          </button>
        </div>
        {outcome?.kind === 'lines' && <MassLineErrors id={errorsId} lines={outcome.lines} />}
        {outcome?.kind === 'message' && (
          <p id={messageId} className={formStyles.alert} role="alert" data-testid="mass-message">
            {outcome.text}
            {outcome.topUp && (
              <>
                {' '}
                <Link to={to('cp-payment')}>
                  <FormattedMessage id="cp.topUp" />
                </Link>
              </>
            )}
          </p>
        )}
      </form>
      {outcome?.kind === 'placed' && <MassPlaced placed={outcome.placed} currency={currency} />}
    </div>
  );
}
