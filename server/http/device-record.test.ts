import { UA } from '#tests/support/app.ts';
import { deviceRecordOf } from './device-record.ts';

describe('deviceRecordOf (docs/product.md §3 Device record)', () => {
  it('recognises an iPhone', () => {
    expect(deviceRecordOf(UA.iphone)).toMatchObject({
      isMobile: true,
      isTablet: false,
      isDesktop: false,
      isIos: true,
      isAndroid: false,
      isSafari: true,
      isCrawler: false,
    });
  });

  it('recognises an Android phone and an iPad', () => {
    expect(deviceRecordOf(UA.android)).toMatchObject({
      isMobile: true,
      isAndroid: true,
      isChrome: true,
      isMobileOrTablet: true,
    });
    expect(deviceRecordOf(UA.ipad)).toMatchObject({
      isTablet: true,
      isMobile: false,
      isIos: true,
      isDesktopOrTablet: true,
    });
  });

  it('recognises a desktop browser', () => {
    expect(deviceRecordOf(UA.desktop)).toMatchObject({
      isDesktop: true,
      isWindows: true,
      isChrome: true,
      isCrawler: false,
    });
  });

  it('recognises crawlers', () => {
    expect(deviceRecordOf(UA.googlebot).isCrawler).toBe(true);
    expect(deviceRecordOf(UA.yandexbot).isCrawler).toBe(true);
    expect(deviceRecordOf(UA.desktop).isCrawler).toBe(false);
  });

  it('keeps the user agent and copes without one', () => {
    expect(deviceRecordOf(UA.desktop).userAgent).toBe(UA.desktop);
    expect(deviceRecordOf(undefined)).toMatchObject({ userAgent: '', isDesktop: true });
  });

  it('parses a user agent once and hands out the same read-only record after', () => {
    const first = deviceRecordOf(UA.iphone);
    expect(deviceRecordOf(UA.iphone)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(deviceRecordOf(UA.desktop)).not.toBe(first);
    // an overlong one is parsed each time (never kept), with the same answer
    const long = `${UA.iphone} ${'x'.repeat(600)}`;
    expect(deviceRecordOf(long)).not.toBe(deviceRecordOf(long));
    expect(deviceRecordOf(long)).toMatchObject({ isMobile: true, isIos: true });
  });
});
