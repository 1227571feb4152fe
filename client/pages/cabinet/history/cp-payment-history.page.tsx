import { type LoaderFunctionArgs, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { Pager } from '#client/components/pager/pager.tsx';
import { HeadingPage } from '#client/layouts/parts/heading-page.tsx';
import { apiOf } from '#client/lib/route-api.ts';
import { part, usePart } from '../cabinet-data.ts';
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

/** The rows of the address's filter and page, and the totals of its days. */
export async function historyLoader({ request, context }: LoaderFunctionArgs) {
  const api = apiOf(context);
  const filter = filterOf(new URL(request.url).searchParams);
  const [list, totals] = await Promise.all([
    part(request, api('GET user/transactions', { query: listQuery(filter) })),
    part(request, api('GET user/transactions/totals', { query: totalsQuery(filter) })),
  ]);
  return { list, totals };
}

/**
 * /cp/payment/history/ (docs/product.md §3 Transactions): totals per group in the account currency, the
 * filter (groups, days) kept in the URL so a link shares it and the back button restores it,
 * and the rows with the order or payment each belongs to, paged by 'Show lines'.
 */
export default function HistoryPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filter = filterOf(params);
  const loaded = useLoaderData<typeof historyLoader>();
  const list = usePart(loaded.list);
  const totals = usePart(loaded.totals);

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

/** The route's loader, in this screen's chunk (client/app/routes.tsx). */
export const routeLoader = () => historyLoader;
