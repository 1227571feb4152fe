import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isCurrency } from '../../../../shared/regions.ts';
import { skeletonBar } from '../../../components/skeleton/skeleton.ts';
import { HeadingPage } from '../../../layouts/parts/heading-page.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { useApiData } from '../../../lib/use-api-data.ts';
import { BonusesTable } from './bonuses-table.tsx';
import styles from './income.module.css';
import { ReferralLink } from './referral-link.tsx';
import { WithdrawCard } from './withdraw-card.tsx';

const STATS = ['referrals', 'earned', 'available', 'pending', 'withdrawn'] as const;

/**
 * /cp/income/ (SPEC §2, CATALOG.md referral program): the link to share, what it brought,
 * the program's rules, the bonuses 10 a page, and a withdraw request.
 */
export default function IncomePage() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const total = useApiData('GET user/refs/total');
  const refs = useApiData('GET user/refs', { query: { page: String(page) } });
  const withdrawals = useApiData('GET user/withdrawals');
  const data = total.data;
  const currency = data && isCurrency(data.currency) ? data.currency : 'RUB';
  const money = (minor: number) => formatMoney(intl, minor, currency);

  return (
    <HeadingPage titleId="cp.income.title" leadId="cp.income.lead" noindex>
      <div className={styles.page} data-testid="cp-page">
        {data ? (
          <ReferralLink code={data.link_code} />
        ) : (
          <div className={`${styles.card} ${styles.placeholder}`} />
        )}
        <ul className={styles.stats} aria-busy={!data || undefined} data-testid="income-stats">
          {STATS.map((stat) => (
            <li key={stat} className={styles.stat} data-stat={stat}>
              <span className={styles.caption}>
                <FormattedMessage id={`cp.income.stats.${stat}`} />
              </span>
              {data ? (
                <strong className={styles.figure}>
                  {stat === 'referrals' ? intl.formatNumber(data.referrals) : money(data[stat])}
                </strong>
              ) : (
                <span className={skeletonBar(styles.barFigure)} />
              )}
            </li>
          ))}
        </ul>
        {/* bonuses and rules beside the withdraw form; on phones the form comes before the rules */}
        <div className={styles.columns}>
          <BonusesTable state={refs} page={page} onPage={setPage} />
          <section className={`${styles.card} ${styles.rulesCard}`} aria-labelledby="rules-title">
            <h2 id="rules-title" className={styles.cardTitle}>
              <FormattedMessage id="cp.income.rules.title" />
            </h2>
            <ol className={styles.rules}>
              {(['share', 'when', 'level', 'spend'] as const).map((rule) => (
                <li key={rule}>
                  <FormattedMessage
                    id={`cp.income.rules.${rule}`}
                    values={{ min: data ? money(data.min_withdraw) : '…' }}
                  />
                </li>
              ))}
            </ol>
          </section>
          <div className={styles.withdraw}>
            {data && (
              <WithdrawCard
                total={data}
                history={withdrawals}
                onDone={() => {
                  total.retry();
                  withdrawals.retry();
                }}
              />
            )}
          </div>
        </div>
      </div>
    </HeadingPage>
  );
}
