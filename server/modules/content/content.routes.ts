import { type Response, Router } from 'express';
import { isLegalDoc } from '../../../shared/legal.ts';
import { isLocale } from '../../../shared/locales.ts';
import { isLegalRegion } from '../../../shared/regions.ts';
import { contextOf } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CrawlService } from './crawl.service.ts';
import type { GuideService } from './guide.service.ts';
import type { LegalService } from './legal.service.ts';

/** The written content the pages read in the browser: legal texts (articles: SPEC §7). */
export function contentRoutes({
  legal,
  guide,
}: {
  legal: LegalService;
  guide: GuideService;
}): Router {
  const router = Router();

  // GET content/api-guide?lang=: the reseller API guide of /cp/api/
  router.get('/content/api-guide', (req, res) => {
    const asked = req.query.lang;
    if (asked !== undefined && !isLocale(asked))
      throw new AppError('The language is one of ru, en, de, es, it, pt, tr', 400);
    const found = guide.guide(isLocale(asked) ? asked : contextOf(res).visitor.locale);
    if (!found) throw new AppError('Document not found', 404);
    res.json({ status: 'success', data: found });
  });

  // GET legal/{privacy|agreement|refund}/{region}?lang=: a region's text in a language
  router.get('/legal/:doc/:region', (req, res) => {
    const { doc, region } = req.params;
    const asked = req.query.lang;
    if (asked !== undefined && !isLocale(asked))
      throw new AppError('The language is one of ru, en, de, es, it, pt, tr', 400);
    const found =
      isLegalDoc(doc) && isLegalRegion(region)
        ? legal.document(doc, region, isLocale(asked) ? asked : contextOf(res).visitor.locale)
        : null;
    if (!found) throw new AppError('Document not found', 404);
    res.json({ status: 'success', data: found });
  });

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
