import { HeadingPage } from '../../../layouts/parts/heading-page.tsx';

/** /cp/profile/ (issue 12). */
export default function ProfilePage() {
  return <HeadingPage titleId="cp.profile.title" leadId="cp.profile.lead" noindex />;
}
