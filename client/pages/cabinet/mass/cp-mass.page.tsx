import { useSelector } from 'react-redux';
import { selectUser } from '../../../features/session/session.slice.ts';
import { HeadingPage } from '../../../layouts/parts/heading-page.tsx';
import { useApiData } from '../../../lib/use-api-data.ts';
import styles from './mass.module.css';
import { MassOrderForm } from './mass-order-form.tsx';
import { MassServices } from './mass-services.tsx';

/**
 * /cp/mass/ (issue 32.4): a mass order, one order a line in the SMM panels' format, placed
 * from the balance all at once; under it the service numbers a line may name.
 */
export default function MassOrderPage() {
  const user = useSelector(selectUser);
  const services = useApiData('GET c_orders/mass/services');
  const first = services.data?.[0]?.service ?? 1;
  const second = services.data?.[1]?.service ?? 2;
  const example = [
    `${first} | https://www.instagram.com/p/C8xYz12AbCd/ | 1000`,
    `${second} | https://www.instagram.com/your.account/ | 500`,
  ].join('\n');
  return (
    <HeadingPage titleId="cp.mass.title" leadId="cp.mass.lead" noindex>
      <div className={styles.page} data-testid="cp-page">
        <MassOrderForm example={example} />
        <MassServices services={services.data} currency={user?.cur ?? 'USD'} />
      </div>
    </HeadingPage>
  );
}
