import { data, type LoaderFunctionArgs } from 'react-router';
import {
  type CatalogPlatform,
  isMultiTag,
  type PriceTable,
  type ServiceView,
} from '../../../shared/catalog.ts';
import { COOKIE_NAMES, QUANTITY_PRESETS } from '../../../shared/constants.ts';
import type { LandingOf, LandingTexts } from '../../../shared/landing-texts.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { Platform, ServiceKind } from '../../../shared/platforms.ts';
import { isCurrency } from '../../../shared/regions.ts';
import { SERVICE_PAGES, SHOWN_SERVICE_LABELS } from '../../../shared/service-pages.ts';
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
      query: { labels: SHOWN_SERVICE_LABELS.join(' '), platform, lang },
    }),
  informers: (platform, counts) => {
    const currency = getCookie(COOKIE_NAMES.currency);
    return callApi('GET informers/tiny', {
      query: {
        labels: SHOWN_SERVICE_LABELS.join(' '),
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
    // a service page whose service the shop does not sell now (staff hid it) is a 404 that
    // offers the platform's other services; its form never sells another service in its place
    if (service && !services.some((entry) => entry.page === service.id && !isMultiTag(entry.tag)))
      throw data(notSoldOf(platform, services), { status: 404, statusText: 'Not Found' });
    return { platform: shown, services, informers, landing };
  };
}

/** What the 404 of a service page not sold now offers: the platform's pages still sold. */
export interface NotSold {
  notSold: { platform: Platform; pages: string[] };
}

function notSoldOf(platform: Platform, services: ServiceView[]): NotSold {
  const sold = new Set(
    services.filter((entry) => !isMultiTag(entry.tag)).map((entry) => entry.page),
  );
  return {
    notSold: {
      platform,
      pages: SERVICE_PAGES.filter((page) => page.platform === platform && sold.has(page.id)).map(
        (page) => page.id,
      ),
    },
  };
}

/** The offer of a route error, when it is a service page not sold now. */
export function notSoldOfError(error: unknown): NotSold['notSold'] | null {
  const payload = (error as { data?: unknown } | null)?.data;
  const offer = (payload as Partial<NotSold> | null | undefined)?.notSold;
  return offer && Array.isArray(offer.pages) ? offer : null;
}
