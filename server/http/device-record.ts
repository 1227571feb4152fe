import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { UAParser } from 'ua-parser-js';
import type { DeviceRecord } from '#shared/device.ts';

/**
 * Parsing a user agent costs more than rendering a cached page, and visitors send few distinct
 * ones: each record is kept (read-only) for the next request with the same user agent.
 */
const known = new LRUCache<string, Readonly<DeviceRecord>>({ max: 2000 });
/** Longer user agents are parsed every time rather than kept (nobody's browser sends these). */
const KEPT_LENGTH = 512;

/** docs/product.md §3 Device record from the user-agent (ua-parser-js 1.x for the device, isbot for crawlers). */
export function deviceRecordOf(userAgent: string | undefined): Readonly<DeviceRecord> {
  const ua = userAgent ?? '';
  if (ua.length > KEPT_LENGTH) return parse(ua);
  let record = known.get(ua);
  if (!record) {
    record = Object.freeze(parse(ua));
    known.set(ua, record);
  }
  return record;
}

function parse(ua: string): DeviceRecord {
  const parsed = new UAParser(ua).getResult();
  const type = parsed.device.type;
  const os = parsed.os.name ?? '';
  const browser = parsed.browser.name ?? '';
  const isCrawler = isbot(ua);
  const isMobile = type === 'mobile' || type === 'wearable';
  const isTablet = type === 'tablet';
  return {
    userAgent: ua,
    isMobile,
    isTablet,
    isMobileOrTablet: isMobile || isTablet,
    isDesktop: !isMobile && !isTablet,
    isDesktopOrTablet: !isMobile,
    isIos: os === 'iOS',
    isAndroid: os === 'Android',
    isWindows: os === 'Windows',
    isMacOS: os === 'Mac OS' || os === 'macOS',
    isSafari: browser === 'Safari' || browser === 'Mobile Safari',
    isChrome: browser === 'Chrome' || browser === 'Chrome Headless' || browser === 'Chrome WebView',
    isFirefox: browser === 'Firefox' || browser === 'Mobile Firefox',
    isEdge: browser === 'Edge',
    isSamsung: browser === 'Samsung Browser',
    isCrawler,
  };
}
