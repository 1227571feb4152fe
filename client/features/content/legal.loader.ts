import { data, type LoaderFunctionArgs } from 'react-router';
import { LEGAL_DOCS, type LegalDocument, type LegalPageId } from '#shared/legal.ts';
import type { Locale } from '#shared/locales.ts';
import { isLegalRegion } from '#shared/regions.ts';
import { apiOf } from '../../lib/route-api.ts';

/** A legal page's text (docs/product.md §2 Legal pages); a region without one answers 404. */
export function legalLoader(pageId: LegalPageId, locale: Locale) {
  return async ({ params, context }: LoaderFunctionArgs): Promise<LegalDocument> => {
    const region = params.region;
    const found = isLegalRegion(region)
      ? await apiOf(context)('GET legal/:doc/:region', {
          params: { doc: LEGAL_DOCS[pageId], region },
          query: { lang: locale },
        }).catch(() => null)
      : null;
    if (!found) throw data(null, { status: 404, statusText: 'Not Found' });
    return found;
  };
}
