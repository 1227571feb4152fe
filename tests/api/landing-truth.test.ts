import request from 'supertest';
import { pagePath } from '../../shared/routes.ts';
import { SERVICE_PAGES } from '../../shared/service-pages.ts';
import { createTestApp } from '../support/app.ts';

/**
 * Landings tell the truth per platform (issue 14): start times and the "when does it start"
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
