import { ResetForm } from '../../features/auth/auth-forms.tsx';
import { authAction } from '../../features/auth/use-auth-form.ts';
import { HeadingPage } from '../../layouts/parts/heading-page.tsx';

/** /reset/: ask for a password reset code by e-mail. */
export default function ResetPage() {
  return (
    <HeadingPage titleId="auth.reset.title" leadId="auth.reset.lead" noindex>
      <ResetForm />
    </HeadingPage>
  );
}

/** The route's action (the form's write), in this screen's chunk (client/app/routes.tsx). */
export const routeAction = () => authAction;
