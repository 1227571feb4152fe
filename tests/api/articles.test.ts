import { readdirSync, readFileSync } from 'node:fs';
import request from 'supertest';
import { FEATURED_ARTICLES } from '#shared/articles.ts';
import { LOCALES } from '#shared/locales.ts';
import { createTestAppWith, ENGINES, type TestApp, UA } from '../support/app.ts';

/**
 * The blog (docs/product.md §3 Article, docs/api.md Articles): articles written from content/articles/
 * at start, listed by date or views (featured: views, 3), read by slug with a view counted
 * once per visitor and day, derived fields, sanitised HTML, and the pages.
 */
const KEYS = readdirSync('content/articles');

describe('blog content', () => {
  it('has at least 8 articles in every language, each with a slug of its own', () => {
    for (const lang of LOCALES) {
      const files = KEYS.filter((key) =>
        readdirSync(`content/articles/${key}`).includes(`${lang}.md`),
      ).map((key) => readFileSync(`content/articles/${key}/${lang}.md`, 'utf8'));
      const slugs = files.map((text) => /^slug: (\S+)$/m.exec(text)?.[1]);
      expect({ lang, count: files.length >= 8 }).toEqual({ lang, count: true });
      expect(new Set(slugs).size).toBe(files.length);
      expect(slugs.every((slug) => slug && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))).toBe(true);
    }
  });
});

describe.each(ENGINES)('articles API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith({}, { engine });
  });
  afterAll(() => t.database.close());

  it('lists a language’s articles newest first, with the total and docs/product.md §3’s derived fields', async () => {
    const res = await request(t.app).get('/api/articles?lang=en&limit=50').expect(200);
    const { items, meta } = res.body.data;
    expect(meta).toEqual({ total: items.length, page: 1, limit: 50 });
    expect(items.length).toBeGreaterThanOrEqual(8);
    const dates = items.map((item: { timestamp: number }) => item.timestamp);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const first = items.find(
      (item: { slug: string }) => item.slug === 'how-to-choose-likes-followers-or-views',
    );
    expect(first).toMatchObject({
      lang: 'en',
      created_at: '2026-03-12T09:00:00.000Z',
      timestamp: Date.parse('2026-03-12T09:00:00Z'),
      date: '12 марта 2026',
      tags: ['instagram', 'guides', 'growth'],
      service: 'instagram-followers',
      withNotes: true,
      views: 0,
    });
    expect(first.reading).toBeGreaterThanOrEqual(3);
    expect(first.description).toMatch(/\S/);
    // paging and topics
    const page2 = await request(t.app).get('/api/articles?lang=en&limit=3&page=2').expect(200);
    expect(page2.body.data.items).toHaveLength(3);
    expect(page2.body.data.items[0].slug).toBe(items[3].slug);
    const tiktok = await request(t.app).get('/api/articles?lang=en&tag=tiktok').expect(200);
    for (const item of tiktok.body.data.items) expect(item.tags).toContain('tiktok');
    expect(tiktok.body.data.meta.total).toBeLessThan(meta.total);
  });

  it('reads one article, counts a visitor once a day, and ranks featured by views', async () => {
    const list = (await request(t.app).get('/api/articles?lang=ru&limit=50')).body.data.items;
    const target = list[list.length - 1].slug;
    const read = (agent: string) =>
      request(t.app).get(`/api/articles/${target}?lang=ru`).set('User-Agent', agent).expect(200);
    const first = await read(UA.desktop);
    expect(first.body.data.views).toBe(1);
    expect((await read(UA.desktop)).body.data.views).toBe(1);
    expect((await read(UA.iphone)).body.data.views).toBe(2);
    const article = first.body.data;
    // Instagram gets its asterisk in text, never inside tags or addresses
    expect(article.article).toMatch(/Instagram\*|Meta\*|Facebook\*|^(?![\s\S]*Instagram)/);
    expect(article.article).not.toMatch(/<script|on\w+=/);
    expect(article.related.length).toBeGreaterThan(0);
    expect(article.related.map((other: { slug: string }) => other.slug)).not.toContain(target);
    expect(article.translations.en).toMatch(/^[a-z0-9-]+$/);
    const featured = await request(t.app)
      .get(`/api/articles?lang=ru&sort=views&limit=${FEATURED_ARTICLES}`)
      .expect(200);
    expect(featured.body.data.items).toHaveLength(3);
    expect(featured.body.data.items[0].slug).toBe(target);
    // the worker drops records of past days only: today's reader still counts once
    await t.services.articles.forgetOldViews();
    expect((await read(UA.desktop)).body.data.views).toBe(2);
  });

  it('answers 404 for an unknown slug and 400 for a bad query, changing nothing', async () => {
    await request(t.app).get('/api/articles/no-such-article?lang=en').expect(404);
    await request(t.app)
      .get('/api/articles/%E0%A4%A?lang=en')
      .expect((res) => {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      });
    for (const query of [
      'sort=random',
      'limit=0',
      'limit=51',
      'page=0',
      'tag=cats',
      'lang=fr',
      'x=1',
    ])
      expect((await request(t.app).get(`/api/articles?${query}`)).status).toBe(400);
    await request(t.app).get('/api/articles/x?lang=en&count=1').expect(400);
  });

  it('renders /blog/ and an article page, and 404s an unknown slug', async () => {
    const blog = await request(t.app).get('/en/blog/').expect(200);
    expect(blog.text).toContain('data-testid="featured"');
    expect(blog.text).toContain('/en/blog/how-to-choose-likes-followers-or-views/');
    const page = await request(t.app)
      .get('/en/blog/how-to-choose-likes-followers-or-views/')
      .expect(200);
    expect(page.text).toContain('<h1');
    expect(page.text).toContain('data-testid="article-text"');
    // hreflang only where the article exists, with its own slug there
    expect(page.text).toContain('hrefLang="ru" href="https://shop.test/blog/');
    expect(page.text).not.toContain('hrefLang="en" href="https://shop.test/ru/');
    await request(t.app).get('/en/blog/no-such-article/').expect(404);
  });
});
