import request from 'supertest';
import { createTestApp, IP, UA } from '../support/app.ts';

/**
 * The footer is written from markup kept per language, region and day (StaticSubtree): every
 * page must be byte for byte the page React writes without it, or hydration would redo it.
 * The page cache is off, so the second answer is a fresh render that uses the kept footer.
 */
type App = Awaited<ReturnType<typeof createTestApp>>;

async function page(app: App, path: string, ip: string) {
  const res = await request(app)
    .get(path)
    .set('User-Agent', UA.desktop)
    .set('X-Forwarded-For', ip)
    .set('Accept-Language', 'en');
  return { status: res.status, html: res.text.replace(/nonce="[^"]*"/g, 'nonce=""') };
}

describe('kept subtrees', () => {
  it.each([
    ['/', IP.russia],
    ['/en/', IP.usa],
    ['/de/', IP.germany],
    ['/en/', IP.uk],
    ['/en/buy-instagram-likes/', IP.usa],
    ['/tr/', IP.germany],
    ['/en/blog/', IP.usa],
  ])(
    '%s from %s: the same page with the kept footer as with the rendered one',
    async (path, ip) => {
      // an app of its own: the first answer renders the footer, the second uses its markup
      const app = await createTestApp({ PAGE_CACHE_MAX_ENTRIES: '0', TRUST_PROXY: 'true' });
      const first = await page(app, path, ip);
      const second = await page(app, path, ip);
      expect(first.status).toBe(200);
      expect(first.html).toContain('<footer');
      expect(second.html).toBe(first.html);
    },
  );
});
