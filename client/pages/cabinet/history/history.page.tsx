import { HeadingPage } from '../../../layouts/parts/heading-page.tsx';

/** /cp/payment/history/ (issue 12). */
export default function HistoryPage() {
  return (
    <HeadingPage titleId="cp.payment-history.title" leadId="cp.payment-history.lead" noindex />
  );
}
