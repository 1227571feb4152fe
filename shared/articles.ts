/**
 * The blog's articles as the API shows them (docs/product.md §3 Article, docs/api.md Articles, §13 Featured 3).
 */

/** docs/product.md §13: the blog's featured list (sort by views, limit 3). */
export const FEATURED_ARTICLES = 3;
export const ARTICLES_PAGE_SIZE = 9;
export const ARTICLE_SORTS = ['date', 'views'] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];
export const ARTICLE_TAGS = [
  'instagram',
  'tiktok',
  'telegram',
  'youtube',
  'vk',
  'threads',
  'guides',
  'safety',
  'growth',
] as const;
export type ArticleTag = (typeof ARTICLE_TAGS)[number];
export const isArticleTag = (value: unknown): value is ArticleTag =>
  (ARTICLE_TAGS as readonly unknown[]).includes(value);

/** A reader gets through about this many words a minute (for "N min read"). */
export const WORDS_PER_MINUTE = 200;

export interface ArticleSummary {
  slug: string;
  lang: string;
  heading: string;
  headtitle: string;
  description: string;
  tags: ArticleTag[];
  /** ISO date-time */
  created_at: string;
  views: number;
  /** derived (docs/product.md §3): the date in Russian words, and as a timestamp (ms) */
  date: string;
  timestamp: number;
  /** derived (docs/product.md §3): the texts name Instagram, Meta or Facebook (marked with an asterisk) */
  withNotes: boolean;
  /** minutes to read */
  reading: number;
  /** the service page the article leads to */
  service: string | null;
}

export interface ArticleView extends ArticleSummary {
  /** sanitised HTML */
  article: string;
  /** the same article in other languages: lang → slug */
  translations: Record<string, string>;
  related: ArticleSummary[];
}

export interface ArticlesPage {
  items: ArticleSummary[];
  /** set by the browser when the list could not be loaded (never by the API) */
  unavailable?: true;
  meta: { total: number; page: number; limit: number };
}

const MONTHS_RU = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];

/** docs/product.md §3: "12 марта 2026" (UTC). */
export function dateInRussianWords(iso: string): string {
  const at = new Date(iso);
  if (!Number.isFinite(at.getTime())) return '';
  return `${at.getUTCDate()} ${MONTHS_RU[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

const META_WORDS = /\b(Instagram|Meta|Facebook)\b(?!\*)/g;

/**
 * docs/product.md §3: Instagram, Meta and Facebook get an asterisk after the word (the note under the
 * article says why). In HTML only text is touched, never tags or addresses.
 */
export function withAsterisks(text: string, html = false): string {
  if (!html) return text.replace(META_WORDS, '$1*');
  return text
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : part.replace(META_WORDS, '$1*')))
    .join('');
}

export const mentionsMeta = (...texts: string[]): boolean =>
  texts.some((text) => /\b(Instagram|Meta|Facebook)\b/.test(text));
