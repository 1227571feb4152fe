import type { ArticlesReader } from '../../client/features/content/articles.loader.ts';
import type { ArticlesService } from '../modules/articles/articles.service.ts';

/** The blog's loader data on the server: the articles service in process (a read counts). */
export function articlesReader(articles: ArticlesService, visitor: string): ArticlesReader {
  return {
    list: (query) => articles.list(query),
    article: (lang, slug) => articles.bySlug(lang, slug, visitor),
  };
}
