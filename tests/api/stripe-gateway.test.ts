import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { signStripe } from '#server/integrations/payments/stripe-gateway.ts';
import { createTestAppWith, type TestApp } from '../support/app.ts';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe.ts';

/**
 * The Stripe adapter against a local fake that speaks Stripe's API: checkout sessions, the
 * hosted page, signed webhooks posted to the shop, and polling when a webhook is lost.
 */
const SECRET_KEY = 'sk_test_storefront';
const WEBHOOK_SECRET = 'whsec_storefront_test';
const ORDER = {
  tag: 'INSTAGRAM_LIKES',
  link: 'https://www.instagram.com/p/C8xYz12AbCd/',
  quantity: 1000,
  currency: 'USD',
  method: 2, // card_world: a Stripe method
  email: 'guest@example.com',
  agreement: true,
  return_path: '/en/buy-instagram-likes/',
};

describe('Stripe Checkout adapter', () => {
  let shop: TestApp;
  let server: http.Server;
  let stripe: FakeStripe;
  let port = 0;

  beforeAll(async () => {
    stripe = await startFakeStripe({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: () => `http://127.0.0.1:${port}/api/payments/webhook/stripe`,
    });
    shop = await createTestAppWith({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    });
    server = http.createServer(shop.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await stripe.close();
    await shop.database.close();
  });

  const place = async () => {
    const res = await request(server).post('/api/c_orders/main').send(ORDER);
    expect(res.status).toBe(201);
    return res.body.data as { order: { id: string }; payment: { id: string }; redirect: string };
  };
  const choose = (checkout: string, outcome: 'pay' | 'decline') =>
    fetch(checkout, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `outcome=${outcome}`,
      redirect: 'manual',
    });
  const paymentOf = async (id: string) =>
    (await request(server).get(`/api/payment/${id}`)).body.data;

  it('opens a checkout session with the order amount and settles on the signed webhook', async () => {
    const placed = await place();
    expect(placed.redirect).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_\\w+$`));
    const session = [...stripe.sessions.values()].at(-1)!;
    expect(session).toMatchObject({
      amount_total: 699,
      currency: 'usd',
      client_reference_id: placed.payment.id,
      metadata: { payment: placed.payment.id },
    });
    expect(session.success_url).toBe(
      `https://shop.test/en/buy-instagram-likes/?action=PaymentSuccess&payment=${placed.payment.id}`,
    );

    const back = await choose(placed.redirect, 'pay');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(session.success_url);
    const payment = await paymentOf(placed.payment.id);
    expect(payment.status).toBe('SUCCESS');
    expect(payment.order).toMatchObject({ id: placed.order.id, status: 'PAID' });
  });

  it('credits once however often a signed event is replayed, and refuses forged ones', async () => {
    const placed = await place();
    await choose(placed.redirect, 'pay');
    const event = stripe.sent.at(-1)!;
    const post = (body: string, signature: string) =>
      request(server)
        .post('/api/payments/webhook/stripe')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', signature)
        .send(body);
    const replays = await Promise.all([1, 2, 3].map(() => post(event.body, event.signature)));
    expect(replays.map((res) => [res.status, res.body.data.settled])).toEqual([
      [200, false],
      [200, false],
      [200, false],
    ]);
    const events = await shop.database.db
      .selectFrom('order_events')
      .innerJoin('orders', 'orders.id', 'order_events.order_id')
      .select('order_events.status')
      .where('orders.public_id', '=', placed.order.id)
      .execute();
    expect(events.map((row) => row.status)).toEqual(['CREATED', 'PAID']);

    const now = Math.floor(Date.now() / 1000);
    for (const signature of [
      signStripe(event.body, 'whsec_wrong', now),
      signStripe(event.body, WEBHOOK_SECRET, now - 3600), // too old: a replayed capture
      `t=${now},v1=${'0'.repeat(64)}`,
      '',
    ]) {
      const res = await post(event.body, signature);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid signature');
    }
    // the body changed after signing
    const tampered = event.body.replace('"paid"', '"unpaid"');
    expect((await post(tampered, event.signature)).status).toBe(400);
  });

  it('fails the payment when the session expires, and polls when a webhook is lost', async () => {
    const declined = await place();
    const back = await choose(declined.redirect, 'decline');
    expect(back.headers.get('location')).toContain('action=PaymentCancel');
    expect((await paymentOf(declined.payment.id)).status).toBe('ERROR');

    stripe.deliverWebhooks = false;
    try {
      const lost = await place();
      await choose(lost.redirect, 'pay');
      // no webhook came: asking for the payment asks Stripe, which says paid
      const payment = await paymentOf(lost.payment.id);
      expect(payment.status).toBe('SUCCESS');
      expect(payment.order.status).toBe('PAID');
    } finally {
      stripe.deliverWebhooks = true;
    }
  });

  it('reuses the session when the same payment asks again (idempotency key)', async () => {
    const form = new URLSearchParams({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '100',
    });
    const ask = () =>
      fetch(`${stripe.url}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${SECRET_KEY}`,
          'Idempotency-Key': 'checkout-same',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: form,
      }).then((res) => res.json() as Promise<{ id: string }>);
    expect((await ask()).id).toBe((await ask()).id);
  });
});
