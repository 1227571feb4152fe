import { FormattedMessage, useIntl } from 'react-intl';
import type { PaymentMethodsData } from '../../../shared/payment-methods.ts';
import type { Currency } from '../../../shared/regions.ts';
import { Icon } from '../../components/icons/icons.tsx';
import { formatMoney } from '../../lib/money.ts';
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
}

/**
 * SPEC §4 payment methods panel: a toggle shows or hides it; methods come in their groups;
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
}: Props) {
  const intl = useIntl();
  const chosenMethod = shown.find((entry) => entry.method.id === chosen)?.method;
  const groups = data
    ? [
        { id: null as string | null, order: -1 },
        ...Object.values(data.groups).sort((a, b) => a.order - b.order),
      ]
    : [];
  return (
    <div className={styles.methods}>
      <button
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
                {inGroup.map(({ method, state }) => {
                  const limits = method.limits[currency];
                  const note =
                    state.disabled && limits
                      ? intl.formatMessage(
                          { id: `order.methods.${state.disabled}` },
                          {
                            amount: formatMoney(
                              intl,
                              state.disabled === 'min' ? limits.min : limits.max,
                              currency,
                            ),
                          },
                        )
                      : null;
                  return (
                    <label
                      key={method.id}
                      className={styles.method}
                      data-disabled={state.disabled || undefined}
                      data-method={method.code}
                    >
                      <input
                        type="radio"
                        name="payment-method"
                        value={method.id}
                        checked={chosen === method.id}
                        disabled={Boolean(state.disabled)}
                        onChange={() => {
                          if (!state.disabled) onChoose(method.id);
                        }}
                      />
                      <span className={styles.methodName}>
                        <FormattedMessage id={`payment.method.${method.code}`} />
                      </span>
                      {note && <span className={styles.methodNote}>{note}</span>}
                    </label>
                  );
                })}
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
