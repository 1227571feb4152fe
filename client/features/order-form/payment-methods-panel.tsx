import { useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Currency } from '#shared/regions.ts';
import { MethodGroups } from '../../components/form/choices.tsx';
import { PayInCurrency } from '../../components/form/pay-in-currency.tsx';
import { Icon } from '../../components/icons/icons.tsx';
import styles from './order-form.module.css';
import type { OrderFormModel } from './use-order-form.ts';

/**
 * The payment methods panel: a toggle shows or hides it; methods come in their groups, one
 * outside its limits disabled with its minimum or maximum (or hidden, see shownMethods). A
 * rouble buyer without a card that pays abroad is offered another currency: an account pays
 * in it at the shop's rate, a guest switches the site's (`onCurrencySwitch`).
 */
export function PaymentMethodsPanel({
  model,
  onCurrencySwitch,
}: {
  model: OrderFormModel;
  onCurrencySwitch?: ((currency: Currency) => void) | undefined;
}) {
  const { context, currency, shown, chosenMethod, user, choose, say } = model;
  const { visible, method: chosen } = model.methods;
  // paying in another currency: its groups of methods
  const data = context.payCurrency ? context.payMethods : context.methods;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const abroad =
    visible &&
    data &&
    currency === 'RUB' &&
    (context.payCurrency || !shown.some((entry) => entry.method.group === 'cards'));
  const error = model.show ? say(model.errors.method) : null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from the toggle or any method inside bubbles here; the box itself takes no focus
    <div
      className={styles.methods}
      // Escape folds the open panel and gives the focus back to its toggle (WCAG 2.1.2)
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !visible) return;
        event.stopPropagation();
        model.togglePanel();
        toggleRef.current?.focus();
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className={styles.methodsToggle}
        aria-expanded={visible}
        aria-controls="order-methods"
        onClick={model.togglePanel}
      >
        <span>
          {chosenMethod ? (
            <>
              <span className="visually-hidden">{say('order.methods.label')}: </span>
              <FormattedMessage id={`payment.method.${chosenMethod.code}`} />
            </>
          ) : (
            <FormattedMessage id="order.methods.toggle" />
          )}
        </span>
        <Icon name="chevronDown" size={16} />
      </button>
      <div id="order-methods" className={styles.methodsPanel} hidden={!visible}>
        {abroad && user && (
          <PayInCurrency
            currency={currency}
            payCurrency={context.payCurrency}
            charge={model.charge}
            price={model.toppingUp ? model.missing : (model.pair?.[0] ?? null)}
            hint="order.methods.cardAbroadAccount"
            onChoose={(other) => choose({ type: 'payCurrency', currency: other })}
          />
        )}
        {abroad && !user && onCurrencySwitch && (
          <PayInCurrency
            currency={currency}
            payCurrency={null}
            charge={null}
            price={null}
            hint="order.methods.cardAbroad"
            onChoose={(other) => other && onCurrencySwitch(other)}
          />
        )}
        {visible && (
          <MethodGroups
            data={data}
            shown={shown}
            currency={currency}
            group="payment-method"
            chosen={chosen}
            onChoose={(id) => choose({ type: 'method', id })}
          />
        )}
      </div>
      {error && (
        <span className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
