import { IntlMessageFormat } from 'intl-messageformat';
import request from 'supertest';
import { LOCALES, type Locale } from '#shared/locales.ts';
import { LAUNCH_TIMES } from '#shared/platforms.ts';
import { pagePath } from '#shared/routes.ts';
import { SERVICE_PAGES, servicePagesOf } from '#shared/service-pages.ts';
import { createTestApp } from '../support/app.ts';

/**
 * Landings tell the truth per platform: start times and the "when does it start"
 * answer name only the platform's own services, and no question is asked twice on a page.
 */
const app = await createTestApp();
const summaries = (html: string) =>
  [...html.matchAll(/<summary>([^<]*)<\/summary>/g)].map((match) => match[1]!);
const launch = (html: string) => /id="launch"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';

describe('landings per platform', () => {
  it('show a TikTok page no YouTube start time, and YouTube its 24 hours', async () => {
    const tiktok = (await request(app).get('/en/tiktok/').expect(200)).text;
    expect(launch(tiktok)).toContain('Shares');
    expect(launch(tiktok)).not.toMatch(/YouTube|within 24 hours|Story views/);
    expect(tiktok).not.toContain('YouTube orders within 24 hours');
    const youtube = (await request(app).get('/en/youtube/').expect(200)).text;
    expect(launch(youtube)).toContain('within 24 hours');
    expect(launch(youtube)).not.toContain('minutes');
    expect(youtube).toContain('YouTube orders start within 24 hours');
  });

  it.each(SERVICE_PAGES.map((page) => [page.id] as const))(
    'ask no question twice on %s',
    async (id) => {
      const html = (
        await request(app)
          .get(pagePath(`service:${id}`, 'en'))
          .expect(200)
      ).text;
      const questions = summaries(html);
      expect(questions.length).toBeGreaterThan(3);
      expect(new Set(questions).size).toBe(questions.length);
    },
  );
});

/** Each language's messages (the launch times' words). */
const messages = Object.fromEntries(
  await Promise.all(
    LOCALES.map(async (locale) => [
      locale,
      (await import(`../../locales/${locale}.json`, { with: { type: 'json' } })).default,
    ]),
  ),
) as Record<Locale, Record<string, string>>;

/**
 * One start time per platform: a YouTube page (its landing and its service pages, in every
 * language) says YouTube's 24 hours wherever it speaks of the start (the hero's badge, the
 * fast start card, the launch times, the service's own questions and the general ones) and
 * never another platform's minutes beside it; another platform's page does not name the 24
 * hours either.
 */
describe('YouTube pages', () => {
  const youtube = LAUNCH_TIMES.find((item) => item.platforms.includes('youtube'))!;
  /** "within 24 hours" in the language's words */
  const withinHours = (locale: Locale) =>
    String(
      new IntlMessageFormat(messages[locale]['launch.withinHours']!, locale).format({
        hours: youtube.to,
      }),
    );
  // the other start times, as the copy writes their ranges ("5–30"; not the 20–30 of a rule)
  const minutes = LAUNCH_TIMES.filter((item) => item !== youtube).map(
    (item) => new RegExp(`(?<![\\d.,])${item.from}\\s*[–-]\\s*${item.to}(?!\\d)`),
  );
  const text = (html: string) =>
    html
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');

  it.each(LOCALES)('say only YouTube’s start time (%s)', async (locale) => {
    const pages = [
      pagePath('youtube', locale),
      ...servicePagesOf('youtube').map((page) => pagePath(`service:${page.id}`, locale)),
    ];
    for (const path of pages) {
      const html = (await request(app).get(path).expect(200)).text;
      const shown = text(html);
      // the badge, the card, the launch times, the service's first question, the general one
      const said = shown.split(withinHours(locale)).length - 1;
      expect([path, said >= (path === pages[0] ? 3 : 2)]).toEqual([path, true]);
      for (const range of minutes) expect([path, range.exec(html)?.[0]]).toEqual([path, undefined]);
    }
  });

  it.each(LOCALES)('are the only ones that say it (%s)', async (locale) => {
    for (const path of [
      pagePath('home', locale),
      pagePath('service:instagram-likes', locale),
      pagePath('service:tiktok-followers', locale),
      pagePath('service:telegram-views', locale),
    ]) {
      const html = (await request(app).get(path).expect(200)).text;
      expect([path, html.includes(withinHours(locale))]).toEqual([path, false]);
    }
  });
});
