import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { button } from '#client/components/button/button.ts';
import { formStyles, TextField } from '#client/components/form/text-field.tsx';
import { sessionEnding } from '#client/features/session/session.slice.ts';
import { formatMoney } from '#client/lib/money.ts';
import { isCurrency } from '#shared/regions.ts';
import type { PublicUser } from '#shared/user.ts';
import { CardForm } from './card-form.tsx';
import styles from './profile.module.css';
import { useProfileForm } from './use-profile-form.ts';

/**
 * The danger zone: a request to delete the account, confirmed with the password. Refused while
 * the balance holds money; once recorded, the customer is logged out everywhere.
 */
export function DeleteCard({ user, onRequested }: { user: PublicUser; onRequested: () => void }) {
  const intl = useIntl();
  const reasonId = useId();
  const dispatch = useDispatch();
  const [confirming, setConfirming] = useState(false);
  const locked = user.balance !== 0;
  const form = useProfileForm(
    'POST user/delete',
    { password: '', reason: '' },
    () => ({}),
    (v) => {
      // the request ends the session: the live channel's end may come before its answer
      dispatch(sessionEnding(true));
      return {
        body: {
          ...(v.password ? { password: v.password } : {}),
          ...(v.reason.trim() ? { reason: v.reason.trim() } : {}),
        },
      };
    },
    () => {
      onRequested();
      return null;
    },
    () => dispatch(sessionEnding(false)),
  );
  return (
    <section className={`${styles.card} ${styles.danger}`} aria-labelledby="profile-delete">
      <h2 id="profile-delete" className={styles.cardTitle}>
        <FormattedMessage id="cp.profile.delete.title" />
      </h2>
      <p className={styles.cardLead}>
        <FormattedMessage id="cp.profile.delete.lead" />
      </p>
      {locked && (
        <p className={formStyles.alert}>
          <FormattedMessage
            id="cp.profile.delete.balance"
            values={{
              amount: formatMoney(intl, user.balance, isCurrency(user.cur) ? user.cur : 'RUB'),
            }}
          />
        </p>
      )}
      {!confirming ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={`${button('secondary')} ${styles.dangerOutline}`}
            disabled={locked}
            onClick={() => setConfirming(true)}
          >
            <FormattedMessage id="cp.profile.delete.start" />
          </button>
        </div>
      ) : (
        <CardForm
          form={form}
          submitId="cp.profile.delete.confirm"
          danger
          onCancel={() => setConfirming(false)}
        >
          <p>
            <strong>
              <FormattedMessage id="cp.profile.delete.confirmLead" />
            </strong>
          </p>
          <TextField
            label={intl.formatMessage({ id: 'cp.profile.field.currentPassword' })}
            type="password"
            autoComplete="current-password"
            {...form.field('password')}
          />
          <div className={formStyles.field}>
            <label htmlFor={reasonId} className={formStyles.label}>
              <FormattedMessage id="cp.profile.delete.reason" />
            </label>
            <textarea
              id={reasonId}
              className={`${formStyles.input} ${styles.textarea}`}
              maxLength={1000}
              {...form.field('reason')}
              aria-invalid={form.field('reason').error ? true : undefined}
              aria-describedby={form.field('reason').error ? `${reasonId}-error` : undefined}
            />
            {form.field('reason').error && (
              <span id={`${reasonId}-error`} className={formStyles.error} role="alert">
                {form.field('reason').error}
              </span>
            )}
          </div>
        </CardForm>
      )}
    </section>
  );
}
