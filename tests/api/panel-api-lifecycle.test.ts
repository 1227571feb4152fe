import { createTestAppWith, ENGINES, type TestApp } from '../support/app.ts';
import { reseller } from '../support/reseller.ts';
import { testWorker } from '../support/worker.ts';

/**
 * The whole life of a reseller's orders through `/api/v2`, as a panel client
 * drives it: services → add → status → a provider runs it to the end (the in-process
 * simulator, one unit a second) → multi-status → refill → refill_status; another order is
 * canceled before it started, and the balance says what came back.
 */
const MINUTE = 60_000;
const LINK = 'https://www.instagram.com/p/C8xYz12AbCd/';

describe.each(ENGINES)('an order’s life through /api/v2 on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith(
      { AUTH_RATE_LIMIT_PER_MINUTE: '1000', SIMULATOR_START_DELAY_MS: '0', SIMULATOR_SPEED: '60' },
      { engine },
    );
  });
  afterAll(() => t.database.close());

  const worker = (aheadMs: number) => testWorker(t, aheadMs);

  it('goes from services to a refill, and a cancel gives the money back', async () => {
    const { post } = await reseller(t);

    const likes = (await post({ action: 'services' })).body.find(
      (service: { name: string }) => service.name === 'Instagram likes',
    );
    const first: number = (
      await post({ action: 'add', service: String(likes.service), link: LINK, quantity: '100' })
    ).body.order;
    const second: number = (
      await post({ action: 'add', service: String(likes.service), link: LINK, quantity: '100' })
    ).body.order;
    expect(first).toBeLessThan(second);
    const afterAdds = (await post({ action: 'balance' })).body.balance;

    // the second is canceled before any worker sends it: all its money comes back
    const canceled = await post({ action: 'cancel', orders: `${second},999999` }).expect(200);
    expect(canceled.body).toEqual([
      { order: second, cancel: 1 },
      { order: 999999, cancel: { error: 'Incorrect order ID' } },
    ]);
    expect((await post({ action: 'status', order: String(second) })).body).toMatchObject({
      status: 'Canceled',
      charge: '0.00000',
    });
    const back = Number((await post({ action: 'balance' })).body.balance) - Number(afterAdds);
    expect(back).toBeGreaterThan(0);

    // the first is sent and delivered (the simulator's clock moved on), then synced
    await worker(0).submitDue();
    expect((await post({ action: 'status', order: String(first) })).body.status).toMatch(
      /^(Processing|In progress)$/,
    );
    const upstream = [...t.services.simulator.orders.values()].at(-1)!;
    upstream.createdAt = Date.now() - 200 * 1000;
    await worker(2 * MINUTE).syncRunning();
    const done = await post({ action: 'status', orders: `${first},${second}` }).expect(200);
    expect(done.body[String(first)]).toMatchObject({
      status: 'Completed',
      remains: '0',
      currency: 'USD',
    });
    expect(done.body[String(second)]).toMatchObject({ status: 'Canceled' });

    // a refill of the completed order, followed by its number
    const refilled = await post({ action: 'refill', order: String(first) }).expect(200);
    expect(refilled.body).toEqual({ refill: expect.any(Number) });
    const status = await post({
      action: 'refill_status',
      refill: String(refilled.body.refill),
    }).expect(200);
    expect(status.body).toEqual({
      status: expect.stringMatching(/^(Pending|In progress|Completed)$/),
    });
    const many = await post({
      action: 'refill_status',
      refills: `${refilled.body.refill},424242`,
    }).expect(200);
    expect(many.body).toEqual([
      { refill: refilled.body.refill, status: status.body.status },
      { refill: 424242, status: { error: 'Refill not found' } },
    ]);
    // a second refill while the first runs, and a refill of a canceled order, are refused
    const again = await post({ action: 'refill', orders: `${second}` }).expect(200);
    expect(again.body).toEqual([
      { order: second, refill: { error: 'This order cannot be refilled' } },
    ]);
  });
});
