/** Device record of docs/product.md §3 and the device classes of docs/product.md §15. */
export interface DeviceRecord {
  userAgent: string;
  isMobile: boolean;
  isMobileOrTablet: boolean;
  isTablet: boolean;
  isDesktop: boolean;
  isDesktopOrTablet: boolean;
  isIos: boolean;
  isAndroid: boolean;
  isWindows: boolean;
  isMacOS: boolean;
  isSafari: boolean;
  isChrome: boolean;
  isFirefox: boolean;
  isEdge: boolean;
  isSamsung: boolean;
  isCrawler: boolean;
}

export type DeviceClass = 'phone' | 'tablet' | 'laptop' | 'desktop';

/** By viewport width: under 768 phone, under 1024 tablet, under 1200 laptop, else desktop. */
export function deviceClassByWidth(width: number): DeviceClass {
  if (width < 768) return 'phone';
  if (width < 1024) return 'tablet';
  if (width < 1200) return 'laptop';
  return 'desktop';
}

/** On the server there is no width: the user-agent decides. */
export function deviceClassOf(device: DeviceRecord): DeviceClass {
  if (device.isMobile) return 'phone';
  if (device.isTablet) return 'tablet';
  return 'desktop';
}
