import { Router } from 'express';
import { mountReads } from '../../http/reads.ts';
import { articlesReads } from './articles.reads.ts';
import type { ArticlesService } from './articles.service.ts';

/** The blog's API: its reads (articles.reads.ts). */
export function articlesRoutes({ articles }: { articles: ArticlesService }): Router {
  const router = Router();
  mountReads(router, articlesReads({ articles }));
  return router;
}
