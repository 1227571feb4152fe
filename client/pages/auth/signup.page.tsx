import { SignupForm } from '../../features/auth/auth-forms.tsx';
import { authAction } from '../../features/auth/use-auth-form.ts';
import { HeadingPage } from '../../layouts/parts/heading-page.tsx';

/** /signup/: a new account, logged in at once. */
export default function SignupPage() {
  return (
    <HeadingPage titleId="auth.signup.title" leadId="auth.signup.lead">
      <SignupForm />
    </HeadingPage>
  );
}

/** The route's action (the form's write), in this screen's chunk (client/app/routes.tsx). */
export const routeAction = () => authAction;
