import request from 'supertest';
import { createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';

/**
 * `/api/v2` as resellers' panels drive it: form-encoded POST with `key` and
 * `action` and numbers as strings, exactly like the PHP and Python clients the panels ship;
 * HTTP 200 with JSON, refusals as `{"error": …}`. This step: services → add → status (one
 * and many) → balance, the refusals, and no overdraft under concurrent orders.
 */
const LINK = 'https://www.instagram.com/p/C8xYz12AbCd/';
/** What every panel's client reads of a `services` item. */
const STANDARD_FIELDS = [
  'service',
  'name',
  'type',
  'category',
  'rate',
  'min',
  'max',
  'refill',
  'cancel',
  'dripfeed',
];
/** How the service performed in the shop's orders of the last 30 days (docs/api.md). */
const FIGURE_FIELDS = [
  'start_median_min',
  'speed_p90_min_per_1000',
  'completion_rate',
  'refill_rate_30d',
  'orders_30d',
];

describe.each(ENGINES)('SMM panel API v2 on %s', (engine) => {
  let t: TestApp;
  let key = '';
  let userId = 0;
  const post = (form: Record<string, string>) =>
    request(t.app).post('/api/v2').type('form').send(new URLSearchParams(form).toString());

  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { engine });
    const user = await signUp(t.app, { cur: 'RUB', lang: 'en' });
    userId = user.user.id;
    key = (
      await request(t.app).post('/api/user/api-key').set('Authorization', `Bearer ${user.token}`)
    ).body.data.key;
  });
  afterAll(() => t.database.close());
  const setBalance = (balance: number) =>
    t.database.db.updateTable('users').set({ balance }).where('id', '=', userId).execute();

  it('lists services with ids, rates per 1000 as decimal strings, limits and flags', async () => {
    const res = await post({ key, action: 'services' }).expect(200);
    expect(Array.isArray(res.body)).toBe(true);
    const likes = res.body.find((s: { name: string }) => s.name === 'Instagram likes');
    // the protocol's standard fields, exactly as before, in their order, then the figures
    expect(Object.keys(likes)).toEqual([...STANDARD_FIELDS, ...FIGURE_FIELDS]);
    expect(likes).toEqual({
      service: expect.any(Number),
      name: 'Instagram likes',
      type: 'Default',
      category: 'instagram',
      rate: expect.stringMatching(/^\d+\.\d{2}$/),
      min: expect.stringMatching(/^\d+$/),
      max: expect.stringMatching(/^\d+$/),
      refill: true,
      cancel: true,
      dripfeed: true,
      // no orders in the last 30 days: no figures
      start_median_min: null,
      speed_p90_min_per_1000: null,
      completion_rate: null,
      refill_rate_30d: null,
      orders_30d: 0,
    });
    // the cabinet's price of 1 000 likes: RUB 0.175 a like from 1 000 … at most 0.19
    expect(Number(likes.rate)).toBeGreaterThan(100);
    expect(Number(likes.rate)).toBeLessThanOrEqual(190);
    // GET with a query, and JSON, are read the same
    const get = await request(t.app).get(`/api/v2?key=${key}&action=services`).expect(200);
    expect(get.body).toEqual(res.body);
    const json = await request(t.app).post('/api/v2').send({ key, action: 'services' }).expect(200);
    expect(json.body).toEqual(res.body);
  });

  it('places an order paid from the balance and follows it by its number', async () => {
    await setBalance(100_000);
    const services = (await post({ key, action: 'services' })).body;
    const likes = services.find((s: { name: string }) => s.name === 'Instagram likes');
    const added = await post({
      key,
      action: 'add',
      service: String(likes.service),
      link: LINK,
      quantity: '1000',
    }).expect(200);
    expect(added.body).toEqual({ order: expect.any(Number) });
    const order: number = added.body.order;
    const balance = await post({ key, action: 'balance' }).expect(200);
    expect(balance.body).toEqual({
      balance: expect.stringMatching(/^\d+\.\d{2}$/),
      currency: 'RUB',
    });
    const charged = 1_000 - Number(balance.body.balance);
    expect(charged).toBeGreaterThan(0);

    const status = await post({ key, action: 'status', order: String(order) }).expect(200);
    expect(status.body).toEqual({
      charge: expect.stringMatching(/^\d+\.\d{5}$/),
      start_count: '0',
      status: 'Pending',
      remains: '1000',
      currency: 'RUB',
    });
    expect(Number(status.body.charge)).toBeCloseTo(charged, 2);

    const many = await post({ key, action: 'status', orders: `${order},999999,abc` }).expect(200);
    expect(many.body).toEqual({
      [String(order)]: status.body,
      '999999': { error: 'Incorrect order ID' },
      abc: { error: 'Incorrect order ID' },
    });
  });

  it('charges rate × quantity / 1000 at every quantity, and status tells the balance drop', async () => {
    await setBalance(10_000_000);
    const services = (await post({ key, action: 'services' })).body as {
      service: number;
      name: string;
      rate: string;
    }[];
    // "several posts" twins price quantity × links: they are not listed
    expect(services.some((entry) => /several posts/i.test(entry.name))).toBe(false);
    const likes = services.find((entry) => entry.name === 'Instagram likes')!;
    const rateMinor = Math.round(Number(likes.rate) * 100);
    for (const quantity of [100, 1_000, 5_000]) {
      const before = Math.round(
        Number((await post({ key, action: 'balance' })).body.balance) * 100,
      );
      const added = await post({
        key,
        action: 'add',
        service: String(likes.service),
        link: LINK,
        quantity: String(quantity),
      }).expect(200);
      const after = Math.round(Number((await post({ key, action: 'balance' })).body.balance) * 100);
      const expected = Math.ceil((rateMinor * quantity) / 1000);
      expect([quantity, before - after]).toEqual([quantity, expected]);
      const status = await post({ key, action: 'status', order: String(added.body.order) });
      expect([quantity, Math.round(Number(status.body.charge) * 100)]).toEqual([
        quantity,
        before - after,
      ]);
    }
  });

  it('refuses like the panels do, with HTTP 200 and nothing changed', async () => {
    await setBalance(100_000);
    const likes = (await post({ key, action: 'services' })).body.find(
      (s: { name: string }) => s.name === 'Instagram likes',
    );
    const cases: [Record<string, string>, string | RegExp][] = [
      [{ key: 'bst_nope', action: 'balance' }, 'Invalid API key'],
      [{ action: 'balance' }, 'Invalid API key'],
      [{ key, action: 'teleport' }, 'Incorrect request'],
      [{ key }, 'Incorrect request'],
      [
        { key, action: 'add', service: '999999', link: LINK, quantity: '1000' },
        'Incorrect service ID',
      ],
      [{ key, action: 'add', service: 'x', link: LINK, quantity: '1000' }, 'Incorrect service ID'],
      [
        { key, action: 'add', service: String(likes.service), link: LINK, quantity: '1' },
        /^Quantity less than minimal \d+$/,
      ],
      [
        { key, action: 'add', service: String(likes.service), link: LINK, quantity: '999999999' },
        /^Quantity more than maximal \d+$/,
      ],
      [
        { key, action: 'add', service: String(likes.service), link: '', quantity: '1000' },
        'Incorrect link',
      ],
      [{ key, action: 'status', order: '0' }, 'Incorrect order ID'],
      [{ key, action: 'status' }, 'Incorrect order ID'],
    ];
    for (const [form, error] of cases) {
      const res = await post(form).expect(200);
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(res.body.error).toMatch(error);
    }
    await setBalance(0);
    const poor = await post({
      key,
      action: 'add',
      service: String(likes.service),
      link: LINK,
      quantity: '1000',
    }).expect(200);
    expect(poor.body).toEqual({ error: 'Not enough funds on balance' });
    // a body that does not parse is a refusal too, never a 5xx
    const broken = await request(t.app)
      .post('/api/v2')
      .set('Content-Type', 'application/json')
      .send('{"key":')
      .expect(200);
    expect(broken.body).toEqual({ error: 'Incorrect request' });
  });

  it('places a Subscriptions order with username, min, max and posts, priced per 1000', async () => {
    await setBalance(10_000_000);
    const auto = (await post({ key, action: 'services' })).body.find(
      (s: { type: string; category: string }) =>
        s.type === 'Subscriptions' && s.category === 'instagram',
    );
    expect(auto).toMatchObject({ refill: false, rate: expect.stringMatching(/^\d+\.\d{2}$/) });
    const before = Number((await post({ key, action: 'balance' })).body.balance);
    const form = {
      key,
      action: 'add',
      service: String(auto.service),
      username: 'https://www.instagram.com/some.profile/',
      min: '100',
      max: '300',
      posts: '4',
    };
    const added = await post(form).expect(200);
    expect(added.body).toEqual({ order: expect.any(Number) });
    const row = await t.database.db
      .selectFrom('orders')
      .select(['quantity', 'quantity_max', 'posts', 'count', 'cost'])
      .where('id', '=', added.body.order)
      .executeTakeFirstOrThrow();
    // docs/product.md §13: the average per post (200) times the posts
    expect(row).toMatchObject({ quantity: 100, quantity_max: 300, posts: 4, count: 800 });
    const after = Number((await post({ key, action: 'balance' })).body.balance);
    expect(Math.round((before - after) * 100)).toBe(Number(row.cost));
    // the rate is the price at 1000: 800 units are charged at least at that rate (tiers)
    expect(Number(row.cost) / 100).toBeGreaterThanOrEqual((Number(auto.rate) * 800) / 1000 - 0.01);

    const refusals: [Record<string, string>, string | RegExp][] = [
      // no posts (or 0) is a subscription for every new post (tests/api/panel-forwarding.test.ts)
      [{ ...form, posts: '101' }, 'Incorrect posts: from 0 to 100'],
      [{ ...form, posts: '-1' }, 'Incorrect posts: from 0 to 100'],
      [{ ...form, posts: 'all' }, 'Incorrect posts: from 0 to 100'],
      [{ ...form, min: '' }, 'Incorrect min'],
      [{ ...form, min: 'many' }, 'Incorrect min'],
      [{ ...form, min: '400', max: '300' }, 'Incorrect min and max: min cannot be more than max'],
      [{ ...form, min: '10' }, /^Quantity less than minimal \d+$/],
      [{ ...form, max: '99999999' }, /^Quantity more than maximal \d+$/],
      [{ ...form, username: '' }, 'Incorrect link'],
      [{ ...form, delay: '7' }, 'Incorrect delay'],
      [{ ...form, delay: 'soon' }, 'Incorrect delay'],
      [{ ...form, expiry: '31/02/2027' }, 'Incorrect expiry: a date as d/m/Y'],
      [{ ...form, expiry: '2027-01-31' }, 'Incorrect expiry: a date as d/m/Y'],
      [{ ...form, expiry: '01/01/2020' }, 'The expiry cannot be in the past'],
      [{ ...form, old_posts: '101' }, 'Incorrect old_posts: from 0 to 100'],
      [{ ...form, runs: '3', interval: '5' }, 'This service does not support drip-feed'],
    ];
    for (const [bad, error] of refusals) {
      const res = await post(bad).expect(200);
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(res.body.error).toMatch(error);
    }
    // drip-feed is checked like the panels do; delay and expiry belong to subscriptions
    const likes = (await post({ key, action: 'services' })).body.find(
      (s: { name: string }) => s.name === 'Instagram likes',
    );
    const drip = {
      key,
      action: 'add',
      service: String(likes.service),
      link: LINK,
      quantity: '100',
    };
    for (const [bad, error] of [
      [{ runs: '101', interval: '30' }, 'Incorrect runs: from 2 to 100'],
      [{ runs: 'many', interval: '30' }, 'Incorrect runs: from 2 to 100'],
      [{ runs: '5' }, 'Incorrect interval: from 1 to 1440 minutes'],
      [{ runs: '5', interval: '1441' }, 'Incorrect interval: from 1 to 1440 minutes'],
      [{ delay: '30' }, 'This service does not support delay'],
      [{ expiry: '31/12/2099' }, 'This service does not support expiry'],
    ] as const)
      expect((await post({ ...drip, ...bad })).body).toEqual({ error });
    // what clients send for no drip-feed and no delay is accepted
    expect((await post({ ...drip, runs: '', interval: '', delay: '0' })).body).toEqual({
      order: expect.any(Number),
    });
    const count = await t.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('tag', 'like', '%AUTO%')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('places exactly as many concurrent orders as the balance pays for', async () => {
    const likes = (await post({ key, action: 'services' })).body.find(
      (s: { name: string }) => s.name === 'Instagram likes',
    );
    // the price of one order of 1 000, from one placed and refunded in full by a fresh balance
    await setBalance(100_000);
    await post({
      key,
      action: 'add',
      service: String(likes.service),
      link: LINK,
      quantity: '1000',
    });
    const cost =
      100_000 - Math.round(Number((await post({ key, action: 'balance' })).body.balance) * 100);
    await setBalance(cost * 20);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post({ key, action: 'add', service: String(likes.service), link: LINK, quantity: '1000' }),
      ),
    );
    const placed = answers.filter((res) => typeof res.body.order === 'number');
    const refused = answers.filter((res) => res.body.error === 'Not enough funds on balance');
    expect([placed.length, refused.length]).toEqual([20, 30]);
    expect((await post({ key, action: 'balance' })).body.balance).toBe('0.00');
  }, 60_000);

  it('places one order for 50 concurrent adds with one idempotency key, and charges once', async () => {
    const likes = (await post({ key, action: 'services' })).body.find(
      (s: { name: string }) => s.name === 'Instagram likes',
    );
    await setBalance(100_000);
    const form = {
      key,
      action: 'add',
      service: String(likes.service),
      link: LINK,
      quantity: '1000',
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? post({ ...form, idempotency_key: 'retry-7f3a' })
          : post(form).set('Idempotency-Key', 'retry-7f3a'),
      ),
    );
    const orders = new Set(answers.map((res) => res.body.order));
    expect([...orders]).toEqual([expect.any(Number)]);
    const one = await post({ key, action: 'status', order: String([...orders][0]) });
    const charged = Math.round(Number(one.body.charge) * 100);
    expect(Math.round(Number((await post({ key, action: 'balance' })).body.balance) * 100)).toBe(
      100_000 - charged,
    );
    // another key is another order; a malformed key is refused
    const other = await post({ ...form, idempotency_key: 'retry-other' });
    expect(other.body.order).not.toBe([...orders][0]);
    expect((await post({ ...form, idempotency_key: 'has space' })).body).toEqual({
      error: 'Incorrect idempotency key',
    });
  }, 60_000);
});

describe('SMM panel API v2 rate limit', () => {
  it('answers 429 with Retry-After past the per-key limit, and each key counts apart', async () => {
    const t = await createTestAppWith({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RESELLER_RATE_LIMIT_PER_MINUTE: '3',
    });
    const keyOf = async () => {
      const user = await signUp(t.app);
      return (
        await request(t.app).post('/api/user/api-key').set('Authorization', `Bearer ${user.token}`)
      ).body.data.key as string;
    };
    const [a, b] = [await keyOf(), await keyOf()];
    const balance = (key: string) =>
      request(t.app).post('/api/v2').type('form').send(`key=${key}&action=balance`);
    for (let i = 0; i < 3; i++) expect((await balance(a)).status).toBe(200);
    const limited = await balance(a);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Too many requests, slow down' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await balance(b)).status).toBe(200);
    // a wrong key is not counted against anyone
    expect((await balance('bst_wrong')).body).toEqual({ error: 'Invalid API key' });
    await t.database.close();
  });
});
