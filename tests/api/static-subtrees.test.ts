import request from 'supertest';
import { keptSubtreeLookups } from '#server/lib/metrics.ts';
import { createTestApp, IP, UA } from '../support/app.ts';

/**
 * The footer, the header's platform menus and the landings' hero text and sections below the
 * hero are written from markup kept per key (KeptSubtree): every page must be byte for byte
 * the page React writes without it, or hydration would redo it. The page cache is off, so the
 * second answer is a fresh render that uses the kept markup (the lookups metric says it did).
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

async function lookups(): Promise<{ hit: number; miss: number }> {
  const { values } = await keptSubtreeLookups.get();
  const of = (result: string) => values.find((value) => value.labels.result === result)?.value ?? 0;
  return { hit: of('hit'), miss: of('miss') };
}

describe('kept subtrees', () => {
  // the contents' code is loaded as the server starts: its first page waits for none
  it('the process’s first page of a kind is whole, kept contents and all', async () => {
    for (const path of ['/en/', '/en/buy-instagram-likes/']) {
      const first = await page(await createTestApp({ PAGE_CACHE_MAX_ENTRIES: '0' }), path, IP.usa);
      expect(first.status).toBe(200);
      expect(first.html).not.toContain('<template id="B:');
      expect(first.html).toMatch(/<footer class="[^"]*" data-kept="footer\.[0-9a-z]+">/);
    }
  });

  it.each([
    ['/', IP.russia, 4],
    ['/en/', IP.usa, 4],
    ['/de/', IP.germany, 4],
    ['/en/', IP.uk, 4],
    ['/en/buy-instagram-likes/', IP.usa, 4],
    ['/en/buy-tiktok-views/', IP.germany, 4],
    ['/tr/', IP.germany, 4],
    ['/en/blog/', IP.usa, 2],
  ])(
    '%s from %s: the same page with the kept subtrees (%i) as with rendered ones',
    async (path, ip, subtrees) => {
      // an app of its own: the first answer renders the subtrees, the second uses their markup
      const app = await createTestApp({ PAGE_CACHE_MAX_ENTRIES: '0', TRUST_PROXY: 'true' });
      const before = await lookups();
      const first = await page(app, path, ip);
      const between = await lookups();
      const second = await page(app, path, ip);
      const after = await lookups();
      expect(first.status).toBe(200);
      expect(first.html).toContain('<footer');
      expect(between.miss - before.miss).toBe(subtrees);
      expect(after.hit - between.hit).toBe(subtrees);
      expect(after.miss).toBe(between.miss);
      expect(second.html).toBe(first.html);
    },
  );
});
