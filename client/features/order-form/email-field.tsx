import { FormattedMessage } from 'react-intl';
import { formStyles } from '../../components/form/text-field.tsx';
import type { OrderFormModel } from './use-order-form.ts';

/** A guest's e-mail for the receipt, its error tied to it. */
export function EmailField({ model }: { model: OrderFormModel }) {
  const { ids, form, choose, errors, show, say } = model;
  return (
    <div className={formStyles.field}>
      <label htmlFor={`${ids}-email`} className={formStyles.label}>
        <FormattedMessage id="order.email" />
      </label>
      <input
        id={`${ids}-email`}
        className={formStyles.input}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={form.email}
        aria-invalid={show && errors.email ? true : undefined}
        aria-describedby={show && errors.email ? `${ids}-email-error` : undefined}
        onChange={(event) => choose({ type: 'set', set: { email: event.target.value } })}
      />
      {show && errors.email && (
        <span id={`${ids}-email-error`} className={formStyles.error} role="alert">
          {say(errors.email)}
        </span>
      )}
    </div>
  );
}
