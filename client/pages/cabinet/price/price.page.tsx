import { HeadingPage } from '../../../layouts/parts/heading-page.tsx';

/** /cp/price/ (issue 12). */
export default function PricePage() {
  return <HeadingPage titleId="cp.price.title" leadId="cp.price.lead" noindex />;
}
