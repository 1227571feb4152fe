import request from 'supertest';
import { signStripe } from '#server/integrations/payments/stripe-gateway.ts';
import { createTestAppWith, type TestApp } from '../support/app.ts';

/** Which methods are offered follows which gateways serve them; a broken gateway fails fast. */
const CARD_ORDER = {
  tag: 'INSTAGRAM_LIKES',
  link: 'https://www.instagram.com/p/C8xYz12AbCd/',
  quantity: 1000,
  currency: 'USD',
  method: 2,
  email: 'guest@example.com',
  agreement: true,
};
const codesOf = async (t: TestApp, currency: string) =>
  (await request(t.app).get(`/api/payment/methods?currency=${currency}`)).body.data.methods.map(
    (method: { code: string }) => method.code,
  );

describe('payment gateways by configuration', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.database.close();
  });
  const app = async (env: Record<string, string>) => {
    const t = await createTestAppWith(env);
    apps.push(t);
    return t;
  };

  it('offers no method without a gateway when the sandbox is off', async () => {
    const off = await app({ PAYMENT_SANDBOX: 'false' });
    expect(await codesOf(off, 'USD')).toEqual(['balance']);
    expect((await request(off.app).get('/sandbox/checkout/x/')).status).toBe(404);
    const res = await request(off.app).post('/api/c_orders/main').send(CARD_ORDER);
    expect([res.status, res.body.message]).toEqual([
      400,
      'This payment method is not available for this order',
    ]);

    // with Stripe configured, Stripe's methods come back; the others stay away
    const stripe = await app({
      PAYMENT_SANDBOX: 'false',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(await codesOf(stripe, 'USD')).toEqual([
      'balance',
      'card_world',
      'apple_pay',
      'google_pay',
    ]);
  });

  it('fails the payment at once when the gateway cannot open a checkout', async () => {
    const broken = await app({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
    const res = await request(broken.app).post('/api/c_orders/main').send(CARD_ORDER);
    expect([res.status, res.body.message]).toEqual([
      503,
      'The payment service is temporary unavailable',
    ]);
    const payments = await broken.database.db.selectFrom('payments').select('status').execute();
    expect(payments.map((row) => row.status)).toEqual(['ERROR']);
  });

  it('acknowledges a genuine Stripe event that is not about a payment of ours', async () => {
    const stripe = await app({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    const body = JSON.stringify({ id: 'evt_1', type: 'customer.created', data: { object: {} } });
    const res = await request(stripe.app)
      .post('/api/payments/webhook/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signStripe(body, 'whsec_x', Math.floor(Date.now() / 1000)))
      .send(body);
    expect([res.status, res.body.data]).toEqual([200, { settled: false }]);
  });
});
