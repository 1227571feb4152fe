import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import type { PaymentMethod, PaymentMethodsData, ShownMethod } from '#shared/payment-methods.ts';
import { type Currency, legalRegionFor } from '#shared/regions.ts';
import { selectRegion } from '../../lib/app-state.ts';
import { useLocale, useLocalePath } from '../../lib/locale.ts';
import { formatMoney } from '../../lib/money.ts';
import styles from './form.module.css';

/**
 * One payment method as a radio row (the order form's panel, the top-up form): its name, and
 * when it is disabled (docs/product.md §15 'min' / 'max') the limit the price is outside of.
 */
export function MethodOption({
  method,
  disabled,
  currency,
  group,
  checked,
  onChoose,
}: {
  method: PaymentMethod;
  disabled: false | 'min' | 'max';
  currency: Currency;
  /** the radio group's name */
  group: string;
  checked: boolean;
  onChoose(id: number): void;
}) {
  const intl = useIntl();
  const limits = method.limits[currency];
  return (
    <label
      className={styles.choice}
      data-disabled={disabled || undefined}
      data-method={method.code}
    >
      <input
        type="radio"
        name={group}
        value={method.id}
        checked={checked}
        disabled={Boolean(disabled)}
        onChange={() => {
          if (!disabled) onChoose(method.id);
        }}
      />
      <span className={styles.choiceName}>
        <FormattedMessage id={`payment.method.${method.code}`} />
      </span>
      {disabled && limits && (
        <span className={styles.choiceNote}>
          <FormattedMessage
            id={`order.methods.${disabled}`}
            values={{
              amount: formatMoney(intl, disabled === 'min' ? limits.min : limits.max, currency),
            }}
          />
        </span>
      )}
    </label>
  );
}

/**
 * The methods on offer (shared/payment-methods.ts: shownMethods) as one radio group, in their
 * groups under their names, the balance first; a word while they load or when none pays.
 */
export function MethodGroups(props: {
  /** the list the methods come from (its groups), null while it loads */
  data: PaymentMethodsData | null;
  shown: ShownMethod[];
  currency: Currency;
  /** the radio group's name */
  group: string;
  chosen: number | null;
  onChoose(id: number): void;
}) {
  const { data, shown } = props;
  if (!data || !shown.length)
    return (
      <p className={styles.muted}>
        <FormattedMessage id={data ? 'order.methods.empty' : 'order.methods.loading'} />
      </p>
    );
  const groups = [null, ...Object.values(data.groups).sort((a, b) => a.order - b.order)];
  return groups.map((group) => {
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
            group={props.group}
            checked={props.chosen === method.id}
            onChoose={props.onChoose}
          />
        ))}
      </fieldset>
    );
  });
}

/** docs/product.md §12 'Must check the box': the payment policy agreement with its error under it. */
export function AgreementCheck({
  checked,
  error,
  onChange,
}: {
  checked: boolean;
  error: ReactNode;
  onChange(checked: boolean): void;
}) {
  const locale = useLocale();
  const to = useLocalePath();
  const region = legalRegionFor(locale, useSelector(selectRegion));
  // the documents' own words, each opening its document (the visitor's region's edition) in
  // a new tab, so the form keeps what was typed
  const document = (page: string) => (chunks: ReactNode[]) => (
    <a href={to(page, { region })} target="_blank" rel="noopener" className={styles.docLink}>
      {chunks}
    </a>
  );
  return (
    <div className={styles.field}>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>
          <FormattedMessage
            id="order.agreement"
            values={{
              agreement: document('public-agreement'),
              refund: document('refund-policy'),
            }}
          />
        </span>
      </label>
      {error && (
        <span className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
