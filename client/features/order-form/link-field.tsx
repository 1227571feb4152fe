import { useDispatch } from 'react-redux';
import { MAX_LINKS } from '../../../shared/catalog.ts';
import type { LinkKind } from '../../../shared/link-rules.ts';
import { formStyles } from '../../components/form/text-field.tsx';
import { linkExample } from './link-examples.ts';
import styles from './order-form.module.css';
import { orderFormActions as actions } from './order-form.slice.ts';
import type { OrderFormModel } from './use-order-form.ts';

/**
 * The login or link the order is for (SPEC §5), named for the service's link kinds, with an
 * example of its own; several posts take one link a line. Its error is tied to it.
 */
export function LinkField({ model }: { model: OrderFormModel }) {
  const dispatch = useDispatch();
  const { ids, form, selection, errors, show, say } = model;
  const kinds = (selection.service?.link_kinds ?? []) as LinkKind[];
  const linkCombo = kinds.join('-') || 'any';
  const multiple = selection.numerosity === 'multiple';
  return (
    <div className={formStyles.field}>
      <label htmlFor={`${ids}-input`} className={formStyles.label}>
        {multiple ? say('order.link.multiple', { max: MAX_LINKS }) : say(`order.link.${linkCombo}`)}
      </label>
      {multiple ? (
        <textarea
          id={`${ids}-input`}
          className={`${formStyles.input} ${styles.textarea}`}
          rows={3}
          value={form.input}
          placeholder={linkExample(selection.platform, kinds)}
          aria-invalid={show && errors.input ? true : undefined}
          aria-describedby={show && errors.input ? `${ids}-input-error` : undefined}
          onChange={(event) => dispatch(actions.inputChanged(event.target.value))}
        />
      ) : (
        <input
          id={`${ids}-input`}
          className={formStyles.input}
          type="text"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={form.input}
          placeholder={linkExample(selection.platform, kinds)}
          aria-invalid={show && errors.input ? true : undefined}
          aria-describedby={show && errors.input ? `${ids}-input-error` : undefined}
          onChange={(event) => dispatch(actions.inputChanged(event.target.value))}
        />
      )}
      {show && errors.input && (
        <span id={`${ids}-input-error`} className={formStyles.error} role="alert">
          {say(errors.input, { max: MAX_LINKS })}
        </span>
      )}
    </div>
  );
}
