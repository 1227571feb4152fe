import type { RouteObject } from 'react-router';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { createAssets } from '../../server/ssr/assets.ts';

/** A manifest like the build's, so pages link predictable asset names. */
export const TEST_MANIFEST = {
  entry: '/assets/entry.client-TEST.js',
  css: ['/assets/entry.client-TEST.css'],
  messages: { en: '/assets/chunks/en-TEST.js', ru: '/assets/chunks/ru-TEST.js' },
  views: {
    home: {
      js: '/assets/chunks/home.page-TEST.js',
      imports: ['/assets/chunks/chunk-TEST.js'],
      css: ['/assets/chunks/home.page-TEST.css'],
    },
  },
};

/** The real app on a test configuration (override any env key), without listen(). */
export function createTestApp(
  env: Record<string, string> = {},
  options: { routes?: RouteObject[] } = {},
) {
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://shop.test', ...env });
  return createApp({
    config,
    logger: createLogger(config),
    assets: createAssets(TEST_MANIFEST),
    ...options,
  });
}

export const UA = {
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  yandexbot: 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
};

/** Public addresses GeoLite2 places in these countries. */
export const IP = {
  russia: '77.88.55.88',
  usa: '8.8.8.8',
  germany: '88.198.0.1',
  uk: '81.2.69.142',
};
