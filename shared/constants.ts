import { DEFAULT_LOCALE, LOCALES } from './locales.ts';
/** Business constants and limits of docs/product.md §13 (and §1 where the copy states figures). */

export const QUANTITY_PRESETS = [1, 50, 100, 500, 1000, 2500, 5000, 10000, 25000, 50000, 100000];

/** Services and costs are cached 5 minutes. */
export const CATALOG_CACHE_TTL_MS = 300_000;

export const DAY_MS = 86_400_000;
export const COOKIE_MAX_AGE_MS = {
  locale: 365 * DAY_MS,
  auth: 30 * DAY_MS,
  /** a referral link's code is kept this long; the first link followed wins */
  ref: 30 * DAY_MS,
} as const;
export const COOKIE_NAMES = {
  locale: 'locale',
  currency: 'cur',
  auth: 'auth',
  ref: 'ref',
  /** the staff console's session: httpOnly, sent only to STAFF_COOKIE_PATHS */
  staff: 'staff',
  /** the visitor's answer to the consent banner (GDPR countries): granted or denied */
  consent: 'consent',
} as const;

/**
 * Where the staff cookie goes: the console's calls and its pages under every locale's prefix
 * (the pages' loaders read the console in process on the server), nowhere else.
 */
export const STAFF_COOKIE_PATHS = [
  '/api/staff',
  '/staff/',
  ...LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => `/${locale}/staff/`),
] as const;

export const TIMING = {
  /** docs/product.md §13: a loading state lasts at least this long, so it shows instead of flashing */
  minFetchDelayMs: 200,
  loadingBarThrottleMs: 200,
  loadingBarDurationMs: 5000,
  loadingBarHideMs: 500,
  chunkReloadMinIntervalMs: 60_000,
} as const;

/** Product age in the footer is counted from this date. */
export const PRODUCT_START_DATE = '2017-09-15';

/** Whole years since PRODUCT_START_DATE on the given day (UTC). */
export function productAgeYears(now: Date): number {
  const start = new Date(`${PRODUCT_START_DATE}T00:00:00Z`);
  let years = now.getUTCFullYear() - start.getUTCFullYear();
  const beforeAnniversary =
    now.getUTCMonth() < start.getUTCMonth() ||
    (now.getUTCMonth() === start.getUTCMonth() && now.getUTCDate() < start.getUTCDate());
  if (beforeAnniversary) years -= 1;
  return years;
}

/** docs/product.md §13 'Show lines': the page sizes a cabinet list offers. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
