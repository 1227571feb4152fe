import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { formStyles, TextField } from '#client/components/form/text-field.tsx';
import { ruleMessage } from '#client/features/auth/auth-errors.ts';
import { userLoaded } from '#client/features/session/session.slice.ts';
import { emailProblem, loginProblem } from '#shared/auth-rules.ts';
import type { PublicUser } from '#shared/user.ts';
import { CardForm } from './card-form.tsx';
import styles from './profile.module.css';
import { useProfileForm } from './use-profile-form.ts';

/** Login and e-mail; a new e-mail asks for the password (it is where a reset link goes). */
export function AccountCard({ user }: { user: PublicUser }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const rule = (key: ReturnType<typeof loginProblem>) => (key ? ruleMessage(intl, key) : undefined);
  const changed = (v: { login: string; email: string }) => ({
    login: v.login.trim().toLowerCase() !== (user.login ?? ''),
    email: v.email.trim().toLowerCase() !== user.email,
  });
  const form = useProfileForm(
    'PATCH user',
    { login: user.login ?? '', email: user.email, password: '' },
    (v) => ({
      login: changed(v).login ? rule(loginProblem(v.login.trim())) : undefined,
      email: changed(v).email ? rule(emailProblem(v.email.trim())) : undefined,
    }),
    (v) => {
      const what = changed(v);
      return {
        body: {
          ...(what.login ? { login: v.login.trim() } : {}),
          ...(what.email ? { email: v.email.trim() } : {}),
          ...(what.email && v.password ? { password: v.password } : {}),
        },
      };
    },
    (updated) => {
      dispatch(userLoaded(updated));
      form.setValues({ login: updated.login ?? '', email: updated.email, password: '' });
      return intl.formatMessage({ id: 'cp.profile.saved' });
    },
  );
  const dirty = changed(form.values);
  return (
    <section className={styles.card} aria-labelledby="profile-account">
      <h2 id="profile-account" className={styles.cardTitle}>
        <FormattedMessage id="cp.profile.account.title" />
      </h2>
      <CardForm form={form} submitId="cp.profile.save" disabled={!dirty.login && !dirty.email}>
        <TextField
          label={intl.formatMessage({ id: 'auth.field.login' })}
          autoComplete="username"
          {...form.field('login')}
        />
        <TextField
          label={intl.formatMessage({ id: 'auth.field.email' })}
          type="email"
          autoComplete="email"
          {...form.field('email')}
        />
        {dirty.email && (
          <>
            <TextField
              label={intl.formatMessage({ id: 'cp.profile.field.currentPassword' })}
              type="password"
              autoComplete="current-password"
              {...form.field('password')}
            />
            <p className={`${styles.hint} ${formStyles.field}`}>
              <FormattedMessage id="cp.profile.account.passwordHint" />
            </p>
          </>
        )}
      </CardForm>
    </section>
  );
}
