import request from 'supertest';
import { LOCALES } from '#shared/locales.ts';
import { PAGES, pagePath } from '#shared/routes.ts';
import { createTestApp, signUp, UA } from '../support/app.ts';

const app = await createTestApp();
const SAMPLE_PARAMS = { code: 'k3Yd9q', region: 'world' };

describe('every route in every locale', () => {
  // an article's slug and its languages are its own: tests/api/articles.test.ts and the
  // crawler test (every sitemap URL with its alternates) cover them
  // the staff console's pages are the 404 for guests and customers: tests/api/staff-pages.test.ts
  const cases = PAGES.filter((page) => page.view !== 'article' && page.access !== 'staff').flatMap(
    (page) => LOCALES.map((locale) => [page.id, locale] as const),
  );
  let cookie = '';
  beforeAll(async () => {
    cookie = (await signUp(app)).cookie;
  });

  it.each(cases)(
    '%s in %s answers 200 with its lang and hreflang alternates',
    async (id, locale) => {
      const path = pagePath(id, locale, SAMPLE_PARAMS);
      // the cabinet is seen logged in; every other page as a guest
      const isProtected = PAGES.find((page) => page.id === id)?.access === 'protected';
      const res = await request(app)
        .get(path)
        .set('User-Agent', UA.desktop)
        .set('Cookie', isProtected ? cookie : '');
      expect(res.status).toBe(200);
      expect(res.type).toBe('text/html');
      expect(res.text).toContain(`<html lang="${locale}"`);
      for (const alternate of LOCALES) {
        expect(res.text).toContain(
          `<link rel="alternate" hrefLang="${alternate}" href="https://shop.test${pagePath(id, alternate, SAMPLE_PARAMS)}"/>`,
        );
      }
      expect(res.text).toContain(
        `hrefLang="x-default" href="https://shop.test${pagePath(id, 'ru', SAMPLE_PARAMS)}"`,
      );
      expect(res.text).toMatch(/<h1[^>]*>[^<]+/);
    },
  );
});

describe('page content', () => {
  it('renders the home page with the docs/product.md §1 copy and the caps of docs/product.md §13', async () => {
    const res = await request(app).get('/en/').set('User-Agent', UA.desktop);
    expect(res.text).toContain('Likes and views');
    expect(res.text).toContain('5–30 minutes');
    expect(res.text).toContain('Changing the login after payment voids the guarantee.');
    expect(res.text).toContain('Orders are accepted from any country.');
    expect(res.text).toContain('up to <!-- -->20,000<!-- --> a day');
    expect(res.text).toContain('GeoLite2 data created by MaxMind');
  });

  it('shows each platform its own caps', async () => {
    const tiktok = await request(app).get('/en/tiktok/').set('User-Agent', UA.desktop);
    expect(tiktok.text).toContain('120<!-- -->–<!-- -->200<!-- --> an hour');
    const telegram = await request(app).get('/en/telegram/').set('User-Agent', UA.desktop);
    expect(telegram.text).toContain('up to <!-- -->1,000<!-- --> a day');
    expect(telegram.text).not.toContain('20,000');
  });

  it('links the alias /tt/ to its canonical /tiktok/', async () => {
    const res = await request(app).get('/en/tt/').set('User-Agent', UA.desktop);
    expect(res.text).toContain('<link rel="canonical" href="https://shop.test/en/tiktok/"/>');
  });

  it('prices in RUB for ru, USD elsewhere, or what the visitor chose', async () => {
    const ru = await request(app).get('/').set('User-Agent', UA.desktop);
    expect(ru.text).toContain('"currency":"RUB"');
    const en = await request(app).get('/en/').set('User-Agent', UA.desktop);
    expect(en.text).toContain('"currency":"USD"');
    const chosen = await request(app)
      .get('/en/')
      .set('User-Agent', UA.desktop)
      .set('Cookie', 'cur=EUR');
    expect(chosen.text).toContain('"currency":"EUR"');
    const bogus = await request(app)
      .get('/en/')
      .set('User-Agent', UA.desktop)
      .set('Cookie', 'cur=XYZ');
    expect(bogus.text).toContain('"currency":"USD"');
  });

  it('hands the device record and class to the page', async () => {
    const res = await request(app).get('/en/').set('User-Agent', UA.iphone);
    expect(res.text).toContain('"isMobile":true');
    expect(res.text).toContain('"isIos":true');
    expect(res.text).toContain('"deviceClass":"phone"');
  });

  it('links the entry script, the stylesheets and the screen chunk from the manifest', async () => {
    const res = await request(app).get('/en/').set('User-Agent', UA.desktop);
    // the entry is imported by the page's loader after the first paint, not linked before it
    expect(res.text).toMatch(
      /<script nonce="[^"]+">[^<]*import\("\/assets\/entry\.client-TEST\.js"\)/,
    );
    expect(res.text).not.toContain('src="/assets/entry.client-TEST.js"');
    expect(res.text).not.toContain('href="/assets/entry.client-TEST.js"');
    expect(res.text).toContain('href="/assets/entry.client-TEST.css"');
    expect(res.text).toContain('href="/assets/chunks/home.page-TEST.css"');
    expect(res.text).toMatch(
      /<link rel="modulepreload" href="\/assets\/chunks\/home.page-TEST.js" fetchPriority="low"\/>/,
    );
  });
});

describe('health', () => {
  it('answers /healthz', async () => {
    const res = await request(app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });

  it('answers unknown API paths with the JSON error envelope', async () => {
    const res = await request(app).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      status: 'error',
      message: 'This page could not be found',
      statusCode: 404,
    });
  });
});
