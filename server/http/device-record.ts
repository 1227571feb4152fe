import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import type { DeviceRecord } from '../../shared/device.ts';

/** SPEC §3 Device record from the user-agent (ua-parser-js 1.x for the device, isbot for crawlers). */
export function deviceRecordOf(userAgent: string | undefined): DeviceRecord {
  const ua = userAgent ?? '';
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
