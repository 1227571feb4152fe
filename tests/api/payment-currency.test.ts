import request from 'supertest';
import { balanceOf, createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';

/**
 * A rouble account reaches every method the shop has: a method that takes only dollars or
 * euros (the card outside Russia) is paid in its currency, converted at the shop's rate, the
 * charge the page showed checked against it; the balance gets, and an order costs, what was
 * asked in roubles (docs/api.md "Paying in another currency").
 */
const CARD_WORLD = 2;
const LINK = 'https://www.instagram.com/p/C1a2B3c4D5e/';
const ORIGIN = 'https://shop.test';

describe.each(ENGINES)('paying in another currency on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { engine });
  });
  afterAll(() => t.database.close());

  /** The shop's rate now: roubles per unit of each currency. */
  const rates = async () =>
    Object.fromEntries(
      (await request(t.app).get('/api/currencies/data')).body.data.currencies.map(
        (rate: { code: string; amount: number }) => [rate.code, rate.amount],
      ),
    ) as Record<string, number>;
  const inUsd = async (kopecks: number) =>
    Math.round((kopecks * (await rates()).RUB!) / (await rates()).USD!);
  const refOf = (redirect: string) => new URL(redirect).pathname.split('/')[3]!;

  it('tops up a rouble balance by a dollar card: charged the converted amount, credited the roubles', async () => {
    const buyer = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
    const deposit = (body: object) =>
      request(t.app)
        .post('/api/deposit')
        .set('Cookie', buyer.cookie)
        .set('Origin', ORIGIN)
        .send({ amount: 100_000, method: CARD_WORLD, agreement: true, ...body });
    // in roubles the card is not on offer
    expect((await deposit({})).status).toBe(400);
    const charge = await inUsd(100_000);
    expect(charge).toBeGreaterThan(0);
    // a charge the page showed at another rate is refused, and nothing is asked of the gateway
    const stale = await deposit({ pay_currency: 'USD', charge: charge + 1 });
    expect([stale.status, stale.body.message]).toEqual([
      409,
      'The exchange rate has changed: check the new amount and pay again',
    ]);
    const made = await deposit({ pay_currency: 'USD', charge });
    expect(made.status).toBe(201);
    const row = await t.database.db
      .selectFrom('payments')
      .selectAll()
      .where('public_id', '=', made.body.data.payment.id)
      .executeTakeFirstOrThrow();
    expect([
      Number(row.amount),
      row.currency,
      Number(row.credit_amount),
      row.credit_currency,
    ]).toEqual([charge, 'USD', 100_000, 'RUB']);
    expect(
      await t.database.db
        .selectFrom('payments')
        .select('id')
        .where('user_id', '=', buyer.user.id)
        .execute(),
    ).toHaveLength(1);
    await t.services.sandbox!.decide(refOf(made.body.data.redirect), 'SUCCESS');
    expect(await balanceOf(t.database, buyer.user.id)).toBe(100_000);
    // the discount levels count what it was worth in the account's currency
    const statuses = (
      await request(t.app).get('/api/user/premium_statuses').set('Cookie', buyer.cookie)
    ).body.data;
    expect(statuses).toMatchObject({ currency: 'RUB', paid_in: 100_000 });
  });

  it('pays a rouble order by a dollar card: the order keeps its roubles, the card is charged dollars', async () => {
    const buyer = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
    const order = (body: object) =>
      request(t.app)
        .post('/api/c_orders/main')
        .set('Cookie', buyer.cookie)
        .set('Origin', ORIGIN)
        .send({
          tag: 'INSTAGRAM_LIKES',
          link: LINK,
          quantity: 1000,
          method: CARD_WORLD,
          agreement: true,
          ...body,
        });
    expect((await order({})).status).toBe(400);
    // the price the page shows the buyer: their own currency, the storefront's prices
    const [rub] = (
      await request(t.app)
        .get('/api/prices/orderCost')
        .query({ tag: 'INSTAGRAM_LIKES', count: 1000 })
        .set('Cookie', buyer.cookie)
    ).body.data as [number, number];
    const placed = await order({ pay_currency: 'USD', charge: await inUsd(rub) });
    expect(placed.status).toBe(201);
    expect(placed.body.data.order).toMatchObject({ currency: 'RUB', cost: rub });
    const payment = await t.database.db
      .selectFrom('payments')
      .selectAll()
      .where('user_id', '=', buyer.user.id)
      .executeTakeFirstOrThrow();
    expect([payment.currency, Number(payment.amount), Number(payment.credit_amount)]).toEqual([
      'USD',
      await inUsd(rub),
      rub,
    ]);
    await t.services.sandbox!.decide(refOf(placed.body.data.redirect), 'SUCCESS');
    const followed = await request(t.app).get(`/api/c_orders/${placed.body.data.order.id}`);
    expect(followed.body.data.status).toBe('PAID');
  });
});
