import { LOCALES } from './locales.ts';
import { matchPage, PAGES, pageAlternates, pagePath } from './routes.ts';
import { SERVICE_PAGES } from './service-pages.ts';

describe('route table', () => {
  it('gives every page a distinct path in every locale, ending with a slash', () => {
    for (const locale of LOCALES) {
      const paths = PAGES.map((page) => page.paths[locale]);
      expect(new Set(paths).size).toBe(paths.length);
      for (const path of paths) expect(path).toMatch(/^\/(.*\/)?$/);
    }
  });

  it('puts Russian service pages under /uslugi/ and the others under their prefix', () => {
    expect(pagePath('service:instagram-likes', 'ru')).toBe('/uslugi/lajki-v-instagram/');
    expect(pagePath('service:instagram-likes', 'en')).toBe('/en/buy-instagram-likes/');
    expect(pagePath('service:tiktok-reposts', 'de')).toBe('/de/kaufen-umbuchen-in-tiktok/');
    expect(pagePath('service:vk-friends', 'tr')).toBe('/tr/vk-friends-satin-al/');
  });

  it('covers every service kind the docs/product.md lists for each platform', () => {
    const ids = new Set(SERVICE_PAGES.map((page) => page.id));
    for (const id of [
      'instagram-likes',
      'instagram-followers',
      'instagram-views',
      'instagram-comments',
      'instagram-auto-likes',
      'instagram-auto-views',
      'instagram-reels-views',
      'instagram-story-views',
      'tiktok-likes',
      'tiktok-followers',
      'tiktok-views',
      'vk-friends',
      'youtube-followers',
      'youtube-likes',
      'youtube-views',
      'telegram-followers',
      'telegram-views',
      'telegram-story-views',
      'telegram-reactions',
      'threads-followers',
      'threads-likes',
      'threads-reposts',
    ]) {
      expect(ids).toContain(id);
    }
  });

  it('fills params and refuses to build a path without them', () => {
    expect(pagePath('reset-code', 'es', { code: 'a b' })).toBe('/es/reset/a%20b/');
    expect(() => pagePath('article', 'en')).toThrow('Missing param slug');
  });

  it('lists the same page in all 7 locales as alternates', () => {
    expect(pageAlternates('cp-payment-history').map((alt) => alt.path)).toEqual([
      '/cp/payment/history/',
      '/en/cp/payment/history/',
      '/de/cp/payment/history/',
      '/es/cp/payment/history/',
      '/it/cp/payment/history/',
      '/pt/cp/payment/history/',
      '/tr/cp/payment/history/',
    ]);
  });

  it('validates the region of legal pages', () => {
    const legal = PAGES.find((page) => page.id === 'refund-policy')!;
    for (const region of ['cis-and-ua', 'ru-en', 'ru', 'world'])
      expect(legal.validate!({ region })).toBe(true);
    for (const region of ['usa', 'RU', '', undefined])
      expect(legal.validate!({ region })).toBe(false);
  });
});

describe('matchPage', () => {
  it('finds the page, locale and params of a path', () => {
    expect(matchPage('/')).toMatchObject({ def: { id: 'home' }, locale: 'ru', params: {} });
    expect(matchPage('/tr/vk-friends-satin-al/')).toMatchObject({
      def: { id: 'service:vk-friends' },
      locale: 'tr',
    });
    expect(matchPage('/en/reset/a%20b/')).toMatchObject({
      def: { id: 'reset-code' },
      locale: 'en',
      params: { code: 'a b' },
    });
    expect(matchPage('/de/refund-policy/world/')).toMatchObject({
      def: { id: 'refund-policy' },
      params: { region: 'world' },
    });
    expect(matchPage('/en/reset/%E0%A4%A/')?.params.code).toBe('%E0%A4%A');
  });

  it('answers null for paths that are no page', () => {
    expect(matchPage('/nothing/')).toBeNull();
    expect(matchPage('/en/reset/a/b/')).toBeNull();
    expect(matchPage('/api/user')).toBeNull();
  });
});
