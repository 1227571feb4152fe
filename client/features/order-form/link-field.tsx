import { MAX_LINKS } from '../../../shared/catalog.ts';
import type { LinkKind } from '../../../shared/link-rules.ts';
import { formStyles } from '../../components/form/text-field.tsx';
import { linkExample } from './link-examples.ts';
import styles from './order-form.module.css';
import type { OrderFormModel } from './use-order-form.ts';

/**
 * The login or link the order is for, named for the service's link kinds, with an
 * example of its own; several posts take one link a line. Its error is tied to it; while a
 * short link is followed to where it leads, it says it checks the link instead.
 */
export function LinkField({ model }: { model: OrderFormModel }) {
  const { ids, form, choose, selection, errors, show, say, checking } = model;
  // while a short link is followed the field says so, and has no error of its own
  const error = show && !checking ? errors.input : undefined;
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
          aria-invalid={error ? true : undefined}
          aria-describedby={
            error ? `${ids}-input-error` : checking ? `${ids}-input-status` : undefined
          }
          onChange={(event) => choose({ type: 'input', input: event.target.value })}
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
          aria-invalid={error ? true : undefined}
          aria-describedby={
            error ? `${ids}-input-error` : checking ? `${ids}-input-status` : undefined
          }
          onChange={(event) => choose({ type: 'input', input: event.target.value })}
        />
      )}
      {checking ? (
        <span id={`${ids}-input-status`} className={styles.hint} role="status">
          {say('order.link.checking')}
        </span>
      ) : (
        error && (
          <span id={`${ids}-input-error`} className={formStyles.error} role="alert">
            {say(error, { max: MAX_LINKS })}
          </span>
        )
      )}
    </div>
  );
}
