import request from 'supertest';
import { LANDING_MESSAGES } from '#server/modules/content/landing-messages.ts';
import { landingTextsOf } from '#shared/landing-texts.ts';
import { LOCALES } from '#shared/locales.ts';
import { PLATFORMS } from '#shared/platforms.ts';
import { SERVICE_PAGES, servicePagesOf } from '#shared/service-pages.ts';
import { createTestAppWith } from '../support/app.ts';

/**
 * A landing carries its own texts in its loader data, not every platform's and service's
 * (locales/landing/): each page's are all there, in every language, and no other page's.
 */
describe('landing texts', () => {
  it.each(LOCALES)(
    'gives a platform landing its hero, meta and services’ lines only (%s)',
    (locale) => {
      for (const platform of PLATFORMS) {
        const { texts, faq } = landingTextsOf(LANDING_MESSAGES[locale], { platform });
        expect(Object.keys(texts).sort()).toEqual(
          [
            ...['title', 'lead', 'metaTitle', 'metaDescription'].map(
              (text) => `landing.${platform}.${text}`,
            ),
            ...servicePagesOf(platform).map((page) => `service.${page.id}.short`),
          ].sort(),
        );
        for (const [key, text] of Object.entries(texts) as [string, string][])
          expect([key, text.length > 0]).toEqual([key, true]);
        expect(faq).toBeUndefined();
      }
    },
  );

  it.each(LOCALES)('gives a service page its title, line and four questions (%s)', (locale) => {
    for (const page of SERVICE_PAGES) {
      const { texts, faq } = landingTextsOf(LANDING_MESSAGES[locale], {
        platform: page.platform,
        service: { id: page.id, kind: page.kind },
      });
      expect(Object.keys(texts).sort()).toEqual([
        `service.${page.id}.short`,
        `service.${page.id}.title`,
      ]);
      expect(Object.values(texts).every((text) => (text as string).length > 0)).toBe(true);
      expect(faq?.heading).toContain('{service}');
      expect(faq?.items).toHaveLength(4);
    }
  });

  it('answers a client navigation with the texts the server puts in the page', async () => {
    const t = await createTestAppWith({});
    try {
      const get = (query: Record<string, string>) =>
        request(t.app).get('/api/landing-texts').query(query);
      const tiktok = await get({ lang: 'de', platform: 'tiktok' });
      expect(tiktok.status).toBe(200);
      expect(tiktok.body.data).toEqual(landingTextsOf(LANDING_MESSAGES.de, { platform: 'tiktok' }));
      const page = SERVICE_PAGES.find((entry) => entry.id === 'vk-friends')!;
      const friends = await get({ lang: 'tr', platform: 'vk', service: 'vk-friends' });
      expect(friends.body.data).toEqual(
        landingTextsOf(LANDING_MESSAGES.tr, {
          platform: 'vk',
          service: { id: page.id, kind: page.kind },
        }),
      );
      // the page's own loader data has the same texts
      const html = (await request(t.app).get(`/tr/${page.slugs.tr}/`)).text;
      expect(html).toContain(friends.body.data.texts['service.vk-friends.title']);
      const bad: Record<string, string>[] = [
        { lang: 'xx', platform: 'vk' },
        { lang: 'en', platform: 'myspace' },
        { lang: 'en' },
        { lang: 'en', platform: 'vk', extra: '1' },
        { lang: 'en', platform: 'vk', service: 'Bad Id' },
      ];
      for (const query of bad) expect([query, (await get(query)).status]).toEqual([query, 400]);
      // a service of another platform is not this platform's page
      expect((await get({ lang: 'en', platform: 'vk', service: 'tiktok-likes' })).status).toBe(404);
    } finally {
      await t.database.close();
    }
  });
});
