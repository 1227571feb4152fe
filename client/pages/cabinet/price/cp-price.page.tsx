import { FormattedMessage, useIntl } from 'react-intl';
import type { PremiumStatuses } from '../../../../shared/ledger.ts';
import { PageMeta } from '../../../layouts/parts/page-meta.tsx';
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
  const intl = useIntl();
  const statuses = useApiData<PremiumStatuses>('user/premium_statuses');
  return (
    <div className={styles.page} data-testid="cp-page">
      <PageMeta title={intl.formatMessage({ id: 'cp.price.title' })} noindex />
      <header className={styles.head}>
        <h1 className={styles.title}>
          <FormattedMessage id="cp.price.title" />
        </h1>
        <p className={styles.lead}>
          <FormattedMessage id="cp.price.lead" />
        </p>
      </header>
      <LevelCard state={statuses} />
      <ServicePrices level={statuses.data?.current ?? null} />
      <LevelsTable statuses={statuses.data} />
    </div>
  );
}
