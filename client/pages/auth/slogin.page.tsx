import { SocialLogin } from '../../features/auth/social-login.tsx';
import { authAction } from '../../features/auth/use-auth-form.ts';
import { HeadingPage } from '../../layouts/parts/heading-page.tsx';

/** /slogin/: log in with VK ID or Google, and where the provider sends the visitor back. */
export default function SocialLoginPage() {
  return (
    <HeadingPage titleId="auth.slogin.title" leadId="auth.slogin.lead" noindex>
      <SocialLogin />
    </HeadingPage>
  );
}

/** The route's action (the form's write), in this screen's chunk (client/app/routes.tsx). */
export const routeAction = () => authAction;
