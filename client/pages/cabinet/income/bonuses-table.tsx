import { FormattedMessage, useIntl } from 'react-intl';
import { Pager } from '#client/components/pager/pager.tsx';
import { serviceNameOf } from '#client/features/orders/service-name.ts';
import { formatDate } from '#client/lib/dates.ts';
import { formatMoney } from '#client/lib/money.ts';
import type { RefsPage } from '#shared/referrals.ts';
import { isCurrency } from '#shared/regions.ts';
import type { PartState } from '../cabinet-data.ts';
import styles from './income.module.css';

/** `user/refs`: each bonus with its date, the referral (masked), the order and the amount. */
export function BonusesTable({
  state,
  page,
  onPage,
}: {
  state: PartState<RefsPage>;
  page: number;
  onPage: (page: number) => void;
}) {
  const intl = useIntl();
  const rows = state.data?.items;
  const head = (id: string) => intl.formatMessage({ id: `cp.income.bonuses.${id}` });
  return (
    <section className={`${styles.card} ${styles.bonusesCard}`} aria-labelledby="bonuses-title">
      <h2 id="bonuses-title" className={styles.cardTitle}>
        <FormattedMessage id="cp.income.bonuses.title" />
      </h2>
      {rows && rows.length === 0 ? (
        <p className={styles.lead} data-testid="bonuses-empty">
          <FormattedMessage id="cp.income.bonuses.empty" />
        </p>
      ) : (
        <table
          className={styles.table}
          aria-busy={state.loading || undefined}
          data-testid="bonuses"
        >
          <thead>
            <tr>
              <th scope="col">{head('date')}</th>
              <th scope="col">{head('customer')}</th>
              <th scope="col">{head('order')}</th>
              <th scope="col" className={styles.number}>
                {head('amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {(rows ?? []).map((row) => (
              <tr key={row.id}>
                <td data-label={head('date')}>
                  <time dateTime={row.created_at}>{formatDate(intl, row.created_at)}</time>
                </td>
                <td data-label={head('customer')} className={styles.customer}>
                  {row.referral ?? '—'}
                </td>
                <td data-label={head('order')}>
                  {row.order
                    ? `${intl.formatNumber(row.order.count)} × ${serviceNameOf(intl, row.order.tag)}`
                    : '—'}
                </td>
                <td data-label={head('amount')} className={`${styles.number} ${styles.plus}`}>
                  +
                  {isCurrency(row.currency)
                    ? formatMoney(intl, row.amount, row.currency)
                    : `${row.amount / 100} ${row.currency}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {state.data && state.data.meta.total > state.data.meta.limit && (
        <Pager
          page={page}
          limit={state.data.meta.limit}
          total={state.data.meta.total}
          onPage={onPage}
        />
      )}
    </section>
  );
}
