import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { button } from '#client/components/button/button.ts';
import { skeletonBar } from '#client/components/skeleton/skeleton.ts';
import { serviceNameOf } from '#client/features/orders/service-name.ts';
import { formatDate } from '#client/lib/dates.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import { formatMoney } from '#client/lib/money.ts';
import type { TransactionsPage, TransactionView } from '#shared/ledger.ts';
import { isCurrency } from '#shared/regions.ts';
import type { PartState } from '../cabinet-data.ts';
import styles from './history.module.css';

const SKELETON_ROWS = 5;

/** Minor units of a row's own currency (a row from before a currency change keeps its own). */
function useMoney() {
  const intl = useIntl();
  return (minor: number, currency: string) =>
    isCurrency(currency)
      ? formatMoney(intl, minor, currency)
      : `${intl.formatNumber(minor / 100, { maximumFractionDigits: 2 })} ${currency}`;
}

/** What a row belongs to: the order (a link to it in the orders list) or the payment. */
function Source({ row }: { row: TransactionView }) {
  const intl = useIntl();
  const to = useLocalePath();
  if (row.order) {
    const service = serviceNameOf(intl, row.order.tag);
    return (
      <Link to={`${to('cp-orders')}?q=${row.order.id}`} className={styles.link}>
        <FormattedMessage
          id="cp.history.order"
          values={{ id: row.order.id, count: intl.formatNumber(row.order.count), service }}
        />
      </Link>
    );
  }
  if (row.payment)
    return (
      <span className={styles.muted}>
        <FormattedMessage id="cp.history.payment" values={{ id: row.payment.id }} />
      </span>
    );
  return null;
}

/** The rows as a table on wide screens and as cards on phones; skeletons, empty and error states. */
export function HistoryRows({
  state,
  filtered,
  onClear,
}: {
  state: PartState<TransactionsPage>;
  filtered: boolean;
  onClear: () => void;
}) {
  const intl = useIntl();
  const to = useLocalePath();
  const money = useMoney();
  const rows = state.data?.items;

  if (state.error)
    return (
      <div role="alert" className={styles.state} data-testid="history-error">
        <p>
          <FormattedMessage id="cp.history.failed" />
        </p>
        <p className={styles.muted}>{state.error.message}</p>
        <button type="button" className={button('secondary')} onClick={state.retry}>
          <FormattedMessage id="order.retry" />
        </button>
      </div>
    );
  if (rows && rows.length === 0)
    return filtered ? (
      <div className={styles.state} data-testid="history-empty">
        <p>
          <FormattedMessage id="cp.history.noMatch" />
        </p>
        <button type="button" className={button('secondary')} onClick={onClear}>
          <FormattedMessage id="cp.history.clear" />
        </button>
      </div>
    ) : (
      <div className={styles.state} data-testid="history-empty">
        <p>
          <FormattedMessage id="cp.history.empty" />
        </p>
        <Link to={to('cp-payment')} className={button('primary')}>
          <FormattedMessage id="cp.topUp" />
        </Link>
      </div>
    );

  const head = (id: string) => intl.formatMessage({ id: `cp.history.column.${id}` });
  return (
    <table
      className={styles.table}
      aria-busy={state.loading || undefined}
      data-testid="history-rows"
    >
      <thead>
        <tr>
          <th scope="col">{head('date')}</th>
          <th scope="col">{head('operation')}</th>
          <th scope="col" className={styles.number}>
            {head('amount')}
          </th>
          <th scope="col" className={styles.number}>
            {head('balance')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows
          ? rows.map((row) => (
              <tr key={row.id} data-group={row.group}>
                <td data-label={head('date')}>
                  <time dateTime={row.created_at} title={row.created_at}>
                    {formatDate(intl, row.created_at)}
                  </time>
                </td>
                <td data-label={head('operation')} className={styles.operation}>
                  <span>
                    <FormattedMessage id={`cp.history.row.${row.group}`} />
                  </span>
                  <Source row={row} />
                </td>
                <td
                  data-label={head('amount')}
                  className={`${styles.number} ${row.amount > 0 ? styles.plus : styles.minus}`}
                >
                  {row.amount > 0 ? '+' : row.amount < 0 ? '−' : ''}
                  {money(Math.abs(row.amount), row.currency)}
                </td>
                <td data-label={head('balance')} className={styles.number}>
                  {money(row.balance_after, row.currency)}
                </td>
              </tr>
            ))
          : Array.from({ length: SKELETON_ROWS }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else
              <tr key={index} className={styles.skeletonRow}>
                {[0, 1, 2, 3].map((cell) => (
                  <td key={cell}>
                    <span className={skeletonBar(styles.skeletonBar)} />
                  </td>
                ))}
              </tr>
            ))}
      </tbody>
    </table>
  );
}
