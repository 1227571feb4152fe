import type { LoaderFunctionArgs } from 'react-router';
import type { CatalogPlatform, PriceTable, ServiceView } from '../../../shared/catalog.ts';
import { COOKIE_NAMES, QUANTITY_PRESETS } from '../../../shared/constants.ts';
import type { LandingOf, LandingTexts } from '../../../shared/landing-texts.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { Platform, ServiceKind } from '../../../shared/platforms.ts';
import { isCurrency } from '../../../shared/regions.ts';
import { getCookie } from '../../lib/cookies.ts';
import { callApi } from '../../lib/endpoints.ts';
import { loadLandingTexts } from './landing-texts.ts';

/** What a landing's order form and price cards need before they render. */
export interface OrderFormData {
  /** the platform the page shows (VK in place of Meta's where they are restricted) */
  platform: CatalogPlatform;
  services: ServiceView[];
  /** storefront prices of the platform's services at the presets, in the visitor's currency */
  informers: PriceTable;
}

/** A landing's loader data: its order form's, and its own texts (locales/landing/). */
export interface LandingData extends OrderFormData {
  landing: LandingTexts;
}

/**
 * Where the data comes from: on the server, the catalogue service in process (handed in as
 * the static handler's request context); in the browser, the API.
 */
export interface StorefrontReader {
  pagePlatform(platform: Platform): CatalogPlatform;
  services(platform: CatalogPlatform, lang: Locale): Promise<ServiceView[]>;
  informers(platform: CatalogPlatform, counts: number[]): Promise<PriceTable>;
  texts(page: LandingOf, locale: Locale): Promise<LandingTexts>;
}

const browserReader: StorefrontReader = {
  texts: (page, locale) => loadLandingTexts(locale, page),
  pagePlatform: (platform) => platform,
  services: (platform, lang) =>
    callApi('GET user_services/tiny', {
      query: { labels: 'CLIENT_MAIN VISIBLE', platform, lang },
    }),
  informers: (platform, counts) => {
    const currency = getCookie(COOKIE_NAMES.currency);
    return callApi('GET informers/tiny', {
      query: {
        labels: 'CLIENT_MAIN VISIBLE',
        platform,
        counts: counts.join(','),
        cur: isCurrency(currency) ? currency : undefined,
      },
    });
  },
};

export const STOREFRONT_CONTEXT_KEY = 'storefront';

function readerOf(context: unknown): StorefrontReader {
  const server = (context as Record<string, StorefrontReader> | undefined)?.[
    STOREFRONT_CONTEXT_KEY
  ];
  return server ?? browserReader;
}

/** The loader of home, platform and service pages (a service page names its id and kind). */
export function orderFormLoader(
  platform: Platform,
  locale: Locale,
  service?: { id: string; kind: ServiceKind },
) {
  return async ({ context }: LoaderFunctionArgs): Promise<LandingData> => {
    const reader = readerOf(context);
    const shown = reader.pagePlatform(platform);
    const [services, informers, landing] = await Promise.all([
      reader.services(shown, locale),
      reader.informers(shown, QUANTITY_PRESETS),
      // the texts of the platform shown (VK's where the meta restriction puts VK in its place)
      reader.texts(
        service ? { platform, service } : { platform: shown === 'fake' ? platform : shown },
        locale,
      ),
    ]);
    return { platform: shown, services, informers, landing };
  };
}
