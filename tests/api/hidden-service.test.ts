import request from 'supertest';
import { LOCALES } from '#shared/locales.ts';
import { pagePath } from '#shared/routes.ts';
import { createTestAppWith, type TestApp } from '../support/app.ts';
import { staffMember } from '../support/staff.ts';

/**
 * What staff hide, buyers stop seeing at once: a service page whose service is hidden answers
 * 404 in every language with the platform's other services offered (never a form selling
 * another service under its title), and it leaves the sitemap, the landings, the header and
 * the footer; shown again, it is back.
 */
describe('a hidden service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => t.database.close());

  const likes = (lang: (typeof LOCALES)[number]) => pagePath('service:tiktok-likes', lang);
  const setVisible = async (visible: boolean) => {
    const admin = await staffMember(t, 'ROLE_ADMIN');
    const res = await request(t.app)
      .patch('/api/staff/catalogue/services/TIKTOK_LIKES')
      .set('Cookie', admin.cookie)
      .send({ visible });
    expect(res.status).toBe(200);
  };

  it('answers 404 in every language, offers the platform’s other services, and is linked nowhere', async () => {
    expect((await request(t.app).get(likes('ru'))).status).toBe(200);
    expect((await request(t.app).get('/tiktok/')).text).toContain(`href="${likes('ru')}"`);
    await setVisible(false);

    for (const lang of LOCALES) {
      const page = await request(t.app).get(likes(lang));
      expect([lang, page.status]).toEqual([lang, 404]);
      // no order form sells another service under the hidden one's address
      expect(page.text).not.toContain('data-testid="order-form"');
      expect(page.text).toContain('data-testid="service-not-sold"');
      expect(page.text).toContain(`href="${pagePath('service:tiktok-followers', lang)}"`);
      expect(page.text).not.toContain(`href="${likes(lang)}"`);
    }
    const ru = (await request(t.app).get(likes('ru'))).text;
    expect(ru).toContain('Эта услуга сейчас недоступна');
    // the landing, the header and the footer of any page no longer link to it
    for (const path of ['/tiktok/', '/', '/en/buy-tiktok-followers/']) {
      const html = (await request(t.app).get(path).expect(200)).text;
      expect([path, html.includes(likes('ru')) || html.includes(likes('en'))]).toEqual([
        path,
        false,
      ]);
    }
    for (const lang of ['ru', 'en', 'de'] as const) {
      const sitemap = (await request(t.app).get(`/sitemap-${lang}.xml`).expect(200)).text;
      expect(sitemap).not.toContain(likes(lang));
      expect(sitemap).toContain(pagePath('service:tiktok-followers', lang));
    }

    await setVisible(true);
    expect((await request(t.app).get(likes('en'))).status).toBe(200);
    expect((await request(t.app).get('/sitemap-en.xml')).text).toContain(likes('en'));
  });
});
