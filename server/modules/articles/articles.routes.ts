import { type Response, Router } from 'express';
import { API } from '../../../shared/api-contract/index.ts';
import { ARTICLES_PAGE_SIZE } from '../../../shared/articles.ts';
import type { ArticlesQuery } from '../../../shared/schemas/articles.schemas.ts';
import { contextOf } from '../../http/request-context.ts';
import { visitorOf } from '../../http/visitor-hash.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import type { ArticlesService } from './articles.service.ts';

const langOf = (query: { lang?: string }, res: Response) =>
  query.lang ?? contextOf(res).visitor.locale;

/** SPEC §7 Articles: the list (featured: sort=views&limit=3) and one article by its slug. */
export function articlesRoutes({ articles }: { articles: ArticlesService }): Router {
  const router = Router();

  router.get('/articles', async (req, res) => {
    const query = validate<ArticlesQuery>(API['GET articles'].query.schema, req.query);
    const data = await articles.list({
      lang: langOf(query, res),
      ...(query.tag ? { tag: query.tag } : {}),
      sort: query.sort ?? 'date',
      page: Number(query.page ?? 1),
      limit: Number(query.limit ?? ARTICLES_PAGE_SIZE),
    });
    res.json({ status: 'success', data });
  });

  router.get('/articles/:slug', async (req, res) => {
    const query = validate<{ lang?: string }>(API['GET articles/:slug'].query.schema, req.query);
    const slug = String(req.params.slug);
    const found = /^[a-z0-9-]{1,120}$/.test(slug)
      ? await articles.bySlug(langOf(query, res), slug, visitorOf(req))
      : null;
    if (!found) throw new AppError('Article not found', 404);
    res.json({ status: 'success', data: found });
  });

  return router;
}
