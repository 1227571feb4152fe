import request from 'supertest';
import { createTestApp, IP, UA } from '../support/app.ts';

const app = await createTestApp({ TRUST_PROXY: 'true' });
const get = (path: string) => request(app).get(path).set('User-Agent', UA.desktop);

describe('trailing slash (docs/product.md §2)', () => {
  it('301s a page path without its slash, keeping the query', async () => {
    const res = await get('/en/buy-instagram-likes?ref=abc&x=1');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/en/buy-instagram-likes/?ref=abc&x=1');
    expect((await get('/cp/payment/history')).headers.location).toBe('/cp/payment/history/');
  });

  it('never turns a path into a redirect to another host', async () => {
    // each is sent to the path on this host, with one leading slash
    for (const [path, location] of [
      ['//evil.example', '/evil.example'],
      ['/\\evil.example', '/evil.example'],
      ['///evil.example/x', '/evil.example/x'],
    ]) {
      const res = await get(path!);
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe(location);
      expect(res.headers.location).toMatch(/^\/[^/\\]/);
    }
  });

  it('leaves API, asset and health paths alone', async () => {
    expect((await get('/api/anything')).status).toBe(404);
    expect((await get('/healthz')).status).toBe(200);
  });
});

describe('not found (docs/product.md §2, §12)', () => {
  it('answers an unknown path with 404 and the docs/product.md texts', async () => {
    const res = await get('/en/no-such-page/');
    expect(res.status).toBe(404);
    expect(res.text).toContain('Page not found');
    expect(res.text).toContain(
      'We cannot find the page you requested. It may not be registered yet or does not exist.',
    );
    expect(res.text).toContain('Go back to the main page');
    expect(res.text).toContain('<title>This page could not be found | Boostly</title>');
    expect(res.text).toContain('<html lang="en"');
  });

  it('answers unknown Russian paths in Russian', async () => {
    const res = await get('/no-such-page/');
    expect(res.status).toBe(404);
    expect(res.text).toContain('<html lang="ru"');
  });

  it('answers a legal page with a region outside the list with 404', async () => {
    expect((await get('/en/refund-policy/world/')).status).toBe(200);
    expect((await get('/en/refund-policy/usa/')).status).toBe(404);
    expect((await get('/private-policy/RU/')).status).toBe(404);
    expect((await get('/de/public-agreement/ru-en/')).status).toBe(200);
  });
});

describe('language at the root (docs/product.md §15 Language)', () => {
  it('stays on ru with no cookie and no browser language', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="ru"');
  });

  it('redirects by the locale cookie, keeping the query', async () => {
    const res = await get('/?ref=X1').set('Cookie', 'locale=de').set('Accept-Language', 'en');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/de/?ref=X1');
  });

  it('redirects by Accept-Language when there is no cookie', async () => {
    const res = await get('/').set('Accept-Language', 'es-ES,es;q=0.9,en;q=0.8');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/es/');
    expect(res.headers.vary).toMatch(/Accept-Language/);
  });

  it('keeps a bot and ?fwd=0 on ru', async () => {
    const bot = await request(app)
      .get('/')
      .set('User-Agent', UA.googlebot)
      .set('Accept-Language', 'en')
      .set('Cookie', 'locale=en');
    expect(bot.status).toBe(200);
    expect(bot.text).toContain('<html lang="ru"');
    const fwd = await get('/?fwd=0').set('Accept-Language', 'en').set('Cookie', 'locale=en');
    expect(fwd.status).toBe(200);
    expect(fwd.text).toContain('<html lang="ru"');
  });

  it('redirects only the root', async () => {
    const res = await get('/uslugi/lajki-v-instagram/')
      .set('Cookie', 'locale=en')
      .set('Accept-Language', 'en');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="ru"');
  });

  it('sets the ru cookie for a CIS visitor, who then stays on ru', async () => {
    const res = await get('/').set('X-Forwarded-For', IP.russia).set('Accept-Language', 'en');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="ru"');
    const cookie = res.headers['set-cookie']?.toString() ?? '';
    expect(cookie).toMatch(/locale=ru;/);
    expect(cookie).toMatch(/Max-Age=31536000/);
  });

  it('does not set the cookie for a CIS crawler or a visitor elsewhere', async () => {
    const bot = await request(app)
      .get('/')
      .set('User-Agent', UA.yandexbot)
      .set('X-Forwarded-For', IP.russia);
    expect(bot.headers['set-cookie']).toBeUndefined();
    const german = await get('/').set('X-Forwarded-For', IP.germany).set('Accept-Language', 'de');
    expect(german.headers['set-cookie']).toBeUndefined();
    expect(german.headers.location).toBe('/de/');
  });

  it('reads the country from X-Forwarded-For only when proxies are trusted', async () => {
    const untrusting = await createTestApp();
    const res = await request(untrusting)
      .get('/en/')
      .set('User-Agent', UA.desktop)
      .set('X-Forwarded-For', IP.russia);
    expect(res.text).toContain('"country":"UNKNOWN"');
    const trusted = await get('/en/').set('X-Forwarded-For', IP.germany);
    expect(trusted.text).toContain('"country":"DE"');
    expect(trusted.text).toContain('"region":"EUROPE"');
    expect(trusted.text).toContain('"isGdpr":true');
  });
});

describe('one path for the whole app', () => {
  it('collapses runs of slashes and backslashes before any redirect or render reads the path', async () => {
    const app = await createTestApp();
    for (const [path, to] of [
      ['//x/cp/', '/x/cp/'],
      ['//cp/', '/cp/'],
      ['/en//cp/', '/en/cp/'],
      ['/\\evil.example/cp/', '/evil.example/cp/'],
      ['///en/cp/?a=1', '/en/cp/?a=1'],
    ]) {
      const res = await request(app).get(path!).redirects(0);
      expect([path, res.status, res.headers.location]).toEqual([path, 301, to]);
    }
    // and there, a guest is sent to log in as on any cabinet path
    const cabinet = await request(app).get('/cp/').redirects(0);
    expect(cabinet.status).toBe(302);
    const write = await request(app).post('//api/c_orders/main').send({});
    expect(write.status).toBe(400);
  });
});
