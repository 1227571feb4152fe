import { data, type LoaderFunctionArgs } from 'react-router';
import {
  type CatalogPlatform,
  isMultiTag,
  type PriceTable,
  type ServiceView,
} from '#shared/catalog.ts';
import { QUANTITY_PRESETS } from '#shared/constants.ts';
import type { LandingOf, LandingTexts } from '#shared/landing-texts.ts';
import type { Locale } from '#shared/locales.ts';
import { META_PLATFORMS, type Platform, type ServiceKind } from '#shared/platforms.ts';
import { SERVICE_PAGES, SHOWN_SERVICE_LABELS } from '#shared/service-pages.ts';
import { apiOf } from '../../lib/route-api.ts';
import { visitorOf } from '../../lib/route-visitor.ts';

/** A landing's loader data: what its order form and price cards need, and its own texts. */
export interface LandingData {
  /** the platform the page shows (VK in place of Meta's where they are restricted) */
  platform: CatalogPlatform;
  services: ServiceView[];
  /** storefront prices of the platform's services at the presets, in the visitor's currency */
  informers: PriceTable;
  /** the page's texts (locales/landing/, staff's edits over them) */
  landing: LandingTexts;
}

/**
 * The loader of home, platform and service pages (a service page names its id and kind): the
 * platform's services, their prices at the presets in the visitor's currency, and the page's
 * own texts (staff's edits over the shipped ones), through the router context's API client.
 */
export function landingLoader(
  platform: Platform,
  locale: Locale,
  service?: { id: string; kind: ServiceKind },
) {
  return async ({ context }: LoaderFunctionArgs): Promise<LandingData> => {
    const api = apiOf(context);
    const visitor = visitorOf(context);
    // VK's page in place of Meta's where the meta restriction applies to the visitor
    const shown =
      visitor.metaRestricted && META_PLATFORMS.includes(platform) ? ('vk' as const) : platform;
    const labels = SHOWN_SERVICE_LABELS.join(' ');
    // the texts of the platform shown (VK's where the meta restriction puts VK in its place)
    const page: LandingOf = service ? { platform, service } : { platform: shown };
    const [services, informers, landing] = await Promise.all([
      api('GET user_services/tiny', { query: { labels, platform: shown, lang: locale } }),
      api('GET informers/tiny', {
        query: {
          labels,
          platform: shown,
          counts: QUANTITY_PRESETS.join(','),
          cur: visitor.currency,
        },
      }),
      api('GET landing-texts', {
        query: { lang: locale, platform: page.platform, service: page.service?.id },
      }),
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
