import request from 'supertest';
import { loadConfig, parseMetaRules } from '#server/config.ts';
import { createTestApp, IP, UA } from '../support/app.ts';

/** Pages with the order form: rendered with the catalogue in process, the meta restriction. */

const stateOf = (html: string) => {
  const json = /<script type="application\/json" id="__state"[^>]*>(.*?)<\/script>/s.exec(
    html,
  )?.[1];
  return JSON.parse(json!) as {
    router: {
      loaderData: Record<
        string,
        { platform: string; services: { tag: string }[]; informers: Record<string, unknown> }
      >;
    };
  };
};

describe('the order form on landings', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });

  it('renders a service page with its service preselected and its price in the visitor currency', async () => {
    const res = await request(app).get('/en/buy-tiktok-followers/').set('User-Agent', UA.desktop);
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="order-form"');
    // the followers chip is pressed and the 1 000 preset priced in dollars: $9.99
    expect(res.text).toMatch(/aria-pressed="true"[^>]*>Followers</);
    expect(res.text).toContain('data-testid="order-cost">$9.99<');
    const data = stateOf(res.text).router.loaderData['en:service:tiktok-followers']!;
    expect(data.platform).toBe('tiktok');
    expect(data.services.map((service) => service.tag)).toContain('TIKTOK_FOLLOWERS');
    // only the visitor's currency travels with the page
    expect(Object.keys(data.informers)).toEqual(['USD']);
  });

  it('prices in roubles for a ru visitor and in the chosen currency', async () => {
    const ru = await request(app).get('/uslugi/lajki-v-instagram/').set('User-Agent', UA.desktop);
    expect(ru.text).toMatch(/data-testid="order-cost">185\s₽</);
    const eur = await request(app)
      .get('/en/buy-instagram-likes/')
      .set('User-Agent', UA.desktop)
      .set('Cookie', 'cur=EUR');
    expect(eur.text).toContain('data-testid="order-cost">€6.99<');
  });

  it('lists a platform page services with their lowest price', async () => {
    const res = await request(app).get('/en/youtube/').set('User-Agent', UA.desktop);
    expect(res.status).toBe(200);
    // YouTube likes: the likes prices × 2, from 100 likes at $0.99 × 2
    expect(res.text).toContain('from $1.98');
    expect(stateOf(res.text).router.loaderData['en:youtube']!.platform).toBe('youtube');
  });
});

describe('the meta-platform restriction (docs/product.md §2)', () => {
  it('parses META_RULES and refuses a malformed one', () => {
    expect(parseMetaRules('example.ru:RU,BY;shop.test:*')).toEqual([
      { domain: 'example.ru', countries: ['RU', 'BY'] },
      { domain: 'shop.test', countries: ['*'] },
    ]);
    expect(parseMetaRules('example.ru')).toBeUndefined();
    expect(() => loadConfig({ META_RULES: 'example.ru:russia' })).toThrow(/META_RULES/);
  });

  describe('on a restricted domain', () => {
    let app: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      app = await createTestApp({ META_RULES: 'meta.test:RU', TRUST_PROXY: 'true' });
    });
    const get = (path: string, ip: string, host = 'meta.test') =>
      request(app)
        .get(path)
        .set('Host', host)
        .set('X-Forwarded-For', ip)
        .set('User-Agent', UA.desktop);

    it('sends Instagram and Threads pages to /404 for the listed countries', async () => {
      for (const [path, target] of [
        ['/en/buy-instagram-likes/', '/en/404/'],
        ['/uslugi/lajki-v-instagram/', '/404/'],
        ['/threads/', '/404/'],
        ['/de/kaufen-threads-likes/', '/de/404/'],
      ]) {
        const res = await get(path!, IP.russia);
        expect(res.status).toBe(302);
        expect(res.headers.location).toBe(target);
      }
      const missing = await get('/en/404/', IP.russia);
      expect(missing.status).toBe(404);
    });

    it('swaps home to VK and keeps other platforms', async () => {
      const home = await get('/en/', IP.russia);
      expect(home.status).toBe(200);
      expect(stateOf(home.text).router.loaderData['en:home']!.platform).toBe('vk');
      expect(home.text).toContain('data-platform="vk"');
      // no Instagram or Threads anywhere: not in the form, the header or the footer
      expect(home.text).not.toContain('data-platform="instagram"');
      expect(home.text).not.toContain('/en/buy-instagram-likes/');
      expect(home.text).not.toContain('href="/en/threads/"');
      expect((await get('/en/tiktok/', IP.russia)).status).toBe(200);
    });

    it('leaves other countries and other domains alone', async () => {
      expect((await get('/en/buy-instagram-likes/', IP.usa)).status).toBe(200);
      expect((await get('/en/buy-instagram-likes/', IP.russia, 'other.test')).status).toBe(200);
      const home = await get('/en/', IP.usa);
      expect(stateOf(home.text).router.loaderData['en:home']!.platform).toBe('instagram');
    });
  });
});
