import { type Response, Router } from 'express';
import { API } from '../../../shared/api-contract/index.ts';
import { isLegalDoc } from '../../../shared/legal.ts';
import { isLocale } from '../../../shared/locales.ts';
import { isLegalRegion } from '../../../shared/regions.ts';
import type { LandingTextsQuery } from '../../../shared/schemas/staff-landing-copy.schemas.ts';
import { SERVICE_PAGES } from '../../../shared/service-pages.ts';
import { contextOf } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import type { CrawlService } from './crawl.service.ts';
import type { GuideService } from './guide.service.ts';
import type { LandingCopyService } from './landing-copy.service.ts';
import type { LegalService } from './legal.service.ts';

/** The written content the pages read in the browser: legal texts (articles: SPEC §7). */
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

  // GET landing-texts?lang=&platform=[&service=]: a landing's own texts on a client navigation
  router.get('/landing-texts', async (req, res) => {
    const query = validate<LandingTextsQuery>(API['GET landing-texts'].query.schema, req.query);
    const page = query.service
      ? SERVICE_PAGES.find(
          (entry) => entry.id === query.service && entry.platform === query.platform,
        )
      : undefined;
    if (query.service && !page) throw new AppError('Service page not found', 404);
    const texts = await landingCopy.page(
      query.lang,
      page
        ? { platform: page.platform, service: { id: page.id, kind: page.kind } }
        : { platform: query.platform },
    );
    res.json({ status: 'success', data: texts });
  });

  // GET content/api-guide?lang=: the reseller API guide of /cp/api/
  router.get('/content/api-guide', async (req, res) => {
    const asked = req.query.lang;
    if (asked !== undefined && !isLocale(asked))
      throw new AppError('The language is one of ru, en, de, es, it, pt, tr', 400);
    const found = await guide.guide(isLocale(asked) ? asked : contextOf(res).visitor.locale);
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
