import { type ComponentProps, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  confirmationProblem,
  emailProblem,
  loginProblem,
  passwordProblem,
} from '#shared/auth-rules.ts';
import { isSafeRedirect } from '#shared/safe-redirect.ts';
import { button } from '../../components/button/button.ts';
import { formStyles, TextField } from '../../components/form/text-field.tsx';
import { useLocale, useLocalePath } from '../../lib/locale.ts';
import { ruleMessage } from './auth-errors.ts';
import { useAuthForm } from './use-auth-form.ts';

/** After a login: the remembered path if it is safe, else the cabinet (a full load: new session). */
function useAfterLogin() {
  const [search] = useSearchParams();
  const to = useLocalePath();
  return () => {
    const back = search.get('redirect');
    window.location.assign(isSafeRedirect(back) ? back : to('cp'));
  };
}

function Submit({ busy, label }: { busy: boolean; label: string }) {
  return (
    <button
      type="submit"
      className={`${button('primary', { large: true })} ${formStyles.submit}`}
      disabled={busy}
    >
      {busy ? <FormattedMessage id="auth.busy" /> : <FormattedMessage id={label} />}
    </button>
  );
}

const FormError = ({ text }: { text: string | null }) =>
  text ? (
    <p className={formStyles.alert} role="alert">
      {text}
    </p>
  ) : null;

/** A new password and its repetition, with their rules (sign-up, set password). */
function newPasswordProblems(
  intl: IntlShape,
  v: { password: string; password_confirmation: string },
) {
  const problem = passwordProblem(v.password);
  const repeated = confirmationProblem(v.password, v.password_confirmation);
  return {
    password: problem ? ruleMessage(intl, problem) : undefined,
    password_confirmation: repeated ? ruleMessage(intl, repeated) : undefined,
  };
}

function NewPasswordFields({
  field,
  labelId,
}: {
  field: (
    name: 'password' | 'password_confirmation',
  ) => Omit<ComponentProps<typeof TextField>, 'label'>;
  labelId: string;
}) {
  const intl = useIntl();
  return (
    <>
      <TextField
        label={intl.formatMessage({ id: labelId })}
        type="password"
        autoComplete="new-password"
        {...field('password')}
      />
      <TextField
        label={intl.formatMessage({ id: 'auth.field.passwordRepeat' })}
        type="password"
        autoComplete="new-password"
        {...field('password_confirmation')}
      />
    </>
  );
}

export function LoginForm() {
  const intl = useIntl();
  const to = useLocalePath();
  const done = useAfterLogin();
  const form = useAuthForm(
    'POST login/local',
    { login: '', password: '' },
    (v) => ({
      login: v.login.trim() ? undefined : ruleMessage(intl, 'loginRequired'),
      password: v.password ? undefined : ruleMessage(intl, 'passwordRequired'),
    }),
    (v) => ({ body: { login: v.login.trim(), password: v.password } }),
    done,
  );
  return (
    <form className={formStyles.form} onSubmit={form.onSubmit} noValidate>
      <FormError text={form.formError} />
      <TextField
        label={intl.formatMessage({ id: 'auth.field.loginOrEmail' })}
        autoComplete="username"
        {...form.field('login')}
      />
      <TextField
        label={intl.formatMessage({ id: 'auth.field.password' })}
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <Submit busy={form.busy} label="auth.login.submit" />
      <p className={formStyles.links}>
        <Link to={to('reset')}>
          <FormattedMessage id="auth.login.forgot" />
        </Link>
        <span>
          <FormattedMessage id="auth.login.noAccount" />{' '}
          <Link to={to('signup')}>
            <FormattedMessage id="auth.login.toSignup" />
          </Link>
        </span>
      </p>
    </form>
  );
}

export function SignupForm() {
  const intl = useIntl();
  const locale = useLocale();
  const to = useLocalePath();
  // a new account goes back where it came from too (e.g. the receipt page of a guest order)
  const done = useAfterLogin();
  const rule = (key: ReturnType<typeof loginProblem>) => (key ? ruleMessage(intl, key) : undefined);
  const form = useAuthForm(
    'POST register',
    { email: '', login: '', password: '', password_confirmation: '' },
    (v) => ({
      email: rule(emailProblem(v.email.trim())),
      login: rule(loginProblem(v.login.trim())),
      ...newPasswordProblems(intl, v),
    }),
    (v) => ({
      body: {
        email: v.email.trim(),
        login: v.login.trim(),
        password: v.password,
        password_confirmation: v.password_confirmation,
        lang: locale,
      },
    }),
    done,
  );
  return (
    <form className={formStyles.form} onSubmit={form.onSubmit} noValidate>
      <FormError text={form.formError} />
      <TextField
        label={intl.formatMessage({ id: 'auth.field.email' })}
        type="email"
        autoComplete="email"
        {...form.field('email')}
      />
      <TextField
        label={intl.formatMessage({ id: 'auth.field.login' })}
        autoComplete="username"
        {...form.field('login')}
      />
      <NewPasswordFields field={form.field} labelId="auth.field.password" />
      <Submit busy={form.busy} label="auth.signup.submit" />
      <p className={formStyles.links}>
        <span>
          <FormattedMessage id="auth.signup.haveAccount" />{' '}
          <Link to={to('login')}>
            <FormattedMessage id="auth.signup.toLogin" />
          </Link>
        </span>
      </p>
    </form>
  );
}

export function ResetForm() {
  const intl = useIntl();
  const locale = useLocale();
  const [sent, setSent] = useState(false);
  const form = useAuthForm(
    'POST reset',
    { email: '' },
    (v) => {
      const problem = emailProblem(v.email.trim());
      return { email: problem ? ruleMessage(intl, problem) : undefined };
    },
    (v) => ({ body: { email: v.email.trim(), lang: locale } }),
    () => setSent(true),
  );
  if (sent) {
    return (
      <p className={formStyles.notice} role="status">
        <FormattedMessage id="auth.reset.sent" />
      </p>
    );
  }
  return (
    <form className={formStyles.form} onSubmit={form.onSubmit} noValidate>
      <FormError text={form.formError} />
      <TextField
        label={intl.formatMessage({ id: 'auth.field.email' })}
        type="email"
        autoComplete="email"
        {...form.field('email')}
      />
      <Submit busy={form.busy} label="auth.reset.submit" />
    </form>
  );
}

export function SetPasswordForm() {
  const intl = useIntl();
  const to = useLocalePath();
  const { code = '' } = useParams();
  const form = useAuthForm(
    'POST set_password',
    { password: '', password_confirmation: '' },
    (v) => newPasswordProblems(intl, v),
    (v) => ({ body: { code, ...v } }),
    () => window.location.assign(to('cp')),
  );
  return (
    <form className={formStyles.form} onSubmit={form.onSubmit} noValidate>
      <FormError text={form.formError} />
      <NewPasswordFields field={form.field} labelId="auth.field.newPassword" />
      <Submit busy={form.busy} label="auth.resetCode.submit" />
    </form>
  );
}
