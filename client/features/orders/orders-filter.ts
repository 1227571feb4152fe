import { PAGE_SIZES } from '#shared/constants.ts';
import { ORDER_STATUSES, type OrderStatus } from '#shared/orders.ts';
import { PLATFORMS, type Platform } from '#shared/platforms.ts';
import type { OrdersListQuery } from '#shared/schemas/orders.schemas.ts';

/** The cabinet's order filter (docs/product.md §3 saved filter): what the URL query of /cp/orders/ says. */
export interface OrdersFilter {
  statuses: OrderStatus[];
  platform: Platform | null;
  tag: string | null;
  q: string;
  /** YYYY-MM-DD */
  from: string;
  to: string;
  /** minor units, as typed digits */
  costMin: string;
  costMax: string;
  page: number;
  limit: number;
}

export const DEFAULT_LIMIT = 20;

export const EMPTY_FILTER: OrdersFilter = {
  statuses: [],
  platform: null,
  tag: null,
  q: '',
  from: '',
  to: '',
  costMin: '',
  costMax: '',
  page: 1,
  limit: DEFAULT_LIMIT,
};

/** Where the last used filter is kept in the browser. */
export const SAVED_FILTER_KEY = 'cp.orders.filter';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DIGITS = /^\d{1,12}$/;
const TAG = /^[A-Z0-9_]{1,64}$/;

/** The filter a URL query stands for; anything malformed is left out. */
export function filterOf(params: URLSearchParams): OrdersFilter {
  const statuses = (params.get('status') ?? '')
    .split(',')
    .filter((word): word is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(word));
  const platform = params.get('platform');
  const tag = params.get('tag');
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const text = (name: string, pattern: RegExp) => {
    const value = params.get(name) ?? '';
    return pattern.test(value) ? value : '';
  };
  return {
    statuses: [...new Set(statuses)],
    platform: (PLATFORMS as readonly string[]).includes(platform ?? '')
      ? (platform as Platform)
      : null,
    tag: tag && TAG.test(tag) ? tag : null,
    q: (params.get('q') ?? '').slice(0, 200),
    from: text('from', DAY),
    to: text('to', DAY),
    costMin: text('cost_min', DIGITS),
    costMax: text('cost_max', DIGITS),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_LIMIT,
  };
}

/** The URL query of a filter: only what differs from the defaults, in a stable order. */
export function queryOf(filter: OrdersFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.statuses.length) query.set('status', filter.statuses.join(','));
  if (filter.platform) query.set('platform', filter.platform);
  if (filter.tag) query.set('tag', filter.tag);
  if (filter.q.trim()) query.set('q', filter.q.trim());
  if (filter.from) query.set('from', filter.from);
  if (filter.to) query.set('to', filter.to);
  if (filter.costMin) query.set('cost_min', filter.costMin);
  if (filter.costMax) query.set('cost_max', filter.costMax);
  if (filter.page > 1) query.set('page', String(filter.page));
  if (filter.limit !== DEFAULT_LIMIT) query.set('limit', String(filter.limit));
  return query;
}

/** The API's query for a filter (GET c_orders): a range given upside down is put right. */
export function apiQueryOf(filter: OrdersFilter): OrdersListQuery {
  const fixed = { ...filter };
  if (fixed.from && fixed.to && fixed.from > fixed.to)
    [fixed.from, fixed.to] = [fixed.to, fixed.from];
  if (fixed.costMin && fixed.costMax && Number(fixed.costMin) > Number(fixed.costMax))
    [fixed.costMin, fixed.costMax] = [fixed.costMax, fixed.costMin];
  // the URL's fields (queryOf writes only fields of the list's query), then the paging
  const fields = Object.fromEntries(queryOf(fixed)) as OrdersListQuery;
  return { ...fields, page: String(filter.page), limit: String(filter.limit) };
}

/** Whether anything narrows the list (the empty state then says so and offers a reset). */
export const isFiltered = (filter: OrdersFilter): boolean =>
  queryOf({ ...filter, page: 1, limit: DEFAULT_LIMIT }).toString() !== '';
