import { useNavigate, useSearchParams } from 'react-router';
import { Pager } from '../../../components/pager/pager.tsx';
import { HeadingPage } from '../../../layouts/parts/heading-page.tsx';
import { useApiData } from '../../../lib/use-api-data.ts';
import styles from './history.module.css';
import { HistoryFilters } from './history-filters.tsx';
import {
  filterOf,
  type HistoryFilter,
  isFiltered,
  listQuery,
  searchOf,
  totalsQuery,
} from './history-query.ts';
import { HistoryRows } from './history-rows.tsx';
import { HistoryTotals } from './history-totals.tsx';

/**
 * /cp/payment/history/ (SPEC §3 Transactions): totals per group in the account currency, the
 * filter (groups, days) kept in the URL so a link shares it and the back button restores it,
 * and the rows with the order or payment each belongs to, paged by 'Show lines'.
 */
export default function HistoryPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filter = filterOf(params);
  const list = useApiData('GET user/transactions', { query: listQuery(filter) });
  const totals = useApiData('GET user/transactions/totals', { query: totalsQuery(filter) });

  const nothing = !isFiltered(filter) && list.data?.meta.total === 0;

  /** Every change is a history entry of its own (the back button undoes it). */
  const go = (search: string) =>
    navigate({ search: search ? `?${search}` : '' }, { preventScrollReset: true });
  /** A new filter starts at its first page. */
  const change = (next: Partial<HistoryFilter>) => go(searchOf({ ...filter, page: 1, ...next }));

  return (
    <HeadingPage titleId="cp.payment-history.title" leadId="cp.payment-history.lead" noindex>
      <div className={styles.page} data-testid="cp-page">
        {/* a new account has nothing to sum or filter: the empty state alone says what to do */}
        {!nothing && (
          <>
            <HistoryTotals state={totals} filtered={Boolean(filter.from || filter.to)} />
            <HistoryFilters filter={filter} onChange={change} />
          </>
        )}
        <HistoryRows state={list} filtered={isFiltered(filter)} onClear={() => go('')} />
        {list.data && list.data.meta.total > 0 && (
          <Pager
            page={filter.page}
            limit={filter.limit}
            total={list.data.meta.total}
            onPage={(page) => change({ page })}
            onLimit={(limit) => change({ limit })}
          />
        )}
      </div>
    </HeadingPage>
  );
}
