import { HeadingPage } from '../../layouts/parts/heading-page.tsx';

/** /signup/: registration (accounts issue). */
export default function SignupPage() {
  return <HeadingPage titleId="auth.signup.title" leadId="auth.signup.lead" />;
}
