import request from 'supertest';
import { createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';

/**
 * Every cabinet call of fed malformed input of every kind: never a 5xx, always the
 * error envelope, and nothing changes (the user's balance, profile and orders stay as they were).
 */
type Account = Awaited<ReturnType<typeof signUp>>;

const GETS = [
  '/api/c_orders',
  '/api/c_orders/average_time',
  '/api/user/transactions',
  '/api/user/transactions/totals',
  '/api/user/premium_statuses',
];
const QUERIES = [
  'status=RUNNING&status=PAID',
  'page[]=1',
  'limit=7.5',
  'from=2026-02-30',
  'from=2026-11-23&to=2026-11-01',
  'cost_min=-1',
  'cost_min=abc',
  `q=${'x'.repeat(5000)}`,
  'tag=instagram_likes',
  'tag[$ne]=1',
  'group=nope',
  'platform=myspace',
  'unknown=1',
  '%E0%A4%A=1',
];
const BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  { lang: 'xx' },
  { cur: 'GBP' },
  { login: '' },
  { login: '-bad-' },
  { email: 'кириллица@example.com' },
  { email: 'a@b.c', password: 123 },
  { password: ['a'], password_confirmation: 'a', current_password: {} },
  { reason: 'x'.repeat(10_000) },
  { __proto__: { admin: true } },
  { constructor: { prototype: { admin: true } } },
  { unexpected: true },
];
const POSTS = [
  ['patch', '/api/user'],
  ['post', '/api/user/password'],
  ['post', '/api/user/delete'],
  ['post', '/api/c_orders/main'],
  ['post', '/api/deposit'],
  ['post', '/api/c_orders/AAAAAAAAAAAAAAAAAAAA/cancel'],
  ['post', '/api/c_orders/AAAAAAAAAAAAAAAAAAAA/refill'],
  ['post', '/api/c_orders/not-an-id/cancel'],
] as const;

describe.each(ENGINES)('cabinet calls take malformed input without a 5xx on %s', (engine) => {
  let t: TestApp;
  let buyer: Account;
  const auth = () => ({ Authorization: `Bearer ${buyer.token}` });

  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '0' }, { engine });
    buyer = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
    await t.database.db
      .updateTable('users')
      .set({ balance: 50_000 })
      .where('id', '=', buyer.user.id)
      .execute();
  });
  afterAll(() => t.database.close());

  const snapshot = async () => ({
    user: await t.database.db
      .selectFrom('users')
      .select(['balance', 'login', 'email', 'lang', 'cur', 'password_hash'])
      .where('id', '=', buyer.user.id)
      .executeTakeFirstOrThrow(),
    orders: (await t.database.db.selectFrom('orders').select('id').execute()).length,
    payments: (await t.database.db.selectFrom('payments').select('id').execute()).length,
  });

  it.each(GETS.flatMap((path) => QUERIES.map((query) => [path, query] as const)))(
    'GET %s?%s',
    async (path, query) => {
      const res = await request(t.app).get(`${path}?${query}`).set(auth());
      expect(res.status).toBeLessThan(500);
      if (res.status >= 400)
        expect(res.body).toMatchObject({ status: 'error', statusCode: res.status });
    },
  );

  it.each(POSTS.flatMap(([method, path]) => BODIES.map((body) => [method, path, body] as const)))(
    '%s %s with %j',
    async (method, path, body) => {
      const before = await snapshot();
      const res = await request(t.app)
        [method](path)
        .set(auth())
        .set('Content-Type', 'application/json')
        .send(typeof body === 'string' ? body : JSON.stringify(body));
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toMatchObject({ status: 'error', statusCode: res.status });
      expect(await snapshot()).toEqual(before);
    },
  );

  it('a body that is not JSON at all is a 400', async () => {
    for (const [method, path] of POSTS) {
      const res = await request(t.app)
        [method](path)
        .set(auth())
        .set('Content-Type', 'application/json')
        .send('{"lang": "de"');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The request body is not valid');
    }
  });
});
