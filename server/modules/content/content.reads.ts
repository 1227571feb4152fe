import { isLegalDoc } from '#shared/legal.ts';
import { isLocale, type Locale } from '#shared/locales.ts';
import { isLegalRegion } from '#shared/regions.ts';
import { SERVICE_PAGES } from '#shared/service-pages.ts';
import type { ReadHandlers } from '../../http/reads.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { GuideService } from './guide.service.ts';
import type { LandingCopyService } from './landing-copy.service.ts';
import type { LegalService } from './legal.service.ts';

/** The language a call names (one of the seven), else the request's. */
function langOf(asked: unknown, context: RequestContext): Locale {
  if (asked !== undefined && !isLocale(asked))
    throw new AppError('The language is one of ru, en, de, es, it, pt, tr', 400);
  return isLocale(asked) ? asked : context.visitor.locale;
}

/**
 * The written content's reads of the API contract (docs/api.md): a landing's own texts, the
 * legal texts and the reseller API guide; served over HTTP by content.routes.ts and in process
 * to the pages' loaders (server/ssr/in-process-api.ts).
 */
export function contentReads({
  legal,
  guide,
  landingCopy,
}: {
  legal: LegalService;
  guide: GuideService;
  landingCopy: LandingCopyService;
}) {
  return {
    // landing-texts?lang=&platform=[&service=]: staff's edits over the shipped texts
    'GET landing-texts': ({ query }) => {
      const page = query.service
        ? SERVICE_PAGES.find(
            (entry) => entry.id === query.service && entry.platform === query.platform,
          )
        : undefined;
      if (query.service && !page) throw new AppError('Service page not found', 404);
      return landingCopy.page(
        query.lang,
        page
          ? { platform: page.platform, service: { id: page.id, kind: page.kind } }
          : { platform: query.platform },
      );
    },

    // content/api-guide?lang=: the reseller API guide of /cp/api/
    'GET content/api-guide': async ({ query }, { context }) => {
      const found = await guide.guide(langOf(query.lang, context));
      if (!found) throw new AppError('Document not found', 404);
      return found;
    },

    // legal/{privacy|agreement|refund}/{region}?lang=: a region's text in a language
    'GET legal/:doc/:region': ({ params: { doc, region }, query }, { context }) => {
      const lang = langOf(query.lang, context);
      const found =
        isLegalDoc(doc) && isLegalRegion(region) ? legal.document(doc, region, lang) : null;
      if (!found) throw new AppError('Document not found', 404);
      return found;
    },
  } satisfies ReadHandlers;
}
