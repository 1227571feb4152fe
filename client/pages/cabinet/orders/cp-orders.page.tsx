import { useCallback, useEffect, useMemo, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import {
  Link,
  type LoaderFunctionArgs,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
} from 'react-router';
import { Pager } from '#client/components/pager/pager.tsx';
import { OrderCard, OrderCardSkeleton } from '#client/features/orders/order-card.tsx';
import { orderCardAction } from '#client/features/orders/orders.api.ts';
import {
  apiQueryOf,
  filterOf,
  isFiltered,
  type OrdersFilter,
  queryOf,
  SAVED_FILTER_KEY,
} from '#client/features/orders/orders-filter.ts';
import { selectUser, userRefreshNeeded } from '#client/features/session/session.slice.ts';
import { HeadingPage } from '#client/layouts/parts/heading-page.tsx';
import { pathOf } from '#client/lib/endpoints.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import { apiOf } from '#client/lib/route-api.ts';
import { localStore } from '#client/lib/storage.ts';
import { part, usePart } from '../cabinet-data.ts';
import { useLiveOrders } from '../live-orders.ts';
import { OrdersFilters } from './orders-filters.tsx';
import styles from './orders-page.module.css';

/** docs/product.md §3 saved filter: the last one used, without its page. */
const readSaved = () => localStore.get(SAVED_FILTER_KEY) ?? '';
const save = (filter: OrdersFilter) =>
  localStore.set(SAVED_FILTER_KEY, queryOf({ ...filter, page: 1 }).toString());

/** One page of the buyer's orders, as the address's search params filter them. */
export async function ordersLoader({ request, context }: LoaderFunctionArgs) {
  const api = apiOf(context);
  const filter = filterOf(new URL(request.url).searchParams);
  const [orders, services] = await Promise.all([
    part(request, api('GET c_orders', { query: apiQueryOf(filter) })),
    // the chosen platform's cabinet services, for the service filter
    filter.platform
      ? api('GET user_services/tiny', {
          query: { labels: 'CLIENT_LK VISIBLE', platform: filter.platform },
        }).catch(() => [])
      : [],
  ]);
  return { orders, services };
}

/** The currency sign of the account's money, for the cost range's legend. */
function useCurrencySign(currency: string): string {
  const intl = useIntl();
  return useMemo(
    () =>
      intl
        .formatNumberToParts(0, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
        .find((part) => part.type === 'currency')?.value ?? currency,
    [intl, currency],
  );
}

/**
 * /cp/orders/: every order of the buyer with filters in the URL (shareable, the
 * back button restores them, the last one is remembered), paging with 'Show lines', live
 * progress of running orders, cancel and refill.
 */
export default function OrdersPage() {
  const to = useLocalePath();
  const dispatch = useDispatch();
  const user = useSelector(selectUser);
  const [params, setParams] = useSearchParams();
  const committed = useMemo(() => filterOf(params), [params]);
  // the filter chosen shows at once, while the loader reads its orders
  const { pathname } = useLocation();
  const pending = useNavigation().location;
  const pendingSearch = pending?.pathname === pathname ? pending.search : null;
  const filter = useMemo(
    () => (pendingSearch === null ? committed : filterOf(new URLSearchParams(pendingSearch))),
    [committed, pendingSearch],
  );
  const loaded = useLoaderData<typeof ordersLoader>();
  // a failed read of the same query (a poll) keeps its rows; another query's does not
  const orders = usePart(loaded.orders, pathOf('GET c_orders', { query: apiQueryOf(committed) }));
  const { data: page, loading, error, retry: reload } = orders;
  useLiveOrders(page);
  const currencySign = useCurrencySign(user?.cur ?? 'RUB');

  // opened without a query: the last filter comes back; afterwards every filter is kept
  const restored = useRef(false);
  const asked = params.toString();
  useEffect(() => {
    if (!restored.current) {
      restored.current = true;
      const saved = readSaved();
      if (!asked && saved) {
        setParams(new URLSearchParams(saved), { replace: true });
        return;
      }
    }
    save(committed);
  }, [committed, asked, setParams]);

  const update = useCallback(
    (next: Partial<OrdersFilter>) =>
      setParams(queryOf({ ...filter, page: 1, ...next }), { preventScrollReset: true }),
    [filter, setParams],
  );
  const reset = () => setParams(new URLSearchParams(), { preventScrollReset: true });

  // the order's new state comes with the page's data again (the action's revalidation); a
  // refund moved the balance in the header
  const changed = useCallback(() => dispatch(userRefreshNeeded()), [dispatch]);

  const filtered = isFiltered(filter);
  const items = page?.items ?? [];

  return (
    <HeadingPage titleId="cp.orders.title" leadId="cp.orders.lead" noindex>
      <div className={styles.page}>
        <OrdersFilters
          filter={filter}
          currencySign={currencySign}
          onChange={update}
          onReset={reset}
          filtered={filtered}
          services={loaded.services}
        />

        {error && !loading && !page ? (
          <div role="alert" className={styles.state} data-testid="orders-error">
            <p>
              <FormattedMessage id="cp.orders.failed" />
            </p>
            <button type="button" className={styles.primary} onClick={reload}>
              <FormattedMessage id="order.retry" />
            </button>
          </div>
        ) : loading && !page ? (
          <div className={styles.list} aria-busy="true">
            {[0, 1, 2].map((index) => (
              <OrderCardSkeleton key={index} />
            ))}
          </div>
        ) : !items.length ? (
          <div className={styles.state} data-testid="orders-empty">
            <p>
              <FormattedMessage id={filtered ? 'cp.orders.emptyFiltered' : 'cp.orders.empty'} />
            </p>
            {filtered ? (
              <button type="button" className={styles.primary} onClick={reset}>
                <FormattedMessage id="cp.orders.filter.reset" />
              </button>
            ) : (
              <Link to={to('cp')} className={styles.primary}>
                <FormattedMessage id="cp.orders.newOrder" />
              </Link>
            )}
          </div>
        ) : (
          <>
            <p className={styles.total} aria-live="polite">
              <FormattedMessage id="cp.orders.total" values={{ count: page!.meta.total }} />
            </p>
            <div className={styles.list} aria-busy={loading} data-testid="orders-list">
              {items.map((order) => (
                <OrderCard key={order.id} order={order} onChanged={changed} />
              ))}
            </div>
          </>
        )}

        {page && page.meta.total > 0 && (
          <Pager
            page={filter.page}
            limit={filter.limit}
            total={page.meta.total}
            onPage={(value) => update({ page: value })}
            onLimit={(limit) => update({ limit })}
          />
        )}
      </div>
    </HeadingPage>
  );
}

/** The route's loader and action (the cards' cancel and refill), in this screen's chunk. */
export const routeLoader = () => ordersLoader;
export const routeAction = () => orderCardAction;
