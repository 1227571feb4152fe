import { SetPasswordForm } from '../../features/auth/auth-forms.tsx';
import { authAction } from '../../features/auth/use-auth-form.ts';
import { HeadingPage } from '../../layouts/parts/heading-page.tsx';

/** /reset/{code}/: set a new password with the mailed code. */
export default function ResetCodePage() {
  return (
    <HeadingPage titleId="auth.resetCode.title" leadId="auth.resetCode.lead" noindex>
      <SetPasswordForm />
    </HeadingPage>
  );
}

/** The route's action (the form's write), in this screen's chunk (client/app/routes.tsx). */
export const routeAction = () => authAction;
