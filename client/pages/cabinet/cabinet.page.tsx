import { HeadingPage } from '../../layouts/parts/heading-page.tsx';

/** /cp/: the dashboard. */
export default function CabinetPage() {
  return <HeadingPage titleId="cp.dashboard.title" leadId="cp.dashboard.lead" noindex />;
}
