import type { LandingOf, LandingTexts } from '../../../shared/landing-texts.ts';
import type { Locale } from '../../../shared/locales.ts';
import { callApi } from '../../lib/endpoints.ts';

/**
 * In the browser, on a client navigation: a landing's own texts from the server, which has
 * staff's edits over the shipped ones (the first page has them in its loader data).
 */
export function loadLandingTexts(locale: Locale, page: LandingOf): Promise<LandingTexts> {
  return callApi('GET landing-texts', {
    query: { lang: locale, platform: page.platform, service: page.service?.id },
  });
}
