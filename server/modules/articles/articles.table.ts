import type { Generated, Insertable, Selectable } from 'kysely';

/** docs/product.md §3 Article, one row per language. */
export interface ArticlesTable {
  id: Generated<number>;
  key: string;
  lang: string;
  slug: string;
  heading: string;
  headtitle: string;
  description: string;
  /** sanitised HTML */
  article: string;
  /** JSON array of tag keys */
  tags: string;
  service: string | null;
  words: Generated<number>;
  views: Generated<number>;
  created_at: string;
  updated_at: string;
  /** the Markdown source `article` is rendered from (null: written before sources were kept) */
  body: string | null;
  /** 1: on the blog and in the sitemap; 0: staff took it off (the public page is 404) */
  published: Generated<number>;
  /** when staff last wrote it: the start-up seeding from content/articles/ leaves it alone */
  staff_edited_at: string | null;
}

export interface ArticleViewsTable {
  article_id: number;
  visitor: string;
  day: string;
}

export type ArticleRow = Selectable<ArticlesTable>;
export type NewArticleRow = Insertable<ArticlesTable>;
