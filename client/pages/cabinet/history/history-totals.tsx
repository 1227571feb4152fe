import { FormattedMessage, useIntl } from 'react-intl';
import { skeletonBar } from '#client/components/skeleton/skeleton.ts';
import { formatMoney } from '#client/lib/money.ts';
import { LEDGER_GROUPS, type TransactionTotals } from '#shared/ledger.ts';
import { type Currency, isCurrency } from '#shared/regions.ts';
import type { PartState } from '../cabinet-data.ts';
import styles from './history.module.css';

/** One card per group: what came in or went out over the chosen days, in the account currency. */
export function HistoryTotals({
  state,
  filtered,
}: {
  state: PartState<TransactionTotals>;
  filtered: boolean;
}) {
  const intl = useIntl();
  const totals = state.data;
  const currency: Currency | null = totals && isCurrency(totals.currency) ? totals.currency : null;
  return (
    <section aria-labelledby="history-totals" className={styles.totalsBox}>
      <h2 id="history-totals" className={styles.subtitle}>
        <FormattedMessage id={filtered ? 'cp.history.totals.range' : 'cp.history.totals'} />
      </h2>
      <ul
        className={styles.totals}
        aria-busy={state.loading || undefined}
        data-testid="history-totals"
      >
        {LEDGER_GROUPS.map((group) => (
          <li key={group} className={styles.total} data-group={group}>
            <span className={styles.caption}>
              <FormattedMessage id={`cp.history.group.${group}`} />
            </span>
            {totals && currency ? (
              <>
                <strong className={styles.figure} data-zero={totals.groups[group] === 0}>
                  {formatMoney(intl, Math.abs(totals.groups[group]), currency)}
                </strong>
                <span className={styles.count}>
                  <FormattedMessage
                    id="cp.history.operations"
                    values={{ count: totals.count[group] }}
                  />
                </span>
              </>
            ) : (
              <>
                <span className={skeletonBar(styles.barFigure)} />
                <span className={skeletonBar(styles.barCount)} />
              </>
            )}
          </li>
        ))}
      </ul>
      {state.error && !totals && (
        <p role="alert" className={styles.note}>
          <FormattedMessage id="cp.history.totalsFailed" />{' '}
          <button type="button" className={styles.link} onClick={state.retry}>
            <FormattedMessage id="order.retry" />
          </button>
        </p>
      )}
      {totals && totals.other_currency_rows > 0 && (
        <p className={styles.note}>
          <FormattedMessage
            id="cp.history.otherCurrency"
            values={{ count: totals.other_currency_rows }}
          />
        </p>
      )}
    </section>
  );
}
