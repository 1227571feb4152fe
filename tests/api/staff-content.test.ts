import request from 'supertest';
import type { Role } from '#shared/roles.ts';
import { countRows, createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';
import { staffMember } from '../support/staff.ts';

/**
 * The staff console's articles on SQLite and PostgreSQL: seo and admin list
 * every article, create one (unpublished: not on the blog), preview its Markdown as the public
 * page renders it, publish it (the blog API, the page and the sitemap have it), edit it, and
 * unpublish it (404 again); staff edits survive the start-up seeding; other roles get 403.
 */
const BODY = [
  'Intro paragraph about **Instagram** growth.',
  '',
  '## A section',
  '',
  'Text with a [link](https://example.com/) and <script>alert(1)</script> nothing else.',
].join('\n');

const ARTICLE = {
  key: 'staff-written',
  tags: ['instagram', 'guides'],
  service: 'instagram-followers',
  translations: {
    en: {
      slug: 'staff-written-article',
      title: 'A staff-written article',
      description: 'What staff wrote in the console.',
      body: BODY,
    },
    ru: {
      slug: 'statya-ot-redakcii',
      title: 'Статья от редакции',
      headtitle: 'Статья от редакции — блог',
      description: 'Что написала редакция.',
      body: 'Текст статьи про **Instagram**.',
    },
  },
};

describe.each(ENGINES)('the staff console’s articles on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith(
      { AUTH_RATE_LIMIT_PER_MINUTE: '1000', PAGE_CACHE_MAX_ENTRIES: '0' },
      { engine },
    );
  });
  afterAll(() => t.database.close());

  const staff = (role: Role) => staffMember(t, role);
  const publicArticle = (lang: string, slug: string) =>
    request(t.app).get(`/api/articles/${slug}`).query({ lang });
  const publicList = async (lang: string) =>
    (
      await request(t.app).get('/api/articles').query({ lang, limit: '50' }).expect(200)
    ).body.data.items.map((item: { slug: string }) => item.slug);

  it('creates, previews, publishes, edits and unpublishes an article, each with its audit row', async () => {
    const seo = await staff('ROLE_SEO');
    const call = (method: 'get' | 'post' | 'put', path: string, body?: object) =>
      request(t.app)[method](`/api/staff/${path}`).set('Cookie', seo.cookie).send(body);

    // every article of the content folder, in every language, with its Markdown
    const all = await call('get', 'articles');
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThanOrEqual(8);
    const seeded = all.body.data.find((a: { key: string }) => a.key === 'drip-feed');
    expect(seeded.translations).toHaveLength(7);
    expect(seeded.translations.find((tr: { lang: string }) => tr.lang === 'en')).toMatchObject({
      slug: 'how-drip-feed-delivery-works',
      published: true,
      staff_edited_at: null,
      path: '/en/blog/how-drip-feed-delivery-works/',
      body: expect.stringContaining('## What drip-feed delivery means'),
    });

    // the preview is the public page's HTML: rendered, sanitised, Instagram marked
    const preview = await call('post', 'articles/preview', { body: BODY });
    expect(preview.status).toBe(200);
    expect(preview.body.data.html).toContain('<strong>Instagram*</strong>');
    expect(preview.body.data.html).toContain('<h2 id="a-section">A section</h2>');
    expect(preview.body.data.html).toContain(
      '<a href="https://example.com/" rel="nofollow noopener noreferrer" target="_blank">link</a>',
    );
    expect(preview.body.data.html).not.toContain('<script');

    const created = await call('post', 'articles', ARTICLE);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      key: 'staff-written',
      tags: ['instagram', 'guides'],
      service: 'instagram-followers',
    });
    expect(created.body.data.translations).toEqual([
      expect.objectContaining({ lang: 'en', published: false, body: BODY }),
      expect.objectContaining({
        lang: 'ru',
        published: false,
        headtitle: 'Статья от редакции — блог',
      }),
    ]);
    // not public until published
    expect((await publicArticle('en', 'staff-written-article')).status).toBe(404);
    expect(await publicList('en')).not.toContain('staff-written-article');
    // a key or a slug held already is refused, nothing written
    const rows = await countRows(t.database.db, 'articles');
    expect((await call('post', 'articles', ARTICLE)).status).toBe(409);
    expect(
      (
        await call('post', 'articles', {
          ...ARTICLE,
          key: 'another-one',
          translations: {
            en: { ...ARTICLE.translations.en, slug: 'how-drip-feed-delivery-works' },
          },
        })
      ).status,
    ).toBe(409);
    expect(await countRows(t.database.db, 'articles')).toBe(rows);

    const published = await call('post', 'articles/staff-written/publish', { published: true });
    expect(published.status).toBe(200);
    expect(
      published.body.data.translations.every((tr: { published: boolean }) => tr.published),
    ).toBe(true);
    const read = await publicArticle('en', 'staff-written-article');
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      heading: 'A staff-written article',
      translations: { ru: 'statya-ot-redakcii' },
    });
    expect(read.body.data.article).toContain('<strong>Instagram*</strong>');
    expect(read.body.data.article).not.toContain('<script');
    expect(await publicList('en')).toContain('staff-written-article');
    expect((await request(t.app).get('/sitemap-en.xml')).text).toContain(
      'https://shop.test/en/blog/staff-written-article/',
    );
    expect((await request(t.app).get('/en/blog/staff-written-article/')).status).toBe(200);

    // edited: a new slug and text in English, a new language, tags for all
    const edited = await call('put', 'articles/staff-written', {
      tags: ['growth'],
      translations: {
        en: {
          slug: 'staff-written-article-2',
          title: 'Edited title',
          description: 'Edited.',
          body: 'Edited body.',
        },
        de: { slug: 'redaktionsartikel', title: 'Ein Artikel', description: '', body: 'Text.' },
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.tags).toEqual(['growth']);
    const byLang = Object.fromEntries(
      edited.body.data.translations.map((tr: { lang: string }) => [tr.lang, tr]),
    );
    expect(byLang.en).toMatchObject({
      slug: 'staff-written-article-2',
      title: 'Edited title',
      published: true,
    });
    expect(byLang.de).toMatchObject({ published: false, headtitle: 'Ein Artikel' });
    expect((await publicArticle('en', 'staff-written-article')).status).toBe(404);
    expect((await publicArticle('en', 'staff-written-article-2')).body.data.article).toBe(
      '<p>Edited body.</p>\n',
    );
    expect((await publicArticle('de', 'redaktionsartikel')).status).toBe(404);

    // unpublished: 404 on the API and the page, off the list and the sitemap
    const off = await call('post', 'articles/staff-written/publish', { published: false });
    expect(off.status).toBe(200);
    expect((await publicArticle('en', 'staff-written-article-2')).status).toBe(404);
    expect((await publicArticle('ru', 'statya-ot-redakcii')).status).toBe(404);
    expect((await request(t.app).get('/en/blog/staff-written-article-2/')).status).toBe(404);
    expect(await publicList('en')).not.toContain('staff-written-article-2');
    expect((await request(t.app).get('/sitemap-en.xml')).text).not.toContain('staff-written');
    // one language at a time
    await call('post', 'articles/staff-written/publish', { published: true, lang: 'ru' }).expect(
      200,
    );
    expect((await publicArticle('ru', 'statya-ot-redakcii')).status).toBe(200);
    expect((await publicArticle('en', 'staff-written-article-2')).status).toBe(404);
    expect(
      (await call('post', 'articles/staff-written/publish', { published: true, lang: 'tr' }))
        .status,
    ).toBe(404);

    const log = await call('get', 'audit?target=article:staff-written');
    expect(log.status).toBe(403); // seo has no audit log
    const admin = await staff('ROLE_ADMIN');
    const audit = await request(t.app)
      .get('/api/staff/audit')
      .query({ target: 'article:staff-written' })
      .set('Cookie', admin.cookie);
    expect(audit.body.data.items.map((row: { action: string }) => row.action).sort()).toEqual([
      'article.create',
      'article.publish',
      'article.publish',
      'article.unpublish',
      'article.update',
    ]);
    const update = audit.body.data.items.find(
      (row: { action: string }) => row.action === 'article.update',
    );
    expect(update).toMatchObject({
      staff: expect.objectContaining({ id: seo.user.id, role: 'seo' }),
      before: { translations: { en: { slug: 'staff-written-article' } } },
      after: { translations: { en: { slug: 'staff-written-article-2' } } },
    });
  });

  it('keeps a staff edit of a content article through the start-up seeding', async () => {
    const admin = await staff('ROLE_ADMIN');
    const edited = await request(t.app)
      .put('/api/staff/articles/youtube-views')
      .set('Cookie', admin.cookie)
      .send({
        translations: {
          en: {
            slug: 'youtube-views-by-staff',
            title: 'YouTube views, rewritten',
            description: 'Rewritten by staff.',
            body: 'Rewritten.',
          },
        },
      });
    expect(edited.status).toBe(200);
    // a restart writes the content folder again: the edited language stays as staff left it
    await t.services.articles.sync();
    const again = await request(t.app)
      .get('/api/staff/articles/youtube-views')
      .set('Cookie', admin.cookie);
    const byLang = Object.fromEntries(
      again.body.data.translations.map((tr: { lang: string }) => [tr.lang, tr]),
    );
    expect(byLang.en).toMatchObject({
      slug: 'youtube-views-by-staff',
      title: 'YouTube views, rewritten',
      body: 'Rewritten.',
      staff_edited_at: expect.any(String),
    });
    expect(byLang.ru.staff_edited_at).toBeNull();
    expect((await publicArticle('en', 'youtube-views-by-staff')).status).toBe(200);
    // an unpublished content article stays unpublished through the seeding
    await request(t.app)
      .post('/api/staff/articles/youtube-views/publish')
      .set('Cookie', admin.cookie)
      .send({ published: false, lang: 'ru' })
      .expect(200);
    await t.services.articles.sync();
    expect((await publicArticle('ru', byLang.ru.slug)).status).toBe(404);
  });

  it('edits the landings’ copy per language over the shipped texts, with audit rows', async () => {
    const seo = await staff('ROLE_SEO');
    const copy = (method: 'get' | 'put', body?: object) =>
      method === 'get'
        ? request(t.app)
            .get('/api/staff/landing-copy')
            .query({ lang: 'de' })
            .set('Cookie', seo.cookie)
        : request(t.app).put('/api/staff/landing-copy').set('Cookie', seo.cookie).send(body);
    const listed = await copy('get');
    expect(listed.status).toBe(200);
    const title = listed.body.data.items.find(
      (item: { key: string }) => item.key === 'landing.tiktok.title',
    );
    expect(title).toMatchObject({ text: null, updated_by: null });
    expect(title.default.length).toBeGreaterThan(0);
    const texts = () =>
      request(t.app).get('/api/landing-texts').query({ lang: 'de', platform: 'tiktok' });

    // the page rendered once before (its hero's markup is kept per text: no stale hero after)
    const heading = async () =>
      /<h1[^>]*>([^<]*)<\/h1>/.exec((await request(t.app).get('/de/tiktok/')).text)?.[1];
    expect(await heading()).toBe(title.default);
    expect(await heading()).toBe(title.default);
    // staff's own hero title: on the landing's page and in its texts at once
    const edited = await copy('put', {
      lang: 'de',
      key: 'landing.tiktok.title',
      text: '  TikTok wachsen lassen, heute noch  ',
    });
    expect(edited.status).toBe(200);
    expect(
      edited.body.data.items.find((item: { key: string }) => item.key === 'landing.tiktok.title'),
    ).toMatchObject({ text: 'TikTok wachsen lassen, heute noch', updated_by: seo.login });
    expect((await texts()).body.data.texts['landing.tiktok.title']).toBe(
      'TikTok wachsen lassen, heute noch',
    );
    expect(await heading()).toBe('TikTok wachsen lassen, heute noch');
    // other languages keep theirs
    expect(
      (await request(t.app).get('/api/landing-texts').query({ lang: 'en', platform: 'tiktok' }))
        .body.data.texts['landing.tiktok.title'],
    ).not.toContain('wachsen');

    // back to the shipped text
    const reset = await copy('put', { lang: 'de', key: 'landing.tiktok.title', text: null });
    expect(reset.status).toBe(200);
    expect((await texts()).body.data.texts['landing.tiktok.title']).toBe(title.default);
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', 'landing.copy')
      .orderBy('id')
      .execute();
    expect(audit.slice(-2).map((row) => [row.target, JSON.parse(row.after!).text])).toEqual([
      ['landing:de:landing.tiktok.title', 'TikTok wachsen lassen, heute noch'],
      ['landing:de:landing.tiktok.title', title.default],
    ]);

    // refused: unknown keys and languages, empty or multi-line texts, unknown fields
    const rows = await countRows(t.database.db, 'landing_copy');
    for (const body of [
      { lang: 'de', key: 'landing.myspace.title', text: 'x' },
      { lang: 'xx', key: 'landing.tiktok.title', text: 'x' },
      { lang: 'de', key: 'landing.tiktok.title', text: '   ' },
      { lang: 'de', key: 'landing.tiktok.title', text: 'two\nlines' },
      { lang: 'de', key: 'landing.tiktok.title', text: 'x'.repeat(2001) },
      { lang: 'de', key: 'landing.tiktok.title' },
      { lang: 'de', key: 'landing.tiktok.title', text: 'x', extra: 1 },
      { lang: 'de', key: 'landing.tiktok.title', text: 5 },
    ])
      expect([body, (await copy('put', body)).status]).toEqual([body, 400]);
    expect(await countRows(t.database.db, 'landing_copy')).toBe(rows);
    expect(
      (
        await request(t.app)
          .get('/api/staff/landing-copy')
          .query({ lang: 'xx' })
          .set('Cookie', seo.cookie)
      ).status,
    ).toBe(400);
    // not the manager's
    const manager = await staff('ROLE_MANAGER');
    expect(
      (
        await request(t.app)
          .put('/api/staff/landing-copy')
          .set('Cookie', manager.cookie)
          .send({ lang: 'de', key: 'landing.tiktok.title', text: 'x' })
      ).status,
    ).toBe(403);
  });

  it('refuses malformed bodies, changing nothing, and gives content to seo and admin only', async () => {
    const seo = await staff('ROLE_SEO');
    const rows = await countRows(t.database.db, 'articles');
    const audit = await countRows(t.database.db, 'staff_audit');
    const text = ARTICLE.translations.en;
    for (const [method, path, body] of [
      ['post', 'articles', {}],
      ['post', 'articles', { ...ARTICLE, key: 'Bad Key' }],
      ['post', 'articles', { ...ARTICLE, key: 'x1', translations: {} }],
      ['post', 'articles', { ...ARTICLE, key: 'x2', translations: { fr: text } }],
      [
        'post',
        'articles',
        { ...ARTICLE, key: 'x3', translations: { en: { ...text, slug: 'A B' } } },
      ],
      ['post', 'articles', { ...ARTICLE, key: 'x4', translations: { en: { ...text, title: '' } } }],
      [
        'post',
        'articles',
        { ...ARTICLE, key: 'x5', translations: { en: { ...text, title: 'a\nb' } } },
      ],
      ['post', 'articles', { ...ARTICLE, key: 'x6', translations: { en: { ...text, body: ' ' } } }],
      ['post', 'articles', { ...ARTICLE, key: 'x7', tags: ['cats'] }],
      ['post', 'articles', { ...ARTICLE, key: 'x8', extra: 1 }],
      [
        'post',
        'articles',
        { ...ARTICLE, key: 'x9', translations: { en: { ...text, body: 'x'.repeat(60_001) } } },
      ],
      ['put', 'articles/drip-feed', {}],
      ['put', 'articles/drip-feed', { translations: { en: { slug: 'x' } } }],
      ['put', 'articles/drip-feed', { service: 5 }],
      ['post', 'articles/drip-feed/publish', {}],
      ['post', 'articles/drip-feed/publish', { published: 'yes' }],
      ['post', 'articles/drip-feed/publish', { published: false, lang: 'fr' }],
      ['post', 'articles/preview', {}],
      ['post', 'articles/preview', { body: 5 }],
    ] as const) {
      const res = await request(t.app)
        [method](`/api/staff/${path}`)
        .set('Cookie', seo.cookie)
        .send(body);
      expect([path, body, res.status]).toEqual([path, body, 400]);
    }
    expect(
      (
        await request(t.app)
          .put('/api/staff/articles/no-such')
          .set('Cookie', seo.cookie)
          .send({ tags: [] })
      ).status,
    ).toBe(404);
    expect(
      (await request(t.app).get('/api/staff/articles/no-such').set('Cookie', seo.cookie)).status,
    ).toBe(404);
    expect(await countRows(t.database.db, 'articles')).toBe(rows);
    expect(await countRows(t.database.db, 'staff_audit')).toBe(audit);

    const calls: ['get' | 'post' | 'put', string, object?][] = [
      ['get', 'articles'],
      ['get', 'articles/drip-feed'],
      ['post', 'articles', { key: 'nope' }],
      ['put', 'articles/drip-feed', { tags: [] }],
      ['post', 'articles/drip-feed/publish', { published: true }],
      ['post', 'articles/preview', { body: 'x' }],
    ];
    for (const role of ['ROLE_MANAGER', 'ROLE_MODERATOR', 'ROLE_PROXY'] as const) {
      const member = await staff(role);
      for (const [method, path, body] of calls) {
        const res = await request(t.app)
          [method](`/api/staff/${path}`)
          .set('Cookie', member.cookie)
          .send(body ?? {});
        expect([role, path, res.status]).toEqual([role, path, 403]);
      }
    }
    const customer = await signUp(t.app);
    expect(
      (await request(t.app).get('/api/staff/articles').set('Cookie', customer.cookie)).status,
    ).toBe(403);
    expect((await request(t.app).get('/api/staff/articles')).status).toBe(403);
    const admin = await staff('ROLE_ADMIN');
    expect(
      (await request(t.app).get('/api/staff/articles').set('Cookie', admin.cookie)).status,
    ).toBe(200);
  });
});

