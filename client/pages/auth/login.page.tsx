import { useSearchParams } from 'react-router';
import { LoginForm } from '../../features/auth/auth-forms.tsx';
import { SocialLogin } from '../../features/auth/social-login.tsx';
import { authAction } from '../../features/auth/use-auth-form.ts';
import { HeadingPage } from '../../layouts/parts/heading-page.tsx';

/**
 * /login/: log in by login or e-mail, or with a provider; returns to the remembered page when
 * it is safe. docs/product.md §2: a social login's callback lands here too (`?done=1`: the session is
 * being made, the form is not needed; `?error=social`: it failed, say so above the choices).
 */
export default function LoginPage() {
  const [search] = useSearchParams();
  const finishing = search.get('done') === '1';
  return (
    <HeadingPage titleId="auth.login.title" leadId="auth.login.lead" noindex>
      {!finishing && <LoginForm />}
      <SocialLogin />
    </HeadingPage>
  );
}

/** The route's action (the form's write), in this screen's chunk (client/app/routes.tsx). */
export const routeAction = () => authAction;
