import type { ArticleTag } from './articles.ts';
import type { Locale } from './locales.ts';

/** What the staff console's articles calls answer. */

/** One language of an article as staff edit it. */
export interface StaffArticleTranslation {
  lang: Locale;
  slug: string;
  /** the heading (the page's h1) */
  title: string;
  /** the `<title>` of the page */
  headtitle: string;
  description: string;
  /** Markdown; null for a row written before sources were kept (until the next start) */
  body: string | null;
  published: boolean;
  /** the public page's path, e.g. /en/blog/my-slug/ */
  path: string;
  views: number;
  created_at: string;
  updated_at: string;
  /** last edited by staff (the start-up seeding leaves it alone); null: from content/articles/ */
  staff_edited_at: string | null;
}

/** An article across its languages. */
export interface StaffArticle {
  key: string;
  tags: ArticleTag[];
  service: string | null;
  /** one per language the article is written in */
  translations: StaffArticleTranslation[];
}

/** POST staff/articles/preview: the HTML the public page would show. */
export interface StaffArticlePreview {
  html: string;
  words: number;
}

/** One editable text of the landings (locales/landing/) in one language, as staff see it. */
export interface StaffLandingCopyItem {
  key: string;
  /** the text the code ships with */
  default: string;
  /** staff's own text, or null when the default shows */
  text: string | null;
  updated_at: string | null;
  /** the login of whoever wrote `text` */
  updated_by: string | null;
}

export interface StaffLandingCopy {
  lang: Locale;
  items: StaffLandingCopyItem[];
}
