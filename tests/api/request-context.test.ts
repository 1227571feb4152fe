import request from 'supertest';
import { createTestApp, IP, signUp } from '../support/app.ts';

/**
 * The request context is decided once, before the API and the pages (server/http/
 * request-context.ts): an API call speaks the language of the page it came from, else of
 * the locale cookie, else of the user, else Russian; it may still name its own.
 */
describe('the request context of API calls', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', TRUST_PROXY: 'true' });
  });

  const TINY = '/api/user_services/tiny?platform=instagram&labels=VISIBLE';
  const nameIn = async (lang: string) =>
    (await request(app).get(`${TINY}&lang=${lang}`)).body.data[0].name as string;
  const nameOf = async (req: request.Test) => (await req).body.data[0].name as string;

  it('takes the language of the page the call came from, then the cookie, the user, ru', async () => {
    const [ru, de, es, tr] = await Promise.all(['ru', 'de', 'es', 'tr'].map(nameIn));
    expect(new Set([ru, de, es, tr]).size).toBe(4);

    expect(await nameOf(request(app).get(TINY))).toBe(ru);
    expect(await nameOf(request(app).get(TINY).set('Referer', 'https://shop.test/de/'))).toBe(de);
    // another site's page says nothing about ours
    expect(
      await nameOf(
        request(app)
          .get(TINY)
          .set('Referer', 'https://elsewhere.test/de/')
          .set('Cookie', 'locale=es'),
      ),
    ).toBe(es);
    const user = await signUp(app, { lang: 'tr' });
    expect(await nameOf(request(app).get(TINY).set('Authorization', `Bearer ${user.token}`))).toBe(
      tr,
    );
    expect(
      await nameOf(
        request(app)
          .get(TINY)
          .set('Authorization', `Bearer ${user.token}`)
          .set('Referer', 'https://shop.test/es/'),
      ),
    ).toBe(es);
    // a call that names its language gets it
    expect(
      await nameOf(request(app).get(`${TINY}&lang=de`).set('Referer', 'https://shop.test/es/')),
    ).toBe(de);
  });

  it('prices in the user’s own currency, else the asked one, else the visitor’s', async () => {
    const cost = (req: request.Test) => req.then((res) => res.body.data as [number, number]);
    const COST = '/api/prices/orderCost?tag=INSTAGRAM_LIKES&count=1000';
    const rub = await cost(request(app).get(`${COST}&cur=RUB`));
    const usd = await cost(request(app).get(`${COST}&cur=USD`));
    expect(rub).not.toEqual(usd);
    // a guest without a choice: RUB on a Russian page, USD on another language's
    expect(await cost(request(app).get(COST))).toEqual(rub);
    expect(await cost(request(app).get(COST).set('Referer', 'https://shop.test/en/'))).toEqual(usd);
    expect(await cost(request(app).get(COST).set('Cookie', 'cur=USD'))).toEqual(usd);
    const buyer = await signUp(app, { cur: 'RUB', lang: 'en' });
    expect(
      await cost(request(app).get(`${COST}&cur=USD`).set('Authorization', `Bearer ${buyer.token}`)),
    ).toEqual(rub);
  });

  it('places the caller by the address the proxy reports, for every call alike', async () => {
    const region = await request(app).get('/api/region').set('X-Forwarded-For', IP.germany);
    expect(region.body.data).toEqual({ country: 'DE', currency: 'EUR', region: 'EUROPE' });
    const methods = async (ip: string) =>
      (await request(app).get('/api/payment/methods?currency=RUB').set('X-Forwarded-For', ip)).body
        .data.methods.length as number;
    // the country filters of the methods follow the same country
    expect(await methods(IP.russia)).toBeGreaterThan(0);
    expect(await methods(IP.russia)).not.toBe(await methods(IP.usa));
  });
});
