import request from 'supertest';
import { countRows, createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';
import { reseller } from '../support/reseller.ts';

/**
 * a NUL (or another control character) in any string a request carries was a 500
 * on PostgreSQL ("invalid byte sequence"). One gate refuses it for the path, the query and
 * every parsed body with a 400, before any route reads it, so nothing is written.
 */
const NUL = '\u0000';
const REFUSED = 'The request contains control characters';

describe.each(ENGINES)('control characters on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { engine });
  });
  afterAll(() => t.database.close());

  const count = (table: 'users' | 'orders' | 'withdrawals' | 'webhook_endpoints') =>
    countRows(t.database.db, table);

  it('refuses them in bodies with a 400 and writes nothing', async () => {
    const user = await signUp(t.app, { cur: 'USD', lang: 'en' });
    const auth = `Bearer ${user.token}`;
    const before = await Promise.all(
      (['users', 'orders', 'withdrawals', 'webhook_endpoints'] as const).map(count),
    );
    const calls: [string, string, object][] = [
      ['post', '/api/register', { email: `a${NUL}@example.com`, login: 'nul', password: 'x' }],
      ['post', '/api/login/local', { login: `x${NUL}`, password: 'y' }],
      [
        'post',
        '/api/c_orders/main',
        {
          tag: 'INSTAGRAM_LIKES',
          link: `https://www.instagram.com/p/C8xYz12AbCd/${NUL}`,
          quantity: 100,
          method: 'card',
          currency: 'USD',
          email: 'guest@example.com',
        },
      ],
      ['patch', '/api/user', { name: `Ann${NUL}` }],
      ['post', '/api/user/withdrawals', { amount: 100, method: `card${NUL}`, details: 'x' }],
      ['put', '/api/user/webhook', { url: `https://hooks.example.com/${NUL}` }],
      ['post', '/api/reset', { email: `${NUL}` }],
      // a key, too
      ['patch', '/api/user', { [`na${NUL}me`]: 'Ann' }],
      // other controls than tab and line breaks
      ['patch', '/api/user', { name: 'Ann\u0007' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await (request(t.app) as unknown as Record<string, (p: string) => request.Test>)[
        method
      ]!(path)
        .set('Authorization', auth)
        .send(body);
      expect([path, res.status, res.body.message]).toEqual([path, 400, REFUSED]);
    }
    const after = await Promise.all(
      (['users', 'orders', 'withdrawals', 'webhook_endpoints'] as const).map(count),
    );
    expect(after).toEqual(before);
  });

  it('refuses them in paths and queries, API and pages alike', async () => {
    for (const path of [
      '/api/c_orders/%00abc',
      '/api/payment/%00',
      '/api/articles/%00',
      '/api/articles?topic=%00',
      '/api/user_services/tiny?lang=en%00',
      '/blog/%00/',
      '/en/blog/x%01y/',
      '/?utm_source=%00',
      '/api/legal/privacy/%00',
    ]) {
      const res = await request(t.app).get(path).redirects(0);
      expect([path, res.status]).toEqual([path, 400]);
    }
  });

  it('keeps tabs and line breaks where text has them', async () => {
    const user = await signUp(t.app, { cur: 'USD', lang: 'en' });
    const res = await request(t.app)
      .patch('/api/user')
      .set('Authorization', `Bearer ${user.token}`)
      .send({ name: 'Ann\tLee' });
    expect(res.body.message).not.toBe(REFUSED);
  });

  it('answers the reseller API in its own way', async () => {
    const { post } = await reseller(t);
    expect((await post({ action: 'balance', note: `x${NUL}` })).body).toEqual({
      error: 'Incorrect request',
    });
    const services = (await post({ action: 'services' })).body as {
      type: string;
      service: number;
    }[];
    const comments = services.find((s) => s.type === 'Custom Comments')!;
    const res = await post({
      action: 'add',
      service: String(comments.service),
      link: 'https://www.instagram.com/p/C8xYz12AbCd/',
      comments: `nice${NUL}\ngreat`,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ error: 'Incorrect request' });
  });
});
