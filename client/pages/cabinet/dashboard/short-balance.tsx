import { FormattedMessage } from 'react-intl';
import { formStyles } from '#client/components/form/text-field.tsx';
import type { OrderFormModel } from '#client/features/order-form/use-order-form.ts';
import styles from './short-balance.module.css';

/**
 * The cabinet's balance does not cover the order: top up what is missing (at least the
 * method's minimum) and come back to pay from the balance, or pay this order by the method.
 * The order form's `balance` part (nothing while the balance covers the price).
 */
export function ShortBalance({ model }: { model: OrderFormModel }) {
  const { money, missing, pair } = model;
  if (missing === null || !pair) return null;
  const group = `${model.ids}-short`;
  return (
    <section className={styles.shortBalance} data-testid="short-balance">
      <p className={styles.text} id={`${group}-label`}>
        <FormattedMessage
          id="order.balanceShort"
          values={{ amount: <strong>{money(missing)}</strong> }}
        />
      </p>
      <div className={styles.choices} role="radiogroup" aria-labelledby={`${group}-label`}>
        {(['topUp', 'pay'] as const).map((choice) => (
          <label key={choice} className={formStyles.choice}>
            <input
              type="radio"
              name={group}
              value={choice}
              checked={model.form.shortChoice === choice}
              onChange={() => model.choose({ type: 'set', set: { shortChoice: choice } })}
            />
            <span className={formStyles.choiceName}>
              {model.say(`order.short.${choice}`, {
                amount: money(choice === 'topUp' ? missing : pair[0]),
              })}
            </span>
          </label>
        ))}
      </div>
    </section>
  );
}
