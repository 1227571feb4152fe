import request from 'supertest';
import { createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';

/** POST c_orders/async: accepted at once, placed by the worker, followed by its id. */
const DATA = {
  tag: 'INSTAGRAM_LIKES',
  link: 'https://www.instagram.com/p/C8xYz12AbCd/',
  quantity: 1000,
  currency: 'USD',
  method: 7,
  email: 'async@example.com',
  agreement: true,
  return_path: '/en/',
};

describe.each(ENGINES)('async orders on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith({}, { engine });
  });
  afterAll(async () => {
    await t.database.close();
  });

  const follow = async (id: string) =>
    (await request(t.app).get(`/api/c_orders/async/${id}`)).body.data;

  it('answers 202 with an id at once, and the worker places the order', async () => {
    const ordersBefore = await t.database.db.selectFrom('orders').select('id').execute();
    const res = await request(t.app).post('/api/c_orders/async').send({ data: DATA });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'QUEUED', order: null, redirect: null });
    const { id } = res.body.data;
    // nothing is placed before the worker runs
    expect(await t.database.db.selectFrom('orders').select('id').execute()).toHaveLength(
      ordersBefore.length,
    );

    expect(await t.services.orders.processQueued()).toEqual({ done: 1, failed: 0 });
    const placed = await follow(id);
    expect(placed).toMatchObject({
      status: 'DONE',
      error: null,
      order: { cost: 699, status: 'CREATED' },
    });
    expect(placed.redirect).toMatch(/\/sandbox\/checkout\//);
    // a second round finds nothing to do
    expect(await t.services.orders.processQueued()).toEqual({ done: 0, failed: 0 });
  });

  it('keeps the reason when the order is refused, and checks the payload at once', async () => {
    const res = await request(t.app)
      .post('/api/c_orders/async')
      .send({ data: { ...DATA, link: 'https://vk.com/wall-1_2' } });
    expect(res.status).toBe(202);
    await t.services.orders.processQueued();
    const failed = await follow(res.body.data.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toMatch(/^This is not a valid link for/);

    for (const body of [{}, { data: { ...DATA, quantity: 1.5 } }, { data: DATA, cost: 1 }]) {
      const bad = await request(t.app).post('/api/c_orders/async').send(body);
      expect(bad.status).toBe(400);
    }
    expect(
      (await request(t.app).post('/api/c_orders/async').send({ data: DATA, test: true })).status,
    ).toBe(403);
    expect((await request(t.app).get('/api/c_orders/async/AAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('places a user’s async order for that user, paid from the balance', async () => {
    const buyer = await signUp(t.app, { cur: 'RUB' });
    await t.database.db
      .updateTable('users')
      .set({ balance: 20_000 })
      .where('id', '=', buyer.user.id)
      .execute();
    const res = await request(t.app)
      .post('/api/c_orders/async')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ data: { tag: 'INSTAGRAM_LIKES', link: DATA.link, quantity: 1000, method: -1 } });
    await t.services.orders.processQueued();
    expect(await follow(res.body.data.id)).toMatchObject({
      status: 'DONE',
      order: { status: 'PAID', cost: 18_500 },
    });
    const user = await t.database.db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', buyer.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(user.balance)).toBe(1_500);
  });

  it('finishes an intake a dead worker left mid-way from its order, never placing it twice', async () => {
    const res = await request(t.app).post('/api/c_orders/async').send({ data: DATA });
    await t.services.orders.processQueued();
    const intake = await t.database.db
      .selectFrom('order_intake')
      .selectAll()
      .where('public_id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    // the worker died after placing the order, before noting it: PROCESSING, long ago
    await t.database.db
      .updateTable('order_intake')
      .set({
        status: 'PROCESSING',
        result: null,
        updated_at: new Date(Date.now() - 3_600_000).toISOString(),
      })
      .where('id', '=', intake.id)
      .execute();
    await t.services.orders.processQueued();
    const recovered = await follow(res.body.data.id);
    expect(recovered.status).toBe('DONE');
    // the buyer can still reach the checkout of the order's payment
    expect(recovered.redirect).toMatch(/\/sandbox\/checkout\//);
    expect(recovered.payment).toMatchObject({ status: 'WAITING' });
    const rows = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('intake_id', '=', intake.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
