import { PAGE_SIZES } from '#shared/constants.ts';
import { LEDGER_GROUPS, type LedgerGroup } from '#shared/ledger.ts';
import type { TransactionsQuery } from '#shared/schemas/ledger.schemas.ts';

/** The history's filter as the page's URL keeps it (shareable; the back button restores it). */
export interface HistoryFilter {
  groups: LedgerGroup[];
  /** whole UTC days, YYYY-MM-DD, both included; '' for open */
  from: string;
  to: string;
  page: number;
  limit: number;
}

export const DEFAULT_LIMIT = 20;

/** A real calendar day: 2024-02-30 is not one, though Date.parse rolls it into March. */
function isDay(value: string | null): value is string {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** Reads the filter from a URL query; whatever is not valid is left out, never sent. */
export function filterOf(params: URLSearchParams): HistoryFilter {
  const asked = (params.get('group') ?? '').split(',');
  const groups = LEDGER_GROUPS.filter((group) => asked.includes(group));
  let from = params.get('from');
  let to = params.get('to');
  if (!isDay(from)) from = '';
  if (!isDay(to)) to = '';
  // a range typed backwards means the same days
  if (from && to && from > to) [from, to] = [to, from];
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  return {
    groups,
    from,
    to,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_LIMIT,
  };
}

/** The URL query of a filter: only what differs from the defaults. */
function paramsOf(filter: HistoryFilter): URLSearchParams {
  const params = new URLSearchParams();
  // one order whatever the clicks were: equal filters share one link
  const groups = LEDGER_GROUPS.filter((group) => filter.groups.includes(group));
  if (groups.length) params.set('group', groups.join(','));
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.page > 1) params.set('page', String(filter.page));
  if (filter.limit !== DEFAULT_LIMIT) params.set('limit', String(filter.limit));
  return params;
}

/** Commas between groups stay readable in a shared link. */
const text = (params: URLSearchParams) => params.toString().replaceAll('%2C', ',');

/** The page's URL query of a filter. */
export const searchOf = (filter: HistoryFilter): string => text(paramsOf(filter));

/** `user/transactions` query of a filter: the URL's fields, then the paging. */
export function listQuery(filter: HistoryFilter): TransactionsQuery {
  const fields: TransactionsQuery = Object.fromEntries(paramsOf(filter));
  return { ...fields, page: String(filter.page), limit: String(filter.limit) };
}

/** `user/transactions/totals` query: the same days, every group. */
export function totalsQuery(filter: HistoryFilter): Pick<TransactionsQuery, 'from' | 'to'> {
  return {
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
  };
}

export const isFiltered = (filter: HistoryFilter): boolean =>
  filter.groups.length > 0 || Boolean(filter.from) || Boolean(filter.to);
