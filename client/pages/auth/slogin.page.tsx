import { HeadingPage } from '../../layouts/parts/heading-page.tsx';

/** /slogin/: log in with VK ID or Google. */
export default function SocialLoginPage() {
  return <HeadingPage titleId="auth.slogin.title" leadId="auth.slogin.lead" noindex />;
}
