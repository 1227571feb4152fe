import request from 'supertest';
import type { Db } from '#server/db/database.ts';
import { createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';

/**
 * Discount levels (docs/product.md §4): GET user/premium_statuses, and the level that
 * rises with the total paid in when a payment settles, never lowered, with a notification
 * in the user's language; the next price quoted already carries the level's percent.
 */
type Account = Awaited<ReturnType<typeof signUp>>;

const STATUSES = '/api/user/premium_statuses';
/** 1 000 Instagram likes: RUB 185 at 18.5 kop, against a base of 19 kop a like */
const LIKES_COST = '/api/prices/orderCost?tag=INSTAGRAM_LIKES&count=1000';

describe.each(ENGINES)('discount levels on %s', (engine) => {
  let t: TestApp;
  let db: Db;

  const bearer = (req: request.Test, account: Account) =>
    req.set('Authorization', `Bearer ${account.token}`);
  const statusesOf = async (account: Account) => {
    const res = await bearer(request(t.app).get(STATUSES), account);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  /** A top-up through the sandbox's hosted checkout: paid, declined or left waiting. */
  const topUp = async (account: Account, amount: number, outcome = 'pay') => {
    const res = await bearer(request(t.app).post('/api/deposit'), account).send({
      amount,
      // SberPay for roubles, PayPal for dollars and euros (both through the sandbox here)
      method: account.user.cur === 'RUB' ? 3 : 7,
      agreement: true,
    });
    expect(res.status).toBe(201);
    await request(t.app)
      .post(new URL(res.body.data.redirect).pathname)
      .type('form')
      .send({ outcome })
      .expect(303);
  };
  const levelOf = async (account: Account) =>
    Number(
      (
        await db
          .selectFrom('users')
          .select('discount_level')
          .where('id', '=', account.user.id)
          .executeTakeFirstOrThrow()
      ).discount_level,
    );
  const notices = (account: Account) =>
    db
      .selectFrom('notifications')
      .select(['type', 'data', 'message'])
      .where('user_id', '=', account.user.id)
      .where('type', '=', 'level.reached')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { engine });
    db = t.database.db;
  });
  afterAll(() => t.database.close());

  it('shows a new user the levels in their currency, level 1 and what is left to level 2', async () => {
    const buyer = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
    const data = await statusesOf(buyer);
    expect(Object.keys(data).sort()).toEqual(['currency', 'current', 'levels', 'next', 'paid_in']);
    expect(data).toMatchObject({
      currency: 'RUB',
      current: 1,
      paid_in: 0,
      next: { level: 2, from: 500_000, left: 500_000 },
    });
    expect(data.levels.map((level: { from: number }) => level.from)).toEqual([
      0, 500_000, 2_500_000, 5_000_000, 10_000_000,
    ]);
    expect(data.levels[2]).toEqual({
      level: 3,
      from: 2_500_000,
      percent: {
        basic: 7,
        likes: 10,
        views: 15,
        followers: 7,
        comments: 10,
        autoLikes: 10,
        autoViews: 15,
      },
      personalManager: false,
    });
    expect(data.levels[4].personalManager).toBe(true);
  });

  it('gives a guest the levels in the visitor’s currency and no level', async () => {
    const res = await request(t.app).get(STATUSES).set('Cookie', 'cur=EUR');
    expect(res.body.data).toMatchObject({
      currency: 'EUR',
      current: null,
      paid_in: null,
      next: null,
    });
    expect(res.body.data.levels[1].from).toBe(10_000);
    expect((await request(t.app).get(`${STATUSES}?cur=RUB`)).status).toBe(400);
  });

  it('raises a RUB user to level 2 at 5 000 ₽ paid in and to 3 at 25 000 ₽, and tells them', async () => {
    const buyer = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
    const cost = () => bearer(request(t.app).get(LIKES_COST), buyer);
    expect((await cost()).body.data).toEqual([18_500, 500]);

    await topUp(buyer, 499_900);
    expect(await levelOf(buyer)).toBe(1);
    // a declined or waiting payment is not paid in
    await topUp(buyer, 100, 'decline');
    await topUp(buyer, 100, 'pending');
    expect(await levelOf(buyer)).toBe(1);
    await topUp(buyer, 100);
    expect(await levelOf(buyer)).toBe(2);
    expect(await statusesOf(buyer)).toMatchObject({
      current: 2,
      paid_in: 500_000,
      next: { level: 3, from: 2_500_000, left: 2_000_000 },
    });
    // level 2 takes 5 % off likes: 18 500 − 925 = 17 575, saving 19 000 − 17 575
    expect((await cost()).body.data).toEqual([17_575, 1_425]);

    await topUp(buyer, 2_000_000);
    expect(await levelOf(buyer)).toBe(3);
    expect((await statusesOf(buyer)).next).toEqual({ level: 4, from: 5_000_000, left: 2_500_000 });
    expect(await notices(buyer)).toEqual([
      {
        type: 'level.reached',
        data: JSON.stringify({ level: 2, percent: 7 }),
        message: 'Вы достигли 2-го уровня скидки: теперь скидка на заказы — до 7%.',
      },
      {
        type: 'level.reached',
        data: JSON.stringify({ level: 3, percent: 15 }),
        message: 'Вы достигли 3-го уровня скидки: теперь скидка на заказы — до 15%.',
      },
    ]);
  });

  it('counts orders paid by card and writes in the user’s language', async () => {
    const buyer = await signUp(t.app, { cur: 'USD', lang: 'en' });
    const order = await bearer(request(t.app).post('/api/c_orders/main'), buyer).send({
      tag: 'INSTAGRAM_LIKES',
      link: 'https://www.instagram.com/p/C1a2B3c4D5e/',
      quantity: 1_000,
      method: 7,
      agreement: true,
    });
    expect(order.status).toBe(201);
    await request(t.app)
      .post(new URL(order.body.data.redirect).pathname)
      .type('form')
      .send({ outcome: 'pay' })
      .expect(303);
    expect((await statusesOf(buyer)).paid_in).toBe(699);
    await topUp(buyer, 10_000 - 699);
    expect(await levelOf(buyer)).toBe(2);
    expect((await notices(buyer)).map((row) => row.message)).toEqual([
      'You have reached discount level 2: up to 7% off your orders from now on.',
    ]);
  });

  it('never lowers a level: not for a smaller total, nor after a currency change', async () => {
    const buyer = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
    await topUp(buyer, 2_500_000);
    expect(await levelOf(buyer)).toBe(3);
    // the roubles paid in do not count in dollars: the total starts again, the level stays
    await db.updateTable('users').set({ cur: 'USD' }).where('id', '=', buyer.user.id).execute();
    const inDollars = { ...buyer, user: { ...buyer.user, cur: 'USD' } };
    await topUp(inDollars, 1_000);
    expect(await levelOf(buyer)).toBe(3);
    expect(await statusesOf(buyer)).toMatchObject({
      currency: 'USD',
      current: 3,
      paid_in: 1_000,
      next: { level: 4, from: 100_000, left: 99_000 },
    });
    // a level given by hand above the total stays too
    await db
      .updateTable('users')
      .set({ discount_level: 5 })
      .where('id', '=', buyer.user.id)
      .execute();
    await topUp(inDollars, 60_000);
    expect(await levelOf(buyer)).toBe(5);
    expect((await statusesOf(buyer)).next).toBeNull();
    expect(await notices(buyer)).toHaveLength(1);
  });

  it('starts a referred user at level 2 and raises them from there', async () => {
    const referrer = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
    const res = await request(t.app)
      .post('/api/register')
      .send({
        email: `referred.levels.${engine}@example.com`,
        login: `referredlevels${engine}`,
        password: 'long enough 1',
        password_confirmation: 'long enough 1',
        lang: 'de',
        cur: 'EUR',
        ref: referrer.user.refCode,
      });
    expect(res.status).toBe(201);
    const referred: Account = {
      ...res.body.data,
      token: res.body.data.token,
      cookie: `auth=${res.body.data.token}`,
    };
    expect((await statusesOf(referred)).current).toBe(2);
    // reaching level 2 by money changes nothing for them: no notification
    await topUp(referred, 10_000);
    expect(await levelOf(referred)).toBe(2);
    expect(await notices(referred)).toEqual([]);
    await topUp(referred, 40_000);
    expect(await levelOf(referred)).toBe(3);
    expect((await notices(referred)).map((row) => row.message)).toEqual([
      'Sie haben Rabattstufe 3 erreicht: Ab sofort sparen Sie bis zu 15 % bei Ihren Bestellungen.',
    ]);
  });
});
