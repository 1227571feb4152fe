import { DepositForm } from '../../features/payment/deposit-form.tsx';
import { HeadingPage } from '../../layouts/parts/heading-page.tsx';
import { useRouteHandle } from '../../lib/route-handle.ts';

/** Every /cp/ section: its heading and what it holds (filled by the cabinet issues). */
export default function CabinetPage() {
  const { pageId } = useRouteHandle();
  const section = pageId === 'cp' ? 'dashboard' : pageId.slice('cp-'.length);
  return (
    <HeadingPage titleId={`cp.${section}.title`} leadId={`cp.${section}.lead`} noindex>
      {section === 'payment' && <DepositForm />}
    </HeadingPage>
  );
}
