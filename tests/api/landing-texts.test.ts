import {
  landingTextsOf,
  loadLandingTexts,
} from '../../client/features/order-form/landing-texts.ts';
import { LANDING_MESSAGES } from '../../server/ssr/landing-messages.ts';
import { LOCALES } from '../../shared/locales.ts';
import { PLATFORMS } from '../../shared/platforms.ts';
import { SERVICE_PAGES, servicePagesOf } from '../../shared/service-pages.ts';

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
        for (const [key, text] of Object.entries(texts))
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
      expect(Object.values(texts).every((text) => text.length > 0)).toBe(true);
      expect(faq?.heading).toContain('{service}');
      expect(faq?.items).toHaveLength(4);
    }
  });

  it('loads the same texts in the browser as the server puts in the page', async () => {
    const page = { platform: 'tiktok' as const };
    expect(await loadLandingTexts('de', page)).toEqual(landingTextsOf(LANDING_MESSAGES.de, page));
  });
});
