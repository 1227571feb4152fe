import { LoginForm } from '../../features/auth/auth-forms.tsx';
import { SocialButtons } from '../../features/auth/social-login.tsx';
import { HeadingPage } from '../../layouts/parts/heading-page.tsx';

/** /login/: log in by login or e-mail; returns to the remembered page when it is safe. */
export default function LoginPage() {
  return (
    <HeadingPage titleId="auth.login.title" leadId="auth.login.lead" noindex>
      <LoginForm />
      <SocialButtons />
    </HeadingPage>
  );
}
