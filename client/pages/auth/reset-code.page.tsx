import { SetPasswordForm } from '../../features/auth/auth-forms.tsx';
import { HeadingPage } from '../../layouts/parts/heading-page.tsx';

/** /reset/{code}/: set a new password with the mailed code. */
export default function ResetCodePage() {
  return (
    <HeadingPage titleId="auth.resetCode.title" leadId="auth.resetCode.lead" noindex>
      <SetPasswordForm />
    </HeadingPage>
  );
}
