import english from '#locales/landing/en.json' with { type: 'json' };
import { DELIVERY_CAPS } from '#shared/platforms.ts';
import { speedOf } from '#shared/service-facts.ts';
import { SERVICE_PAGES } from '#shared/service-pages.ts';

/**
 * the cabinet's speed beside its order form, the landings' caps and the service
 * pages' copy tell one set of figures, docs/product.md §13's per-day caps.
 */
describe('service speeds', () => {
  it('are docs/product.md §13’s caps', () => {
    expect(speedOf('instagram', 'followers')).toMatchObject({ max: 3_000, per: 'day' });
    expect(speedOf('instagram', 'views')).toMatchObject({ max: 500_000, per: 'day' });
    expect(speedOf('instagram', 'story-views')).toMatchObject({ max: 10_000, per: 'day' });
    expect(speedOf('youtube', 'followers')).toMatchObject({ max: 300, per: 'day' });
    expect(speedOf('youtube', 'views')).toMatchObject({ max: 5_000, per: 'day' });
    expect(speedOf('tiktok', 'likes')).toMatchObject({ min: 120, max: 200, per: 'hour' });
    expect(speedOf('vk', 'comments')).toMatchObject({ max: 200, per: 'day' });
    // docs/product.md §13 states none for Threads: the cabinet then says nothing of speed
    expect(speedOf('threads', 'likes')).toBeNull();
  });

  it('agree with every service page’s own words ("up to N a day")', () => {
    const messages = english as Record<string, string>;
    let checked = 0;
    for (const page of SERVICE_PAGES) {
      const stated = /up to ([\d,]+) a day/.exec(messages[`service.${page.id}.short`] ?? '');
      if (!stated) continue;
      checked += 1;
      const max = Number(stated[1]!.replaceAll(',', ''));
      expect([page.id, speedOf(page.platform, page.kind)]).toEqual([
        page.id,
        expect.objectContaining({ max, per: 'day' }),
      ]);
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('tie every cap the landings state to the services it is about', () => {
    for (const [platform, caps] of Object.entries(DELIVERY_CAPS))
      for (const cap of caps) {
        const about = SERVICE_PAGES.filter(
          (page) => page.platform === platform && speedOf(platform, page.kind) === cap,
        );
        expect([platform, cap.key, about.length > 0]).toEqual([platform, cap.key, true]);
      }
  });
});
