import { type Response, Router } from 'express';
import { mountReads } from '../../http/reads.ts';
import { contentReads } from './content.reads.ts';
import type { CrawlService } from './crawl.service.ts';
import type { GuideService } from './guide.service.ts';
import type { LandingCopyService } from './landing-copy.service.ts';
import type { LegalService } from './legal.service.ts';

/** The written content the pages read: landing texts, legal texts, the API guide (content.reads.ts). */
export function contentRoutes({
  legal,
  guide,
  landingCopy,
}: {
  legal: LegalService;
  guide: GuideService;
  landingCopy: LandingCopyService;
}): Router {
  const router = Router();

  mountReads(router, contentReads({ legal, guide, landingCopy }));

  return router;
}

/** Files crawlers read at the site's root: robots.txt and the sitemaps (index + per language). */
export function crawlRoutes({ crawl }: { crawl: CrawlService }): Router {
  const router = Router();
  const cache = (res: Response) => res.setHeader('Cache-Control', 'public, max-age=3600');
  router.get('/robots.txt', (_req, res) => {
    cache(res);
    res.type('text/plain').send(crawl.robots());
  });
  router.get('/sitemap.xml', (_req, res) => {
    cache(res);
    res.type('application/xml').send(crawl.index());
  });
  router.get('/sitemap-:lang.xml', async (req, res, next) => {
    const xml = await crawl.forLanguage(String(req.params.lang));
    if (!xml) return next();
    cache(res);
    res.type('application/xml').send(xml);
  });
  return router;
}
