import { HeadingPage } from '../../layouts/parts/heading-page.tsx';

/** /close/: the end of a social-login window. */
export default function ClosePage() {
  return <HeadingPage titleId="auth.close.title" leadId="auth.close.lead" noindex />;
}
