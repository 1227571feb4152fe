import { isLocale, type Locale, localeOfPath } from '#shared/locales.ts';
import type { StaffAdjustmentStatus } from '#shared/staff.ts';
import type { StaffReadArgs } from '../../features/staff/staff-route.loader.ts';
import { listQueryOf } from './staff-list.tsx';

/** The filters of the lists, in the URL (each list's search form has these fields). */
export const ORDER_FILTERS = ['q', 'status', 'provider', 'from', 'to'] as const;
export const USER_FILTERS = ['q'] as const;
export const AUDIT_FILTERS = ['action', 'target', 'from', 'to'] as const;
export const PAYMENT_FILTERS = ['q', 'user', 'status', 'purpose', 'gateway', 'from', 'to'] as const;

/** The tabs of the adjustments and the withdrawals, the first the one shown by default. */
export const ADJUSTMENT_STATUSES: StaffAdjustmentStatus[] = [
  'PENDING',
  'APPLIED',
  'APPROVED',
  'REJECTED',
];
export const WITHDRAWAL_STATUSES = ['PENDING', 'PAID', 'REJECTED'] as const;

/** The tab in the URL's `status`, else the first. */
export const tabOf = <S extends string>(search: URLSearchParams, tabs: readonly S[]): S =>
  tabs.find((one) => one === search.get('status')) ?? tabs[0]!;

/** A tab's page of 50 rows. */
const tabQueryOf = <S extends string>(search: URLSearchParams, tabs: readonly S[]) => {
  const page = search.get('page');
  return { status: tabOf(search, tabs), ...(page ? { page } : {}), limit: '50' };
};

/** The language of the landing copy shown: the URL's `lang`, else the console's (ru or en). */
export const copyLangOf = (search: URLSearchParams, pathname: string): Locale => {
  const asked = search.get('lang');
  if (isLocale(asked)) return asked;
  return localeOfPath(pathname) === 'ru' ? 'ru' : 'en';
};

/** The providers' list, with their balances when the URL asks (`?balance=1`: they are slow). */
const providersQueryOf = (search: URLSearchParams) =>
  search.get('balance') === '1' ? { balance: '1' as const } : {};

const param = (args: StaffReadArgs, name: string) => args.params[name] ?? '';

/**
 * Each screen's read, by page id (the screens of staff.page.tsx): what its page's loader asks
 * once `me` says the console is open to the screen (staff-route.loader.ts), in process on the
 * server and by fetch in the browser.
 */
export const STAFF_READS = {
  /** the dashboard's figures and, for roles with `providers`, the providers' panel */
  staff: async ({ api, me, search }: StaffReadArgs) => {
    const may = (capability: string) => me.capabilities.some((one) => one === capability);
    if (!may('dashboard')) return null;
    const [dashboard, providers] = await Promise.all([
      api('GET staff/dashboard'),
      may('providers') ? api('GET staff/providers', { query: providersQueryOf(search) }) : null,
    ]);
    return { dashboard, providers };
  },
  'staff-orders': ({ api, search }: StaffReadArgs) =>
    // the URL's status is the server's to refuse (400), as a typed one would be
    api('GET staff/orders', { query: listQueryOf(search, ORDER_FILTERS).query as never }),
  'staff-order': (args: StaffReadArgs) =>
    args.api('GET staff/orders/:id', { params: { id: param(args, 'id') } }),
  'staff-users': ({ api, search }: StaffReadArgs) =>
    api('GET staff/users', { query: listQueryOf(search, USER_FILTERS).query }),
  'staff-user': (args: StaffReadArgs) =>
    args.api('GET staff/users/:id', { params: { id: param(args, 'id') } }),
  'staff-adjustments': ({ api, search }: StaffReadArgs) =>
    api('GET staff/adjustments', { query: tabQueryOf(search, ADJUSTMENT_STATUSES) }),
  'staff-audit': ({ api, search }: StaffReadArgs) =>
    api('GET staff/audit', { query: listQueryOf(search, AUDIT_FILTERS).query }),
  'staff-services': ({ api }: StaffReadArgs) => api('GET staff/catalogue/services'),
  'staff-service': (args: StaffReadArgs) =>
    args.api('GET staff/catalogue/services/:tag', { params: { tag: param(args, 'tag') } }),
  'staff-price': (args: StaffReadArgs) =>
    args.api('GET staff/prices/:tag', { params: { tag: param(args, 'tag') } }),
  'staff-providers': ({ api, search }: StaffReadArgs) =>
    api('GET staff/providers', { query: providersQueryOf(search) }),
  'staff-import': (args: StaffReadArgs) =>
    args.api('GET staff/providers/:id/import', { params: { id: param(args, 'provider') } }),
  'staff-payments': ({ api, search }: StaffReadArgs) =>
    api('GET staff/payments', { query: listQueryOf(search, PAYMENT_FILTERS).query as never }),
  'staff-payment': (args: StaffReadArgs) =>
    args.api('GET staff/payments/:id', { params: { id: param(args, 'id') } }),
  'staff-withdrawals': ({ api, search }: StaffReadArgs) =>
    api('GET staff/withdrawals', { query: tabQueryOf(search, WITHDRAWAL_STATUSES) }),
  'staff-articles': ({ api }: StaffReadArgs) => api('GET staff/articles'),
  'staff-article': (args: StaffReadArgs) =>
    args.api('GET staff/articles/:key', { params: { key: param(args, 'key') } }),
  'staff-landing-copy': ({ api, search, pathname }: StaffReadArgs) =>
    api('GET staff/landing-copy', { query: { lang: copyLangOf(search, pathname) } }),
};

const LIST = ['page'] as const;

/**
 * The search params each screen's read takes: a new value of one reads the page again; the
 * screens' other params (filters applied to what was read) change nothing but the URL.
 */
export const SEARCHED_BY: Record<string, readonly string[]> = {
  staff: ['balance'],
  'staff-orders': [...ORDER_FILTERS, ...LIST],
  'staff-users': [...USER_FILTERS, ...LIST],
  'staff-adjustments': ['status', ...LIST],
  'staff-audit': [...AUDIT_FILTERS, ...LIST],
  'staff-providers': ['balance'],
  'staff-payments': [...PAYMENT_FILTERS, ...LIST],
  'staff-withdrawals': ['status', ...LIST],
  'staff-landing-copy': ['lang'],
};

/** The data of a screen's read. */
export type StaffScreenData<P extends keyof typeof STAFF_READS> = Awaited<
  ReturnType<(typeof STAFF_READS)[P]>
>;