describe('the page cache and staff writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    // the page cache on, as in production: anonymous pages are kept PAGE_CACHE_TTL_MS
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => t.database.close());

  it('shows a publish and an unpublish at once, not after the cached pages expire', async () => {
    const seo = await staffMember(t, 'ROLE_SEO');
    const call = (path: string, body: object) =>
      request(t.app).post(`/api/staff/${path}`).set('Cookie', seo.cookie).send(body);
    const blog = () => request(t.app).get('/en/blog/');
    const page = () => request(t.app).get('/en/blog/staff-written-article/');
    expect((await call('articles', ARTICLE)).status).toBe(201);
    // kept in the cache: the blog without the article, and its page as a 404
    expect((await blog()).text).not.toContain('A staff-written article');
    expect((await page()).status).toBe(404);
    expect((await call('articles/staff-written/publish', { published: true })).status).toBe(200);
    expect((await blog()).text).toContain('A staff-written article');
    expect((await page()).status).toBe(200);
    // a refused write leaves the cache alone; an unpublish empties it
    expect((await call('articles/staff-written/publish', {})).status).toBe(400);
    expect((await call('articles/staff-written/publish', { published: false })).status).toBe(200);
    expect((await page()).status).toBe(404);
    expect((await blog()).text).not.toContain('A staff-written article');
  });
});
