import type { Generated, Insertable, Selectable } from 'kysely';

/** SPEC §3 Article, one row per language. */
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
}

export interface ArticleViewsTable {
  article_id: number;
  visitor: string;
  day: string;
}

export type ArticleRow = Selectable<ArticlesTable>;
export type NewArticleRow = Insertable<ArticlesTable>;
