import { HeadingPage } from '../../layouts/parts/heading-page.tsx';

/** /login/: the login form (accounts issue). */
export default function LoginPage() {
  return <HeadingPage titleId="auth.login.title" leadId="auth.login.lead" noindex />;
}
