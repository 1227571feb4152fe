import { jest } from '@jest/globals';
import request from 'supertest';
import { loadConfig } from '#server/config.ts';
import { workerJobs } from '#server/jobs/jobs.ts';
import { startWorker } from '#server/jobs/worker.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createTestAppWith, ENGINES, type TestApp } from '../support/app.ts';

/** The worker's payment round: waiting payments are asked of their gateway, then expire. */
const ORDER = {
  tag: 'INSTAGRAM_LIKES',
  link: 'https://www.instagram.com/p/C8xYz12AbCd/',
  quantity: 1000,
  currency: 'USD',
  method: 7, // PayPal: through the sandbox here
  email: 'guest@example.com',
  agreement: true,
  return_path: '/en/',
};

describe.each(ENGINES)('payments re-check on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith({}, { engine });
  });
  afterAll(async () => {
    await t.database.close();
  });

  const place = async () => {
    const res = await request(t.app).post('/api/c_orders/main').send(ORDER);
    expect(res.status).toBe(201);
    return res.body.data as { order: { id: string }; payment: { id: string }; redirect: string };
  };
  const statusOf = async (orderId: string) =>
    (await request(t.app).get(`/api/c_orders/${orderId}`)).body.data;
  const age = (paymentId: string, ms: number) =>
    t.database.db
      .updateTable('payments')
      .set({ created_at: new Date(Date.now() - ms).toISOString() })
      .where('public_id', '=', paymentId)
      .execute();

  it('settles a payment the gateway decided while its webhook never came', async () => {
    const placed = await place();
    const ref = new URL(placed.redirect).pathname.split('/')[3]!;
    // the gateway records the payment but its webhook is lost
    const gateway = t.services.sandbox!;
    const decided = gateway.payment(ref)!;
    decided.status = 'SUCCESS';
    await age(placed.payment.id, 2 * 60_000);

    const round = await t.services.payments.recheckWaiting({
      recheckAfterMs: 60_000,
      expireAfterMs: 3_600_000,
    });
    expect(round).toMatchObject({ settled: 1, expired: 0 });
    expect((await statusOf(placed.order.id)).status).toBe('PAID');
  });

  it('leaves young payments alone and expires those past the limit with their orders', async () => {
    const young = await place();
    const old = await place();
    await age(old.payment.id, 2 * 3_600_000);
    const round = await t.services.payments.recheckWaiting({
      recheckAfterMs: 60_000,
      expireAfterMs: 3_600_000,
    });
    expect(round.expired).toBe(1);
    const expired = await statusOf(old.order.id);
    expect(expired.status).toBe('EXPIRED');
    expect(expired.history.map((row: { status: string }) => row.status)).toEqual([
      'CREATED',
      'EXPIRED',
    ]);
    expect((await request(t.app).get(`/api/payment/${old.payment.id}`)).body.data.status).toBe(
      'ERROR',
    );
    expect((await statusOf(young.order.id)).status).toBe('CREATED');
    // a late webhook for the expired payment changes nothing
    const ref = new URL(old.redirect).pathname.split('/')[3]!;
    await t.services.sandbox!.decide(ref, 'SUCCESS');
    expect((await statusOf(old.order.id)).status).toBe('EXPIRED');
  });

  it('expires an order whose payment was declined once it is old, with its history', async () => {
    const placed = await place();
    await request(t.app)
      .post(new URL(placed.redirect).pathname)
      .type('form')
      .send({ outcome: 'decline' });
    expect(await t.services.orders.expireUnpaid({ afterMs: 3_600_000 })).toEqual({ expired: 0 });
    await t.database.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 2 * 3_600_000).toISOString() })
      .where('public_id', '=', placed.order.id)
      .execute();
    expect(await t.services.orders.expireUnpaid({ afterMs: 3_600_000 })).toEqual({ expired: 1 });
    const order = await statusOf(placed.order.id);
    expect(order.status).toBe('EXPIRED');
    // a waiting payment keeps its order open
    const waiting = await place();
    await t.database.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 2 * 3_600_000).toISOString() })
      .where('public_id', '=', waiting.order.id)
      .execute();
    await t.services.orders.expireUnpaid({ afterMs: 3_600_000 });
    expect((await statusOf(waiting.order.id)).status).toBe('CREATED');
  });

  it('runs its jobs every interval until stopped, and a failing job does not stop the others', async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const logger = createLogger(config);
    let runs = 0;
    // the loop schedules its rounds with setTimeout: fake timers step it exactly
    jest.useFakeTimers();
    try {
      const worker = startWorker({
        jobs: [
          { name: 'broken', run: () => Promise.reject(new Error('boom')) },
          { name: 'count', run: async () => (runs += 1) },
        ],
        intervalMs: 20,
        logger,
      });
      await jest.advanceTimersByTimeAsync(19);
      expect(runs).toBe(0);
      await jest.advanceTimersByTimeAsync(1);
      expect(runs).toBe(1);
      await jest.advanceTimersByTimeAsync(20);
      expect(runs).toBe(2);
      await worker.stop();
      await jest.advanceTimersByTimeAsync(1000);
      expect(runs).toBe(2);
    } finally {
      jest.useRealTimers();
    }
    expect(workerJobs(t.services, config, logger).map((job) => job.name)).toEqual([
      'orders.intake',
      'payments.recheck',
      'orders.subscriptions',
      'fulfilment.submit',
      'fulfilment.sync',
      'orders.expire',
      'webhooks.deliver',
      'webhooks.forget',
      'analytics.forward',
      'analytics.forget',
      'orders.service-stats',
      'articles.views',
    ]);
  });
});
