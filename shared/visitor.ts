import type { DeviceClass, DeviceRecord } from './device.ts';
import type { Locale } from './locales.ts';
import type { Currency, Region } from './regions.ts';

/** What the server learnt about the visitor (docs/product.md §3 Device record, §15, §13 Regions). */
export interface VisitorState {
  locale: Locale;
  currency: Currency;
  country: string;
  /** Region of the visitor's location (by the currency of the country). */
  region: Region;
  isGdpr: boolean;
  device: DeviceRecord;
  deviceClass: DeviceClass;
  /** Absolute origin for canonical and hreflang links. */
  publicUrl: string;
  /** Social login providers that are configured (vk, google). */
  socialProviders: string[];
  /** docs/product.md §2 meta-platform restriction: no Instagram or Threads, VK in their place. */
  metaRestricted: boolean;
  /**
   * Service pages whose service the shop does not sell now (staff hid it): never linked, and
   * their pages answer 404 (shared/service-pages.ts `shownServicePagesOf`).
   */
  hiddenServicePages: string[];
  /**
   * A GDPR country's visitor who has not answered the consent banner yet: the server renders
   * the banner into the page, so it takes its room from the start and covers nothing.
   */
  consentPending: boolean;
}
