import type { Locale } from './locales.ts';

/** The reseller API key as the cabinet shows it (never the key itself, after it was made). */
export interface ApiKeyView {
  /** the first characters of the key, to tell which one a panel holds */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  last_used_ip: string | null;
}

/** Keys start with this, so they are recognisable in a config file or a leak scanner. */
export const API_KEY_PREFIX = 'bst_';

/** GET content/api-guide: the reseller API guide of /cp/api/, rendered and sanitised. */
export interface GuideView {
  lang: Locale;
  /** the reader's language has no guide: this one stands in */
  fallback: boolean;
  html: string;
  toc: { id: string; text: string }[];
}
