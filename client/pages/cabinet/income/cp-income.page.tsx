import { FormattedMessage, useIntl } from 'react-intl';
import { type LoaderFunctionArgs, useLoaderData, useSearchParams } from 'react-router';
import { skeletonBar } from '#client/components/skeleton/skeleton.ts';
import { HeadingPage } from '#client/layouts/parts/heading-page.tsx';
import { formatMoney } from '#client/lib/money.ts';
import { apiOf } from '#client/lib/route-api.ts';
import { writeAction } from '#client/lib/route-write.ts';
import { isCurrency } from '#shared/regions.ts';
import { part, usePart } from '../cabinet-data.ts';
import { BonusesTable } from './bonuses-table.tsx';
import styles from './income.module.css';
import { ReferralLink } from './referral-link.tsx';
import { WithdrawCard } from './withdraw-card.tsx';

const STATS = ['referrals', 'earned', 'available', 'pending', 'withdrawn'] as const;

/** The bonuses' page asked (`?page=`), 1 when none or not a page number. */
const pageOf = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** What the program brought, the bonuses' page (`?page=`), and the withdraw requests. */
export async function incomeLoader({ request, context }: LoaderFunctionArgs) {
  const api = apiOf(context);
  const page = String(pageOf(new URL(request.url).searchParams));
  const [total, refs, withdrawals] = await Promise.all([
    part(request, api('GET user/refs/total')),
    part(request, api('GET user/refs', { query: { page } })),
    part(request, api('GET user/withdrawals')),
  ]);
  return { total, refs, withdrawals };
}

/** The page's one write: a withdraw request (the page is read again after it). */
export const incomeAction = writeAction(['POST user/withdrawals'], { signedIn: true });

/**
 * /cp/income/ (docs/product.md §2, the referral program of §8): the link to share, what it
 * brought, the program's rules, the bonuses 10 a page, and a withdraw request.
 */
export default function IncomePage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const loaded = useLoaderData<typeof incomeLoader>();
  const total = usePart(loaded.total);
  // a failed read of the same page keeps its rows; of another page, shows none of the last
  const refs = usePart(loaded.refs, String(page));
  const withdrawals = usePart(loaded.withdrawals);
  const setPage = (next: number) =>
    setParams(next > 1 ? { page: String(next) } : {}, { preventScrollReset: true });
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
            {data && <WithdrawCard total={data} history={withdrawals} />}
          </div>
        </div>
      </div>
    </HeadingPage>
  );
}

/** The route's loader and action, in this screen's chunk (client/app/routes.tsx). */
export const routeLoader = () => incomeLoader;
export const routeAction = () => incomeAction;
