import request from 'supertest';
import type { Db } from '#server/db/database.ts';
import { balanceOf, createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';

/**
 * Ordering from the cabinet: c_orders/main with `client: 'CLIENT_LK'` takes the
 * cabinet's prices and limits (logged-in users only), an auto order's range per post priced at
 * its average × posts (docs/product.md §13), and a comments order's own comments, one a line.
 */
type Account = Awaited<ReturnType<typeof signUp>>;

const IG_POST = 'https://www.instagram.com/p/C1a2B3c4D5e/';
const IG_ACCOUNT = 'https://www.instagram.com/nasa/';

describe.each(ENGINES)('cabinet orders on %s', (engine) => {
  let t: TestApp;
  let db: Db;
  let buyer: Account;

  beforeAll(async () => {
    t = await createTestAppWith({}, { engine });
    db = t.database.db;
  });
  afterAll(async () => {
    await t.database.close();
  });
  beforeEach(async () => {
    buyer = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
    await db
      .updateTable('users')
      .set({ balance: 1_000_000 })
      .where('id', '=', buyer.user.id)
      .execute();
  });

  const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });
  const place = (body: object, account: Account | null = buyer) =>
    request(t.app)
      .post('/api/c_orders/main')
      .set(account ? auth(account) : {})
      .send(body);
  const cabinetCost = async (tag: string, count: number, account: Account = buyer) => {
    const res = await request(t.app)
      .get(`/api/prices/orderCost?tag=${tag}&count=${count}&client=CLIENT_LK`)
      .set(auth(account));
    expect(res.status).toBe(200);
    return res.body.data as [number, number];
  };
  const stored = (publicId: string) =>
    db.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();

  it('charges the cabinet price, lower than the storefront, and debits the balance', async () => {
    const [cost, discount] = await cabinetCost('INSTAGRAM_LIKES', 1_000);
    const storefront = await place({
      tag: 'INSTAGRAM_LIKES',
      link: IG_POST,
      quantity: 1_000,
      method: -1,
    });
    expect(storefront.status).toBe(201);
    const cabinet = await place({
      tag: 'INSTAGRAM_LIKES',
      link: IG_POST,
      quantity: 1_000,
      method: -1,
      client: 'CLIENT_LK',
    });
    expect(cabinet.status).toBe(201);
    expect(cabinet.body.data.order).toMatchObject({ cost, discount, status: 'PAID' });
    expect(cost).toBeLessThan(storefront.body.data.order.cost);
    expect((await stored(cabinet.body.data.order.id)).client).toBe('CLIENT_LK');
    expect(await balanceOf(t.database, buyer.user.id)).toBe(
      1_000_000 - storefront.body.data.order.cost - cost,
    );
  });

  it('takes off the discount level of the user', async () => {
    const [base] = await cabinetCost('INSTAGRAM_LIKES', 1_000);
    await db
      .updateTable('users')
      .set({ discount_level: 2 })
      .where('id', '=', buyer.user.id)
      .execute();
    const res = await place({
      tag: 'INSTAGRAM_LIKES',
      link: IG_POST,
      quantity: 1_000,
      method: -1,
      client: 'CLIENT_LK',
    });
    // level 2 takes 5 % off likes (docs/product.md §4)
    expect(res.body.data.order.cost).toBe(base - Math.round(base * 0.05));
  });

  it('uses the cabinet limits: 200 000 likes are allowed there only', async () => {
    const body = { tag: 'INSTAGRAM_LIKES', link: IG_POST, quantity: 150_000, method: -1 };
    await db
      .updateTable('users')
      .set({ balance: 100_000_000 })
      .where('id', '=', buyer.user.id)
      .execute();
    expect((await place(body)).status).toBe(400);
    expect((await place({ ...body, client: 'CLIENT_LK' })).status).toBe(201);
  });

  it('refuses cabinet prices to guests', async () => {
    const res = await place(
      {
        tag: 'INSTAGRAM_LIKES',
        link: IG_POST,
        quantity: 1_000,
        method: 3,
        currency: 'RUB',
        email: 'guest@example.com',
        client: 'CLIENT_LK',
      },
      null,
    );
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Log in to order at cabinet prices');
  });

  it('prices an auto order at the average of its range per post, times the posts', async () => {
    const res = await place({
      tag: 'INSTAGRAM_AUTO_LIKES',
      link: IG_ACCOUNT,
      quantity: 100,
      quantity_max: 200,
      posts: 10,
      method: -1,
      client: 'CLIENT_LK',
    });
    expect(res.status).toBe(201);
    // (100 + 200) / 2 × 10 posts
    expect(res.body.data.order.count).toBe(1_500);
    const [cost] = await cabinetCost('INSTAGRAM_AUTO_LIKES', 1_500);
    expect(res.body.data.order.cost).toBe(cost);
    expect(await stored(res.body.data.order.id)).toMatchObject({
      quantity: 100,
      quantity_max: 200,
    });
  });

  it('places a subscription for every new post (posts 0): nothing charged now, the price per post kept', async () => {
    const expiry = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const body = {
      tag: 'INSTAGRAM_AUTO_LIKES',
      link: IG_ACCOUNT,
      quantity: 100,
      quantity_max: 120,
      posts: 0,
      expiry,
      method: -1,
      client: 'CLIENT_LK',
    };
    // each post order is charged from the balance: no other method, no guest
    const byCard = await place({ ...body, method: 2 });
    expect(byCard.status).toBe(400);
    expect(byCard.body.message).toBe(
      'A subscription for every new post is paid from the balance, post by post',
    );
    const res = await place(body);
    expect(res.status).toBe(201);
    // priced for one post: (100 + 120) / 2
    expect(res.body.data.order).toMatchObject({ posts: 0, count: 110, cost: 0, status: 'PAID' });
    expect(await balanceOf(t.database, buyer.user.id)).toBe(1_000_000);
    const order = await stored(res.body.data.order.id);
    const [perPost] = await cabinetCost('INSTAGRAM_AUTO_LIKES', 110);
    expect(
      await db
        .selectFrom('order_subscriptions')
        .select(['posts', 'post_cost', 'min', 'max', 'expiry', 'state'])
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      posts: 0,
      post_cost: perPost,
      min: 100,
      max: 120,
      expiry: `${expiry}T23:59:59.999Z`,
      state: 'ACTIVE',
    });

    // the cabinet's view says why a subscription waits: here, a balance short of the next post
    const view = async () => {
      const listed = await request(t.app).get('/api/c_orders').set(auth(buyer));
      expect(listed.status).toBe(200);
      return listed.body.data.items.find((item: { id: string }) => item.id === order.public_id)
        .subscription;
    };
    expect(await view()).toMatchObject({ posts: 0, posts_placed: 0, expiry, paused_for: null });
    await db
      .updateTable('order_subscriptions')
      .set({ state: 'PAUSED', paused_for: 'funds' })
      .where('order_id', '=', order.id)
      .execute();
    expect(await view()).toMatchObject({ state: 'PAUSED', paused_for: 'funds' });
  });

  it('refuses more than the most posts, and a negative count', async () => {
    const body = {
      tag: 'INSTAGRAM_AUTO_LIKES',
      link: IG_ACCOUNT,
      quantity: 100,
      method: -1,
      client: 'CLIENT_LK',
    };
    for (const posts of [-1, 101]) {
      const res = await place({ ...body, posts });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ posts: 'From 1 to 100 posts, or 0 for every new post' });
    }
  });

  it('refuses a range whose most is below its least, and changes nothing', async () => {
    const before = await balanceOf(t.database, buyer.user.id);
    const res = await place({
      tag: 'INSTAGRAM_AUTO_LIKES',
      link: IG_ACCOUNT,
      quantity: 300,
      quantity_max: 200,
      posts: 10,
      method: -1,
      client: 'CLIENT_LK',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The most per post cannot be less than the least');
    expect(await balanceOf(t.database, buyer.user.id)).toBe(before);
  });

  it('keeps the comments of a comments order, one a line, and counts them', async () => {
    const comments = ['Great shot!', '  ', 'Love it', 'Wow', 'Nice colours', 'So good', 'Perfect'];
    const res = await place({
      tag: 'INSTAGRAM_COMMENTS',
      link: IG_POST,
      quantity: 6,
      comments: comments.join('\n'),
      method: -1,
      client: 'CLIENT_LK',
    });
    expect(res.status).toBe(201);
    expect((await stored(res.body.data.order.id)).comments).toBe(
      'Great shot!\nLove it\nWow\nNice colours\nSo good\nPerfect',
    );
  });

  it('refuses comments that do not match the quantity or a service that takes none', async () => {
    const base = { link: IG_POST, method: -1, client: 'CLIENT_LK' };
    const short = await place({
      ...base,
      tag: 'INSTAGRAM_COMMENTS',
      quantity: 7,
      comments: 'a\nb',
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('The quantity is the number of comments: one comment a line');
    const likes = await place({ ...base, tag: 'INSTAGRAM_LIKES', quantity: 100, comments: 'a' });
    expect(likes.status).toBe(400);
    expect(likes.body.message).toBe('Only comment services take comments');
    const bad = await place({ ...base, tag: 'INSTAGRAM_LIKES', quantity: 100, client: 'LK' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ client: 'client is CLIENT_MAIN or CLIENT_LK' });
  });
});
