import { data, type LoaderFunctionArgs } from 'react-router';
import { LEGAL_DOCS, type LegalDocument, type LegalPageId } from '../../../shared/legal.ts';
import type { Locale } from '../../../shared/locales.ts';
import { isLegalRegion, type LegalRegion } from '../../../shared/regions.ts';
import { callApi } from '../../lib/endpoints.ts';

/** On the server: the legal texts in process; in the browser: the API. */
export interface LegalReader {
  document(
    doc: LegalDocument['doc'],
    region: LegalRegion,
    lang: Locale,
  ): Promise<LegalDocument | null>;
}

export const LEGAL_CONTEXT_KEY = 'legal';

const browserReader: LegalReader = {
  document: (doc, region, lang) =>
    callApi('GET legal/:doc/:region', { params: { doc, region }, query: { lang } }).catch(
      () => null,
    ),
};

/** A legal page's text (SPEC §2 Legal pages); a region without one answers 404. */
export function legalLoader(pageId: LegalPageId, locale: Locale) {
  return async ({ params, context }: LoaderFunctionArgs): Promise<LegalDocument> => {
    const reader =
      (context as unknown as Record<string, LegalReader> | undefined)?.[LEGAL_CONTEXT_KEY] ??
      browserReader;
    const region = params.region;
    const found = isLegalRegion(region)
      ? await reader.document(LEGAL_DOCS[pageId], region, locale)
      : null;
    if (!found) throw data(null, { status: 404, statusText: 'Not Found' });
    return found;
  };
}
