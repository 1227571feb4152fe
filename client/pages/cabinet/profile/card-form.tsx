import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { button } from '#client/components/button/button.ts';
import { formStyles } from '#client/components/form/text-field.tsx';
import styles from './profile.module.css';

/** A card's form: its fields, the form error or success notice, and the save button. */
export function CardForm({
  form,
  submitId,
  disabled = false,
  danger = false,
  onCancel,
  children,
}: {
  form: {
    onSubmit: (event: FormEvent) => void;
    formError: string | null;
    notice: string | null;
    busy: boolean;
  };
  submitId: string;
  disabled?: boolean;
  /** the danger zone's red button */
  danger?: boolean;
  /** a cancel button beside the submit (a confirmation step) */
  onCancel?: () => void;
  children: ReactNode;
}) {
  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate>
      {children}
      {form.formError && (
        <p className={formStyles.alert} role="alert">
          {form.formError}
        </p>
      )}
      {form.notice && (
        <p className={formStyles.notice} role="status">
          {form.notice}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="submit"
          className={`${button('primary')} ${danger ? styles.dangerButton : ''}`}
          disabled={form.busy || disabled}
        >
          <FormattedMessage id={form.busy ? 'cp.profile.saving' : submitId} />
        </button>
        {onCancel && (
          <button
            type="button"
            className={button('secondary')}
            onClick={onCancel}
            disabled={form.busy}
          >
            <FormattedMessage id="cp.profile.delete.cancel" />
          </button>
        )}
      </div>
    </form>
  );
}
