import { DepositForm } from '../../features/payment/deposit-form.tsx';
import { HeadingPage } from '../../layouts/parts/heading-page.tsx';
import { useRouteHandle } from '../../lib/route-handle.ts';

/** Cabinet sections without a screen of their own: the top-up. */
export default function CabinetSectionPage() {
  const { pageId } = useRouteHandle();
  const section = pageId.slice('cp-'.length);
  return (
    <HeadingPage titleId={`cp.${section}.title`} leadId={`cp.${section}.lead`} noindex>
      {section === 'payment' && <DepositForm />}
    </HeadingPage>
  );
}
