import { SignupForm } from '../../features/auth/auth-forms.tsx';
import { HeadingPage } from '../../layouts/parts/heading-page.tsx';

/** /signup/: a new account, logged in at once. */
export default function SignupPage() {
  return (
    <HeadingPage titleId="auth.signup.title" leadId="auth.signup.lead">
      <SignupForm />
    </HeadingPage>
  );
}
