import { ResetForm } from '../../features/auth/auth-forms.tsx';
import { HeadingPage } from '../../layouts/parts/heading-page.tsx';

/** /reset/: ask for a password reset code by e-mail. */
export default function ResetPage() {
  return (
    <HeadingPage titleId="auth.reset.title" leadId="auth.reset.lead" noindex>
      <ResetForm />
    </HeadingPage>
  );
}
