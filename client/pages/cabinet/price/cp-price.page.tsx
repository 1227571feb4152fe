import { HeadingPage } from '../../../layouts/parts/heading-page.tsx';
import { useApiData } from '../../../lib/use-api-data.ts';
import { LevelCard } from './level-card.tsx';
import { LevelsTable } from './levels-table.tsx';
import styles from './price.module.css';
import { ServicePrices } from './service-prices.tsx';

/**
 * /cp/price/: the user's discount level and how far the next one is (user/premium_statuses),
 * the levels with their percent per group, and the cabinet prices per 100 of every service
 * of a platform, already with the user's level taken off.
 */
export default function PricePage() {
  const statuses = useApiData('GET user/premium_statuses');
  return (
    <HeadingPage titleId="cp.price.title" leadId="cp.price.lead" noindex>
      <div className={styles.page} data-testid="cp-page">
        <LevelCard state={statuses} />
        <ServicePrices level={statuses.data?.current ?? null} />
        <LevelsTable statuses={statuses.data} />
      </div>
    </HeadingPage>
  );
}
