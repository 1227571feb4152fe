import { ARTICLES_PAGE_SIZE } from '#shared/articles.ts';
import type { ReadHandlers } from '../../http/reads.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ArticlesService } from './articles.service.ts';

const langOf = (query: { lang?: string }, context: RequestContext) =>
  query.lang ?? context.visitor.locale;

/**
 * The blog's reads of the API contract (docs/api.md Articles): the list (featured:
 * sort=views&limit=3) and one article by its slug, whose read counts once per visitor. Served
 * over HTTP by articles.routes.ts and in process to the blog's loaders.
 */
export function articlesReads({ articles }: { articles: ArticlesService }) {
  return {
    'GET articles': ({ query }, { context }) =>
      articles.list({
        lang: langOf(query, context),
        ...(query.tag ? { tag: query.tag } : {}),
        sort: query.sort ?? 'date',
        page: Number(query.page ?? 1),
        limit: Number(query.limit ?? ARTICLES_PAGE_SIZE),
      }),

    'GET articles/:slug': async ({ params: { slug }, query }, { context, visitor }) => {
      const found = /^[a-z0-9-]{1,120}$/.test(slug)
        ? await articles.bySlug(langOf(query, context), slug, visitor)
        : null;
      if (!found) throw new AppError('Article not found', 404);
      return found;
    },
  } satisfies ReadHandlers;
}
