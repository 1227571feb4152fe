import request from 'supertest';
import { LOCALES } from '#shared/locales.ts';
import { createTestAppWith, type TestApp, UA } from '../support/app.ts';

/**
 * What a crawler reads: robots.txt, the sitemap index and one sitemap per
 * language; then every URL of every sitemap is fetched as Googlebot and must answer 200 with
 * a title, a description, a canonical link to itself and the hreflang set its sitemap names.
 */
describe('crawlers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith({ PAGE_CACHE_MAX_ENTRIES: '0' });
  });
  afterAll(() => t.database.close());

  it('are kept out of the cabinet, the forms and the thanks pages, and told of the sitemap', async () => {
    const res = await request(t.app).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    for (const line of [
      'Disallow: /cp/',
      'Disallow: /*/cp/',
      'Disallow: /login/',
      'Disallow: /thanks/',
      'Disallow: /api/',
    ])
      expect(res.text).toContain(line);
    expect(res.text).not.toContain('Disallow: /cp/orders/');
    expect(res.text).toContain('Sitemap: https://shop.test/sitemap.xml');
  });

  it('find every page of every language through the sitemaps, each complete', async () => {
    const index = await request(t.app).get('/sitemap.xml').expect(200);
    const sitemaps = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(sitemaps).toEqual(LOCALES.map((lang) => `https://shop.test/sitemap-${lang}.xml`));
    let pages = 0;
    const types = new Set<string>();
    for (const sitemap of sitemaps) {
      const xml = (await request(t.app).get(new URL(sitemap).pathname).expect(200)).text;
      const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
      expect(urls.length).toBeGreaterThan(40);
      for (const url of urls) {
        const loc = /<loc>([^<]+)<\/loc>/.exec(url)![1]!.replace(/&#38;/g, '&');
        const alternates = [...url.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [
          m[1],
          m[2],
        ]);
        const res = await request(t.app).get(new URL(loc).pathname).set('User-Agent', UA.googlebot);
        expect({ loc, status: res.status }).toEqual({ loc, status: 200 });
        const html = res.text;
        expect({ loc, title: /<title>[^<]{5,}<\/title>/.test(html) }).toEqual({ loc, title: true });
        expect({
          loc,
          description: /<meta name="description" content="[^"]{20,}"/.test(html),
        }).toEqual({
          loc,
          description: true,
        });
        expect(html).toContain(`<link rel="canonical" href="${loc}"/>`);
        for (const [lang, href] of alternates)
          expect({ loc, alternate: html.includes(`hrefLang="${lang}" href="${href}"`) }).toEqual({
            loc,
            alternate: true,
          });
        // structured data: every block parses, names schema.org and a type
        const blocks = [
          ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
        ].map(
          (m) => JSON.parse(m[1]!) as { '@context': string; '@type': string; offers?: unknown },
        );
        expect({ loc, blocks: blocks.length > 0 }).toEqual({ loc, blocks: true });
        for (const block of blocks) {
          expect(block['@context']).toBe('https://schema.org');
          expect(typeof block['@type']).toBe('string');
        }
        types.add(blocks.map((block) => block['@type']).join(','));
        const product = blocks.find((block) => block['@type'] === 'Product');
        if (product)
          expect(product.offers).toMatchObject({
            '@type': 'AggregateOffer',
            priceCurrency: expect.any(String),
          });
        pages += 1;
      }
    }
    expect(pages).toBeGreaterThan(7 * 40);
    const seen = [...types].join(',');
    for (const type of [
      'Organization',
      'WebSite',
      'Product',
      'BreadcrumbList',
      'FAQPage',
      'Article',
    ])
      expect(seen).toContain(type);
  }, 180_000);
});
