import { useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import type { PaymentMethodsData } from '../../../shared/payment-methods.ts';
import type { Currency } from '../../../shared/regions.ts';
import { MethodOption } from '../../components/form/choices.tsx';
import { PayInCurrency } from '../../components/form/pay-in-currency.tsx';
import { Icon } from '../../components/icons/icons.tsx';
import styles from './order-form.module.css';
import type { ShownMethod } from './order-form.selection.ts';

interface Props {
  visible: boolean;
  chosen: number | null;
  shown: ShownMethod[];
  data: PaymentMethodsData | null;
  currency: Currency;
  error: string | null;
  onToggle(): void;
  onChoose(id: number): void;
  /** a guest with roubles and no card (the Russian card is for Russia only) switches the site's */
  onCurrencySwitch?: (currency: Currency) => void;
  /**
   * an account pays by a card of another currency instead, converted at the shop's rate: the
   * currency it pays in (null: its own), the charge in it and the price it pays
   */
  payIn?: {
    currency: Currency | null;
    charge: number | null;
    price: number | null;
    onChoose: (currency: Currency | null) => void;
  };
}

/**
 * The payment methods panel: a toggle shows or hides it; methods come in their groups;
 * one outside its limits is shown disabled with its minimum or maximum (or hidden when its
 * group has another, see shownMethods).
 */
export function PaymentMethodsPanel({
  visible,
  chosen,
  shown,
  data,
  currency,
  error,
  onToggle,
  onChoose,
  onCurrencySwitch,
  payIn,
}: Props) {
  const chosenMethod = shown.find((entry) => entry.method.id === chosen)?.method;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const groups = data
    ? [
        { id: null as string | null, order: -1 },
        ...Object.values(data.groups).sort((a, b) => a.order - b.order),
      ]
    : [];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from the toggle or any method inside bubbles here; the box itself takes no focus
    <div
      className={styles.methods}
      // Escape folds the open panel and gives the focus back to its toggle (WCAG 2.1.2)
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !visible) return;
        event.stopPropagation();
        onToggle();
        toggleRef.current?.focus();
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className={styles.methodsToggle}
        aria-expanded={visible}
        aria-controls="order-methods"
        onClick={onToggle}
      >
        <span>
          {chosenMethod ? (
            <>
              <span className="visually-hidden">
                <FormattedMessage id="order.methods.label" />:{' '}
              </span>
              <FormattedMessage id={`payment.method.${chosenMethod.code}`} />
            </>
          ) : (
            <FormattedMessage id="order.methods.toggle" />
          )}
        </span>
        <Icon name="chevronDown" size={16} />
      </button>
      <div id="order-methods" className={styles.methodsPanel} hidden={!visible}>
        {visible && !data && (
          <p className={styles.muted}>
            <FormattedMessage id="order.methods.loading" />
          </p>
        )}
        {visible && data && shown.length === 0 && (
          <p className={styles.muted}>
            <FormattedMessage id="order.methods.empty" />
          </p>
        )}
        {visible &&
          data &&
          currency === 'RUB' &&
          (payIn?.currency || !shown.some((entry) => entry.method.group === 'cards')) &&
          (payIn ? (
            <PayInCurrency
              currency={currency}
              payCurrency={payIn.currency}
              charge={payIn.charge}
              price={payIn.price}
              hint="order.methods.cardAbroadAccount"
              onChoose={payIn.onChoose}
            />
          ) : (
            onCurrencySwitch && (
              <PayInCurrency
                currency={currency}
                payCurrency={null}
                charge={null}
                price={null}
                hint="order.methods.cardAbroad"
                onChoose={(other) => other && onCurrencySwitch(other)}
              />
            )
          ))}
        {visible &&
          groups.map((group) => {
            const inGroup = shown.filter((entry) => entry.method.group === group.id);
            if (!inGroup.length) return null;
            return (
              <fieldset key={group.id ?? 'balance'} className={styles.methodGroup}>
                {group.id && (
                  <legend className={styles.methodGroupTitle}>
                    <FormattedMessage id={`payment.group.${group.id}`} />
                  </legend>
                )}
                {inGroup.map(({ method, state }) => (
                  <MethodOption
                    key={method.id}
                    method={method}
                    disabled={state.disabled}
                    currency={currency}
                    group="payment-method"
                    checked={chosen === method.id}
                    onChoose={onChoose}
                  />
                ))}
              </fieldset>
            );
          })}
      </div>
      {error && (
        <span className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
