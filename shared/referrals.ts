import type { Locale } from './locales.ts';
import { pagePath } from './routes.ts';

/**
 * The referral program as the client and the API see it (docs/product.md §8): the link, the
 * code's form, the share, and the income page's lists.
 */

/** The referrer earns this share of each delivered order of a customer they brought. */
export const REFERRAL_SHARE = 0.1;
/** `GET user/refs` lists 10 bonuses a page. */
export const REFS_PAGE_SIZE = 10;

/** 8 letters and digits; anything else in `?ref=` is ignored. */
export const isRefCode = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9]{8}$/.test(value);

/**
 * A user's link: the home page of the language it is copied in, with their code (a link
 * shared from the English cabinet opens the English site, whatever the reader's browser says).
 */
export const referralLink = (origin: string, code: string, locale: Locale) =>
  `${origin}${pagePath('home', locale)}?ref=${code}`;

/** One bonus: a referred customer's delivered order and what it brought. */
export interface RefBonusView {
  id: number;
  /** minor units of `currency` (the referrer's) */
  amount: number;
  currency: string;
  created_at: string;
  /** the referred customer, shown masked (`an***@gmail.com`) */
  referral: string | null;
  order: { id: string; tag: string; count: number } | null;
}

export interface RefsPage {
  items: RefBonusView[];
  meta: { total: number; page: number; limit: number };
}

export type WithdrawalStatus = 'PENDING' | 'PAID' | 'REJECTED';

export interface WithdrawalView {
  id: string;
  amount: number;
  currency: string;
  method: string;
  details: string;
  status: WithdrawalStatus;
  note: string | null;
  created_at: string;
  decided_at: string | null;
}

/** `GET user/withdrawals`: the user's withdraw requests, newest first. */
export interface WithdrawalsPage {
  items: WithdrawalView[];
  meta: { total: number; page: number; limit: number };
}

/** `GET user/refs/total`: what the program brought and what can be taken out. */
export interface RefsTotal {
  currency: string;
  /** bonuses earned, all time, in the account currency */
  earned: number;
  /** bonuses in other currencies (before a currency change) are counted apart */
  bonuses: number;
  referrals: number;
  /** held by requests staff have not decided */
  pending: number;
  /** paid out */
  withdrawn: number;
  /** what a new request may ask: earned − pending − paid out, never more than the balance */
  available: number;
  /** the least one request may ask, minor units */
  min_withdraw: number;
  link_code: string;
}
