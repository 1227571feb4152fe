import { type ReactNode, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MethodState, PaymentMethod, PaymentMethodsData } from '#shared/payment-methods.ts';
import type { Currency } from '#shared/regions.ts';
import { Icon } from '../icons/icons.tsx';
import { MethodOption } from './choices.tsx';
import styles from './methods.module.css';

/**
 * The order form's payment methods panel: a toggle shows or hides it; methods come in their
 * groups (`data`'s, null while they load), one outside its limits disabled with its minimum or
 * maximum (or hidden: the caller leaves it out of `shown`). `children` stand above the methods
 * (the way to pay in another currency).
 */
export function PaymentMethodsPanel(props: {
  data: PaymentMethodsData | null;
  shown: { method: PaymentMethod; state: Extract<MethodState, { shown: true }> }[];
  chosen: number | null;
  currency: Currency;
  visible: boolean;
  error: string | null;
  onToggle: () => void;
  onChoose: (id: number) => void;
  children?: ReactNode;
}) {
  const { data, shown, chosen, visible, onToggle } = props;
  const intl = useIntl();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const chosenMethod = shown.find((entry) => entry.method.id === chosen)?.method;
  const groups = [null, ...Object.values(data?.groups ?? {}).sort((a, b) => a.order - b.order)];
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
                {intl.formatMessage({ id: 'order.methods.label' })}:{' '}
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
        {visible && (!data || shown.length === 0) && (
          <p className={styles.muted}>
            <FormattedMessage id={data ? 'order.methods.empty' : 'order.methods.loading'} />
          </p>
        )}
        {props.children}
        {visible &&
          groups.map((group) => {
            const inGroup = shown.filter((entry) => entry.method.group === (group?.id ?? null));
            if (!inGroup.length) return null;
            return (
              <fieldset key={group?.id ?? 'balance'} className={styles.methodGroup}>
                {group && (
                  <legend className={styles.methodGroupTitle}>
                    <FormattedMessage id={`payment.group.${group.id}`} />
                  </legend>
                )}
                {inGroup.map(({ method, state }) => (
                  <MethodOption
                    key={method.id}
                    method={method}
                    disabled={state.disabled}
                    currency={props.currency}
                    group="payment-method"
                    checked={chosen === method.id}
                    onChoose={props.onChoose}
                  />
                ))}
              </fieldset>
            );
          })}
      </div>
      {props.error && (
        <span className={styles.error} role="alert">
          {props.error}
        </span>
      )}
    </div>
  );
}
