import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { TextField } from '#client/components/form/text-field.tsx';
import { ruleMessage } from '#client/features/auth/auth-errors.ts';
import { userLoaded } from '#client/features/session/session.slice.ts';
import { confirmationProblem, passwordProblem } from '#shared/auth-rules.ts';
import { CardForm } from './card-form.tsx';
import styles from './profile.module.css';
import { useProfileForm } from './use-profile-form.ts';

/** A new password: this session goes on, every other one is logged out. */
export function PasswordCard() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const empty = { current_password: '', password: '', password_confirmation: '' };
  const form = useProfileForm(
    'POST user/password',
    empty,
    (v) => {
      const problem = passwordProblem(v.password);
      const repeated = confirmationProblem(v.password, v.password_confirmation);
      return {
        password: problem ? ruleMessage(intl, problem) : undefined,
        password_confirmation: repeated ? ruleMessage(intl, repeated) : undefined,
      };
    },
    (v) => ({
      body: {
        // an account made by social login has none yet: it sets its first one
        ...(v.current_password ? { current_password: v.current_password } : {}),
        password: v.password,
        password_confirmation: v.password_confirmation,
      },
    }),
    ({ user }) => {
      dispatch(userLoaded(user));
      form.setValues(empty);
      return intl.formatMessage({ id: 'cp.profile.password.done' });
    },
  );
  return (
    <section className={styles.card} aria-labelledby="profile-password">
      <h2 id="profile-password" className={styles.cardTitle}>
        <FormattedMessage id="cp.profile.password.title" />
      </h2>
      <p className={styles.cardLead}>
        <FormattedMessage id="cp.profile.password.lead" />
      </p>
      <CardForm form={form} submitId="cp.profile.password.submit">
        <TextField
          label={intl.formatMessage({ id: 'cp.profile.field.currentPassword' })}
          type="password"
          autoComplete="current-password"
          {...form.field('current_password')}
        />
        <TextField
          label={intl.formatMessage({ id: 'auth.field.newPassword' })}
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
        />
        <TextField
          label={intl.formatMessage({ id: 'auth.field.passwordRepeat' })}
          type="password"
          autoComplete="new-password"
          {...form.field('password_confirmation')}
        />
      </CardForm>
    </section>
  );
}
