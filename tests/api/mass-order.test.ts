import request from 'supertest';
import { MASS_ERRORS } from '#shared/mass-orders.ts';
import { balanceOf, countRows, createTestAppWith, ENGINES, type TestApp } from '../support/app.ts';
import { reseller } from '../support/reseller.ts';

/**
 * the cabinet's mass order, `POST /api/c_orders/mass` with one order a line
 * (`service | link | quantity`, the numbers of `/api/v2`): every line checked with its own
 * error before anything is charged, then all placed from the balance in one transaction, each
 * charged as `/api/v2` charges (rate per 1000 × quantity / 1000, rounded up), or none.
 */
const POST = (n: number) => `https://www.instagram.com/p/C8xYz12Ab${String(n).padStart(2, '0')}/`;
const PROFILE = 'https://www.instagram.com/some.account/';

interface Listed {
  service: number;
  name: string;
  type: string;
  rate: string;
}

describe.each(ENGINES)('mass order on %s', (engine) => {
  let t: TestApp;
  let r: Awaited<ReturnType<typeof reseller>>;
  let services: Listed[];
  const byName = (name: string) => services.find((entry) => entry.name === name)!;
  const mass = (body: unknown) =>
    request(t.app)
      .post('/api/c_orders/mass')
      .set('Authorization', r.auth)
      .send(body as object);
  const setBalance = (balance: number) =>
    t.database.db.updateTable('users').set({ balance }).where('id', '=', r.user.user.id).execute();
  const state = async () => ({
    balance: await balanceOf(t.database, r.user.user.id),
    orders: await countRows(t.database.db, 'orders'),
    ledger: await countRows(t.database.db, 'transactions'),
  });

  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { engine });
    r = await reseller(t, { balance: 10_000_000 });
    services = (await r.post({ action: 'services' })).body as Listed[];
  });
  afterAll(() => t.database.close());

  /** Five good lines' parts: Instagram likes at several quantities and followers. */
  const good = () => {
    const likes = byName('Instagram likes');
    const followers = byName('Instagram followers');
    return [
      { service: likes, link: POST(1), quantity: 100 },
      { service: likes, link: POST(2), quantity: 1_000 },
      { service: followers, link: PROFILE, quantity: 250 },
      { service: likes, link: POST(3), quantity: 5_000 },
    ];
  };

  it('with one bad line of five places nothing and names that line; without it places four, charged by the rate', async () => {
    const lines = good().map(
      ({ service, link, quantity }) => `${service.service} | ${link} | ${quantity}`,
    );
    // line 4 of the text (a blank line counts): a number /api/v2 does not list
    const text = [
      lines[0],
      lines[1],
      '',
      '999999 | https://www.instagram.com/p/Bad/ | 100',
      lines[2],
      lines[3],
    ].join('\n');
    const before = await state();
    const refused = await mass({ orders: text }).expect(400);
    expect(refused.body).toMatchObject({
      status: 'error',
      statusCode: 400,
      lines: [
        {
          line: 4,
          text: '999999 | https://www.instagram.com/p/Bad/ | 100',
          error: MASS_ERRORS.service,
        },
      ],
      errors: { 4: MASS_ERRORS.service },
    });
    expect(refused.body.message).toContain('Line 4');
    expect(await state()).toEqual(before);

    // without it (panel-style separators without spaces, and \r\n line ends): four placed
    const fixed = good()
      .map(({ service, link, quantity }) => `${service.service}|${link}|${quantity}`)
      .join('\r\n');
    const placed = await mass({ orders: fixed }).expect(200);
    const answer = placed.body.data as {
      orders: {
        line: number;
        order: number;
        public_id: string;
        charge: string;
        currency: string;
      }[];
      total: string;
      currency: string;
    };
    expect(answer.orders.map((order) => order.line)).toEqual([1, 2, 3, 4]);
    const expected = good().map(({ service, quantity }) =>
      Math.ceil((Math.round(Number(service.rate) * 100) * quantity) / 1000),
    );
    const charges = answer.orders.map((order) => Math.round(Number(order.charge) * 100));
    expect(charges).toEqual(expected);
    const sum = expected.reduce((a, b) => a + b, 0);
    expect(Math.round(Number(answer.total) * 100)).toBe(sum);
    expect(answer.currency).toBe('USD');
    const after = await state();
    expect(before.balance - after.balance).toBe(sum);
    expect(after.orders - before.orders).toBe(4);
    // each is the order /api/v2 knows by that number, charged what the answer says
    for (const [index, order] of answer.orders.entries()) {
      expect(order).toMatchObject({ currency: 'USD', public_id: expect.any(String) });
      const status = await r.post({ action: 'status', order: String(order.order) }).expect(200);
      expect(Math.round(Number(status.body.charge) * 100)).toBe(charges[index]);
    }
    // and the cabinet lists them, paid
    const list = await request(t.app).get('/api/c_orders').set('Authorization', r.auth).expect(200);
    const ids = new Set(list.body.data.items.map((item: { id: string }) => item.id));
    for (const order of answer.orders) expect(ids.has(order.public_id)).toBe(true);
  });

  it('lists the services a line may name: the numbers and rates of /api/v2, without subscriptions and comments', async () => {
    const listed = await request(t.app)
      .get('/api/c_orders/mass/services')
      .set('Authorization', r.auth)
      .expect(200);
    const mine = listed.body.data as { service: number; name: string; rate: string }[];
    const likes = byName('Instagram likes');
    expect(mine.find((entry) => entry.service === likes.service)).toMatchObject({
      name: likes.name,
      rate: likes.rate,
      min: 100,
    });
    const excluded = services.filter((entry) => entry.type !== 'Default').map((e) => e.service);
    expect(excluded.length).toBeGreaterThan(0);
    expect(mine.filter((entry) => excluded.includes(entry.service))).toEqual([]);
    expect(mine).toHaveLength(services.length - excluded.length);
    await request(t.app).get('/api/c_orders/mass/services').expect(401);
  });

  it('names every bad line at once, each with its own error, and places nothing', async () => {
    const likes = byName('Instagram likes');
    const auto = services.find((entry) => entry.type === 'Subscriptions')!;
    const comments = services.find((entry) => entry.type === 'Custom Comments')!;
    const multi = await t.services.catalog.serviceId('INSTAGRAM_LIKES_MULTI');
    const text = [
      `${likes.service} | ${POST(4)} | 100`,
      `${likes.service} ${POST(4)} 100`,
      `${auto.service} | ${PROFILE} | 100`,
      `${comments.service} | ${POST(5)} | 10`,
      `${multi} | ${POST(6)} | 100`,
      `${likes.service} | ${POST(7)} | 10`,
      `${likes.service} | https://example.com/nope | 100`,
      `${likes.service} | ${POST(8)} | lots`,
      `abc | ${POST(9)} | 100`,
      `${likes.service} |  | 100`,
    ].join('\n');
    const before = await state();
    const res = await mass({ orders: text }).expect(400);
    const errors = (res.body.lines as { line: number; error: string }[]).map((line) => [
      line.line,
      line.error,
    ]);
    expect(errors).toEqual([
      [2, MASS_ERRORS.format],
      [3, MASS_ERRORS.subscription],
      [4, MASS_ERRORS.comments],
      [5, MASS_ERRORS.service],
      [6, 'The quantity must be from 100 to 200000'],
      [7, expect.stringMatching(/^This is not a valid link for /)],
      [8, MASS_ERRORS.quantity],
      [9, MASS_ERRORS.service],
      [10, MASS_ERRORS.link],
    ]);
    expect(await state()).toEqual(before);
  });

  it('places nothing when the balance does not cover the total, and says so', async () => {
    const likes = byName('Instagram likes');
    const one = Math.ceil((Math.round(Number(likes.rate) * 100) * 1_000) / 1000);
    // enough for two of the three orders: the third's debit fails, the first two roll back
    await setBalance(one * 2 + 1);
    const before = await state();
    const text = [1, 2, 3].map((n) => `${likes.service} | ${POST(10 + n)} | 1000`).join('\n');
    const res = await mass({ orders: text }).expect(402);
    expect(res.body).toMatchObject({
      status: 'error',
      statusCode: 402,
      message: MASS_ERRORS.funds,
      currency: 'USD',
    });
    expect(Math.round(Number(res.body.total) * 100)).toBe(one * 3);
    expect(await state()).toEqual(before);
    await setBalance(10_000_000);
  });

  it('refuses more than 100 lines (blank lines not counted), and takes 100', async () => {
    const likes = byName('Instagram likes');
    const line = (n: number) => `${likes.service} | ${POST(n % 100)} | 100`;
    const before = await state();
    const tooMany = Array.from({ length: 101 }, (_, n) => line(n)).join('\n');
    const res = await mass({ orders: tooMany }).expect(400);
    expect(res.body).toMatchObject({ message: MASS_ERRORS.tooMany, limit: 100, count: 101 });
    expect(await state()).toEqual(before);
    const hundred = Array.from({ length: 100 }, (_, n) => line(n)).join('\n\n');
    const placed = await mass({ orders: hundred }).expect(200);
    expect(placed.body.data.orders).toHaveLength(100);
    expect(placed.body.data.orders[99].line).toBe(199);
  });

  it('answers malformed bodies and guests with a 4xx and changes nothing', async () => {
    const before = await state();
    const cases: [unknown, number][] = [
      [{}, 400],
      [{ orders: 5 }, 400],
      [{ orders: null }, 400],
      [{ orders: ['1 | x | 100'] }, 400],
      [{ orders: { a: 1 } }, 400],
      [{ orders: '' }, 400],
      [{ orders: ' \n\n \r\n' }, 400],
      [{ orders: '1 | x | 100', extra: true }, 400],
      [{ orders: 'x'.repeat(100_001) }, 400],
      [{ orders: '|||\n||\n|' }, 400],
      [{ orders: `1 | ${'x'.repeat(5_000)} | 100` }, 400],
      [{ orders: '99999999999999 | x | 99999999999999999999' }, 400],
      [{ orders: '__proto__ | constructor | toString' }, 400],
      [[1, 2], 400],
      ['orders', 400],
    ];
    for (const [body, status] of cases) {
      const res = await mass(body);
      expect([JSON.stringify(body).slice(0, 60), res.status]).toEqual([
        JSON.stringify(body).slice(0, 60),
        status,
      ]);
      expect(res.body.status).toBe('error');
    }
    // a long line is echoed capped
    const long = await mass({ orders: `1 | ${'x'.repeat(5_000)} | 100` });
    expect(long.body.lines[0].text.length).toBeLessThanOrEqual(120);
    // broken JSON, a form body, a guest, a cookie from another site
    await request(t.app)
      .post('/api/c_orders/mass')
      .set('Authorization', r.auth)
      .set('Content-Type', 'application/json')
      .send('{"orders": "1 | x')
      .expect(400);
    await request(t.app)
      .post('/api/c_orders/mass')
      .set('Authorization', r.auth)
      .type('form')
      .send('orders=1|x|100')
      .expect(400);
    await request(t.app).post('/api/c_orders/mass').send({ orders: '1 | x | 100' }).expect(401);
    await request(t.app)
      .post('/api/c_orders/mass')
      .set('Cookie', r.user.cookie)
      .set('Origin', 'https://evil.test')
      .send({ orders: '1 | x | 100' })
      .expect(403);
    expect(await state()).toEqual(before);
  });
});
