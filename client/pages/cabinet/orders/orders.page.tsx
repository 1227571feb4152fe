import { HeadingPage } from '../../../layouts/parts/heading-page.tsx';

/** /cp/orders/ (issue 12). */
export default function OrdersPage() {
  return <HeadingPage titleId="cp.orders.title" leadId="cp.orders.lead" noindex />;
}
