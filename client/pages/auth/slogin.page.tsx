import { HeadingPage } from '../../layouts/parts/heading-page.tsx';

/** /slogin/: social login (accounts issue). */
export default function SocialLoginPage() {
  return <HeadingPage titleId="auth.slogin.title" leadId="auth.slogin.lead" noindex />;
}
