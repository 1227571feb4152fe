import request from 'supertest';
import { LOCALES } from '#shared/locales.ts';
import { PAGES, pagePath } from '#shared/routes.ts';
import { createTestAppWith, signUp, type TestApp, UA } from '../support/app.ts';

/**
 * The staff console's pages: the site's 404 for guests and customers, the console's
 * frame for staff, never indexed, never in the sitemap, disallowed in robots.txt.
 */
const STAFF_PAGES = PAGES.filter((page) => page.access === 'staff');
const paths = STAFF_PAGES.flatMap((page) =>
  LOCALES.map((locale) =>
    pagePath(page.id, locale, { id: '42', tag: 'IG_LIKES', provider: 'simulator', key: 'guide' }),
  ),
);

let t: TestApp;
let customer = '';
let admin = '';
beforeAll(async () => {
  t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  customer = (await signUp(t.app)).cookie;
  const staff = await signUp(t.app);
  await t.database.db
    .updateTable('users')
    .set({ roles: JSON.stringify(['ROLE_ADMIN']) })
    .where('id', '=', staff.user.id)
    .execute();
  admin = staff.cookie;
});
afterAll(() => t.database.close());

const page = (path: string, cookie = '') =>
  request(t.app).get(path).set('User-Agent', UA.desktop).set('Cookie', cookie);

describe('the staff console pages', () => {
  it('has its pages under every locale prefix', () => {
    expect(STAFF_PAGES.map((def) => def.id)).toEqual([
      'staff',
      'staff-orders',
      'staff-order',
      'staff-users',
      'staff-user',
      'staff-adjustments',
      'staff-audit',
      'staff-services',
      'staff-service',
      'staff-price',
      'staff-providers',
      'staff-import',
      'staff-payments',
      'staff-payment',
      'staff-withdrawals',
      'staff-articles',
      'staff-article',
      'staff-landing-copy',
    ]);
    expect(pagePath('staff-landing-copy', 'de')).toBe('/de/staff/landing-copy/');
    expect(pagePath('staff-import', 'en', { provider: 'simulator' })).toBe(
      '/en/staff/providers/simulator/import/',
    );
    expect(pagePath('staff-order', 'ru', { id: '7' })).toBe('/staff/orders/7/');
    expect(pagePath('staff-user', 'en', { id: '7' })).toBe('/en/staff/users/7/');
  });

  it.each(paths)('%s is the 404 page for a guest and a customer', async (path) => {
    for (const cookie of ['', customer]) {
      const res = await page(path, cookie);
      expect(res.status).toBe(404);
      expect(res.text).toMatch(/<h1[^>]*>/);
      expect(res.text).not.toContain('data-testid="staff-');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
  });

  it.each(paths)('%s opens the console frame for staff, noindex,nofollow', async (path) => {
    const res = await page(path, admin);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<meta name="robots" content="noindex,nofollow"/>');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('answers 404 to an id that is not a number, staff or not', async () => {
    expect((await page('/staff/orders/abc/', admin)).status).toBe(404);
    expect((await page('/en/staff/users/0/', admin)).status).toBe(404);
  });

  it('shows the console in English to languages without its texts', async () => {
    const res = await page('/de/staff/orders/', admin);
    expect(res.text).toContain('<html lang="de"');
    expect(res.text).toContain('Back to the site');
    const ru = await page('/staff/orders/', admin);
    expect(ru.text).toContain('Вернуться на сайт');
  });

  it('keeps crawlers out: robots.txt disallows /staff/ in every locale, no sitemap lists it', async () => {
    const robots = await request(t.app).get('/robots.txt');
    expect(robots.text).toContain('Disallow: /staff/\n');
    expect(robots.text).toContain('Disallow: /*/staff/\n');
    for (const locale of LOCALES) {
      const sitemap = await request(t.app).get(`/sitemap-${locale}.xml`);
      expect(sitemap.status).toBe(200);
      expect(sitemap.text).not.toContain('/staff/');
    }
  });
});
