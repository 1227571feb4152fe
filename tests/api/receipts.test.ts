import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';

/** Guest orders: a receipt mail with the follow link once paid, and keeping the order later. */
const GUEST = {
  tag: 'INSTAGRAM_LIKES',
  link: 'https://www.instagram.com/p/C8xYz12AbCd/',
  quantity: 1000,
  currency: 'USD',
  method: 7, // PayPal, through the sandbox
  email: 'guest@example.com',
  agreement: true,
  return_path: '/en/',
};

/** Mails in the outbox to an address, newest last (quoted-printable soft breaks undone). */
function mailsTo(outbox: string, address: string): string[] {
  return readdirSync(outbox)
    .sort()
    .map((file) => readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, ''))
    .filter((mail) => mail.includes(address));
}

describe.each(ENGINES)('receipts and keeping guest orders on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith({}, { engine });
  });
  afterAll(async () => {
    await t.database.close();
  });

  const pay = async (email: string) => {
    const res = await request(t.app)
      .post('/api/c_orders/main')
      .send({ ...GUEST, email });
    expect(res.status).toBe(201);
    const checkout = new URL(res.body.data.redirect).pathname;
    return { ...res.body.data, checkout } as {
      order: { id: string };
      payment: { id: string };
      checkout: string;
    };
  };

  it('mails the receipt with the follow link once the payment goes through, not before', async () => {
    const email = `receipt.${engine}@example.com`;
    const placed = await pay(email);
    expect(mailsTo(t.outbox, email)).toEqual([]);
    await request(t.app).post(placed.checkout).type('form').send({ outcome: 'pay' });
    const mails = mailsTo(t.outbox, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Thank you for your order: 1,000 × Instagram likes, $6.99.');
    expect(mails[0]).toContain(`https://shop.test/en/thanks/?order=${placed.order.id}`);
    // replaying the payment's webhook mails nothing more
    await request(t.app).post(placed.checkout).type('form').send({ outcome: 'pay' });
    expect(mailsTo(t.outbox, email)).toHaveLength(1);
  });

  it('tells the receipt link how much of the order is delivered, as the provider reports it', async () => {
    const placed = await pay(`progress.${engine}@example.com`);
    await request(t.app).post(placed.checkout).type('form').send({ outcome: 'pay' });
    const follow = async () =>
      (await request(t.app).get(`/api/c_orders/${placed.order.id}`)).body.data;
    const set = (changes: Record<string, unknown>) =>
      t.database.db
        .updateTable('orders')
        .set(changes)
        .where('public_id', '=', placed.order.id)
        .execute();
    await set({ status: 'RUNNING', start_count: 40, remains: 550 });
    expect(await follow()).toMatchObject({ status: 'RUNNING', delivered: 450, progress: 0.45 });
    await set({ status: 'PARTIAL', remains: 300 });
    expect(await follow()).toMatchObject({ status: 'PARTIAL', delivered: 700, progress: 0.7 });
    await set({ status: 'COMPLETED', remains: 0 });
    expect(await follow()).toMatchObject({ status: 'COMPLETED', delivered: 1000, progress: 1 });
  });

  it('mails no receipt for a declined payment', async () => {
    const email = `declined.${engine}@example.com`;
    const placed = await pay(email);
    await request(t.app).post(placed.checkout).type('form').send({ outcome: 'decline' });
    expect(mailsTo(t.outbox, email)).toEqual([]);
  });

  it('follows the order from the link without an account, then keeps it in one', async () => {
    const placed = await pay(`keep.${engine}@example.com`);
    await request(t.app).post(placed.checkout).type('form').send({ outcome: 'pay' });
    const followed = await request(t.app).get(`/api/c_orders/${placed.order.id}`);
    expect(followed.body.data).toMatchObject({
      status: 'PAID',
      delivered: 0,
      progress: 0,
      owned: false,
    });

    expect((await request(t.app).post(`/api/c_orders/${placed.order.id}/claim`)).status).toBe(401);
    const owner = await signUp(t.app);
    const claim = (account: { token: string }, id = placed.order.id) =>
      request(t.app)
        .post(`/api/c_orders/${id}/claim`)
        .set('Authorization', `Bearer ${account.token}`);
    const kept = await claim(owner);
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ id: placed.order.id, owned: true });
    // again by the owner: still theirs; by anyone else: refused, and it stays with the owner
    expect((await claim(owner)).status).toBe(200);
    const other = await signUp(t.app);
    const taken = await claim(other);
    expect([taken.status, taken.body.message]).toEqual([
      409,
      'This order belongs to another account',
    ]);
    const list = await request(t.app)
      .get('/api/c_orders')
      .set('Authorization', `Bearer ${owner.token}`);
    expect(list.body.data.items.map((item: { id: string }) => item.id)).toEqual([placed.order.id]);
    expect((await claim(owner, 'A'.repeat(20))).status).toBe(404);

    // the cabinet's list filters by status and service
    const unpaid = await pay(`keep2.${engine}@example.com`);
    await claim(owner, unpaid.order.id);
    const listed = async (query: string) =>
      (
        await request(t.app)
          .get(`/api/c_orders?${query}`)
          .set('Authorization', `Bearer ${owner.token}`)
      ).body;
    expect((await listed('status=PAID')).data.items.map((item: { id: string }) => item.id)).toEqual(
      [placed.order.id],
    );
    expect((await listed('status=CREATED')).data).toMatchObject({
      items: [{ id: unpaid.order.id }],
      meta: { total: 1 },
    });
    expect((await listed('tag=TIKTOK_LIKES')).data.meta.total).toBe(0);
    expect(await listed('status=LOST')).toMatchObject({
      statusCode: 400,
      message: 'Unknown order status',
    });
  });

  it('mails a user the receipt of an order paid from the balance', async () => {
    const buyer = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
    await t.database.db
      .updateTable('users')
      .set({ balance: 50_000 })
      .where('id', '=', buyer.user.id)
      .execute();
    const res = await request(t.app)
      .post('/api/c_orders/main')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ tag: 'INSTAGRAM_LIKES', link: GUEST.link, quantity: 1000, method: -1 });
    expect(res.status).toBe(201);
    const mails = mailsTo(t.outbox, buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`/thanks/?order=${res.body.data.order.id}`);
  });
});
