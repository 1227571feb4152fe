import request from 'supertest';
import { createTestAppWith, signUp, type TestApp } from '../support/app.ts';

/** the sandbox's hosted checkout speaks the payer's language and fits a phone. */
describe('the sandbox checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith({});
  });
  afterAll(() => t.database.close());

  const checkoutOf = async (returnPath: string) => {
    const res = await request(t.app).post('/api/c_orders/main').send({
      tag: 'INSTAGRAM_LIKES',
      link: 'https://www.instagram.com/p/C8xYz12AbCd/',
      quantity: 1000,
      currency: 'USD',
      method: 7,
      email: 'checkout@example.com',
      agreement: true,
      return_path: returnPath,
    });
    expect(res.status).toBe(201);
    return request(t.app).get(new URL(res.body.data.redirect).pathname);
  };

  it.each([
    [
      '/de/kaufen-likes-in-instagram/',
      'de',
      'Test-Kasse',
      ['Bezahlen', 'Ablehnen', 'Offen lassen'],
    ],
    ['/', 'ru', 'Тестовая оплата', ['Оплатить', 'Отклонить', 'Оставить в ожидании']],
    ['/en/buy-instagram-likes/', 'en', 'Sandbox checkout', ['Pay', 'Decline', 'Leave pending']],
  ])('from %s speaks %s', async (returnPath, lang, title, buttons) => {
    const page = await checkoutOf(returnPath);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<html lang="${lang}">`);
    expect(page.text).toContain(`<h1>${title}</h1>`);
    const shown = [...page.text.matchAll(/<button name="outcome" value="\w+">([^<]+)<\/button>/g)];
    expect(shown.map((match) => match[1])).toEqual(buttons);
    expect(page.text).toContain('6.99 USD');
  });

  it('names a top-up in the language of the page it came from', async () => {
    const account = await signUp(t.app, { lang: 'de' });
    const res = await request(t.app)
      .post('/api/deposit')
      .set('Authorization', `Bearer ${account.token}`)
      .send({ amount: 2000, method: 7, agreement: true, return_path: '/de/cp/payment/' });
    expect(res.status).toBe(201);
    const page = await request(t.app).get(new URL(res.body.data.redirect).pathname);
    expect(page.text).toContain('<p>Guthaben aufladen</p>');
  });
});
