import request from 'supertest';
import { simulatorWatcher } from '#server/modules/fulfilment/providers.ts';
import { balanceOf, createTestAppWith, ENGINES, type TestApp } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { reseller } from '../support/reseller.ts';
import { testWorker } from '../support/worker.ts';

/**
 * What a panel that forwards its own customers' orders to `/api/v2` needs, as its client
 * drives it (form-encoded, numbers as strings): a subscription without a post count (left out,
 * or `posts=0`) ordering for every new post, each post order charged as it is placed, paused
 * by a short balance and resumed by a top-up; a subscription's post orders followed, refilled
 * and canceled by their numbers; a completed drip-feed order refilled as one order.
 *
 * The simulator delivers at once (a millisecond or two of its real clock after an add) and
 * publishes no post by itself within a test (one an hour); `publish` makes an account's next
 * posts appear, as its clock would.
 */
const MINUTE = 60_000;
const POST_EVERY_MS = 3_600_000;
const LINK = 'https://www.instagram.com/p/C8xYz12AbCd/';

type Post = Awaited<ReturnType<typeof reseller>>['post'];

describe.each(ENGINES)('a forwarding panel’s orders through /api/v2 on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith(
      {
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        SIMULATOR_START_DELAY_MS: '0',
        SIMULATOR_SPEED: '10000000',
        SIMULATOR_POST_EVERY_MS: String(POST_EVERY_MS),
      },
      { engine },
    );
  });
  afterAll(() => t.database.close());

  const watch = () =>
    t.services.orders.subscriptionsOn().watchDue({
      watcher: simulatorWatcher({
        db: t.database.db,
        simulator: t.services.simulator,
        simulatorUrl: null,
      }),
      lease: { owner: 'test-watch', leaseMs: 60_000 },
      checkEveryMs: 0,
    });
  /** The account's next `count` posts are out (its first look was a while before). */
  const publish = (name: string, count: number) => {
    const key = `instagram:${name.toLowerCase()}`;
    const since = t.services.simulator.watched.get(key);
    if (since === undefined) throw new Error(`${name} was never watched`);
    t.services.simulator.watched.set(key, since - count * POST_EVERY_MS);
  };
  /** Syncs as the worker does, round after round, until `check` passes: delivered by then. */
  const syncUntil = (aheadMs: number, check: () => Promise<void>) =>
    eventually(
      async () => {
        await testWorker(t, aheadMs).syncRunning();
        await check();
      },
      { timeoutMs: 5000 },
    );
  const autoLikes = async (post: Post) =>
    (await post({ action: 'services' })).body.find(
      (s: { type: string; category: string; name: string }) =>
        s.type === 'Subscriptions' && s.category === 'instagram' && /like/i.test(s.name),
    );
  const likesOf = async (post: Post) =>
    (await post({ action: 'services' })).body.find(
      (s: { name: string }) => s.name === 'Instagram likes',
    );
  const postOrders = (parentId: number) =>
    t.database.db
      .selectFrom('orders')
      .select(['id', 'status', 'cost', 'count', 'submit_started_at'])
      .where('parent_id', '=', parentId)
      .orderBy('id')
      .execute();
  const statusOf = async (post: Post, order: number) =>
    (await post({ action: 'status', order: String(order) })).body;
  /** rate × 100 units / 1000, rounded up: one post order of min = max = 100. */
  const postCost = (rate: string) => Math.ceil((Math.round(Number(rate) * 100) * 100) / 1000);

  describe('a subscription without a post count', () => {
    it('is accepted without posts and with posts=0, and charges each post order as it is placed', async () => {
      const { post, user, auth } = await reseller(t, { balance: 0 });
      const auto = await autoLikes(post);
      const cost = postCost(auto.rate);
      // two post orders and half of a third
      const balance = 2 * cost + Math.floor(cost / 2);
      await t.database.db
        .updateTable('users')
        .set({ balance })
        .where('id', '=', user.user.id)
        .execute();
      const name = `open.${engine}.${Date.now() % 1e9}`;
      const form = {
        action: 'add',
        service: String(auto.service),
        username: `https://www.instagram.com/${name}/`,
        min: '100',
        max: '100',
      };
      const added = await post(form).expect(200);
      expect(added.body).toEqual({ order: expect.any(Number) });
      const order: number = added.body.order;
      // posts=0 is the panels' own way of saying the same
      const zero = await post({
        ...form,
        username: `@zero.${Date.now() % 1e9}`,
        posts: '0',
      }).expect(200);
      expect(zero.body).toEqual({ order: expect.any(Number) });
      // nothing is paid in advance
      expect(await balanceOf(t.database, user.user.id)).toBe(balance);
      for (const id of [order, zero.body.order])
        expect(await statusOf(post, id)).toEqual({
          status: 'Active',
          expiry: null,
          posts: '0',
          orders: [],
          charge: '0.00000',
          currency: 'USD',
        });
      expect((await post({ action: 'cancel', orders: String(zero.body.order) })).body).toEqual([
        { order: zero.body.order, cancel: 1 },
      ]);

      // the first look finds the account's old posts only: nothing is ordered for them
      await watch();
      expect(await postOrders(order)).toEqual([]);

      // three new posts: two are paid for, one by one; the third finds the balance short
      publish(name, 3);
      await watch();
      let rows = await postOrders(order);
      expect(rows.map((row) => [row.status, Number(row.cost), row.count])).toEqual([
        ['PAID', cost, 100],
        ['PAID', cost, 100],
      ]);
      expect(await balanceOf(t.database, user.user.id)).toBe(balance - 2 * cost);
      const debits = await t.database.db
        .selectFrom('transactions')
        .select(['amount', 'group'])
        .where('order_id', '=', order)
        .orderBy('id')
        .execute();
      expect(debits.map((row) => [row.group, Number(row.amount)])).toEqual([
        ['order_payment', -cost],
        ['order_payment', -cost],
      ]);
      expect(await statusOf(post, order)).toEqual({
        status: 'Paused',
        expiry: null,
        posts: '2',
        orders: rows.map((row) => row.id),
        charge: ((2 * cost) / 100).toFixed(5),
        currency: 'USD',
      });
      // each post order answers for itself, at its own price
      expect(await statusOf(post, rows[0]!.id)).toMatchObject({
        status: 'Pending',
        charge: (cost / 100).toFixed(5),
        remains: '100',
      });
      const paused = async () =>
        (
          await request(t.app).get('/api/user/notifications').set('Authorization', auth)
        ).body.data.items.filter(
          (item: { notification_type: { type: string } }) =>
            item.notification_type.type === 'subscription.paused',
        );
      const told = await paused();
      expect(told).toHaveLength(1);
      expect(told[0].notification_type.message).toMatch(/paused/);
      expect(told[0].data).toMatchObject({ amount: cost, currency: 'USD' });

      // still short: it stays paused, orders nothing and says so once
      publish(name, 1);
      await watch();
      expect(await postOrders(order)).toHaveLength(2);
      expect((await statusOf(post, order)).status).toBe('Paused');
      expect(await paused()).toHaveLength(1);

      // topped up: it goes on with the post it could not pay for and the one since
      await t.database.db
        .updateTable('users')
        .set({ balance: balance - 2 * cost + 10 * cost })
        .where('id', '=', user.user.id)
        .execute();
      await watch();
      rows = await postOrders(order);
      expect(rows).toHaveLength(4);
      expect(rows.every((row) => Number(row.cost) === cost)).toBe(true);
      expect(await balanceOf(t.database, user.user.id)).toBe(balance - 4 * cost + 10 * cost);
      expect(await statusOf(post, order)).toMatchObject({
        status: 'Active',
        posts: '4',
        charge: ((4 * cost) / 100).toFixed(5),
      });

      // a cancel stops it; the post orders not yet sent come back, each its own price
      expect((await post({ action: 'cancel', orders: String(order) })).body).toEqual([
        { order, cancel: 1 },
      ]);
      expect((await postOrders(order)).map((row) => row.status)).toEqual([
        'CANCELED',
        'CANCELED',
        'CANCELED',
        'CANCELED',
      ]);
      expect(await balanceOf(t.database, user.user.id)).toBe(balance + 10 * cost);
      expect(await statusOf(post, order)).toMatchObject({
        status: 'Canceled',
        posts: '4',
        charge: '0.00000',
      });
    });
  });

  describe('a subscription’s post orders', () => {
    it('answer status, cancel and refill by their numbers, for the key’s account only', async () => {
      const { post, user } = await reseller(t, { balance: 1_000_000 });
      const auto = await autoLikes(post);
      const before = await balanceOf(t.database, user.user.id);
      const order: number = (
        await post({
          action: 'add',
          service: String(auto.service),
          username: `@posts.${engine}.${Date.now() % 1e9}`,
          min: '100',
          max: '100',
          posts: '4',
          old_posts: '2',
        }).expect(200)
      ).body.order;
      const charged = before - (await balanceOf(t.database, user.user.id));
      const share = Math.floor(charged / 4);
      await watch();
      const { orders } = await statusOf(post, order);
      expect(orders).toHaveLength(2);
      const [first, second] = orders as [number, number];

      // each answers status like any order, alone and among others
      expect(await statusOf(post, first)).toEqual({
        charge: (share / 100).toFixed(5),
        start_count: '0',
        status: 'Pending',
        remains: '100',
        currency: 'USD',
      });
      const many = (await post({ action: 'status', orders: `${first},${second},999999` })).body;
      expect(many[String(first)]).toMatchObject({ status: 'Pending' });
      expect(many[String(second)]).toMatchObject({ status: 'Pending' });
      expect(many['999999']).toEqual({ error: 'Incorrect order ID' });

      // the second is canceled by its number before it is sent: its share comes back
      const afterWatch = await balanceOf(t.database, user.user.id);
      expect((await post({ action: 'cancel', orders: String(second) })).body).toEqual([
        { order: second, cancel: 1 },
      ]);
      expect(await statusOf(post, second)).toMatchObject({
        status: 'Canceled',
        charge: '0.00000',
      });
      expect((await balanceOf(t.database, user.user.id)) - afterWatch).toBe(share);
      // the subscription itself watches on
      expect((await statusOf(post, order)).status).toBe('Active');

      // the first is sent and delivered, then refilled by its number
      await testWorker(t, 0).submitDue();
      await syncUntil(2 * MINUTE, async () => {
        expect(await statusOf(post, first)).toMatchObject({ status: 'Completed', remains: '0' });
      });
      const refilled = (await post({ action: 'refill', order: String(first) })).body;
      expect(refilled).toEqual({ refill: expect.any(Number) });
      expect(
        (await post({ action: 'refill_status', refill: String(refilled.refill) })).body,
      ).toEqual({ status: expect.stringMatching(/^(Pending|In progress|Completed)$/) });
      expect((await post({ action: 'refill', orders: String(second) })).body).toEqual([
        { order: second, refill: { error: 'This order cannot be refilled' } },
      ]);

      // another account's key finds none of them
      const other = await reseller(t);
      expect((await other.post({ action: 'status', order: String(first) })).body).toEqual({
        error: 'Incorrect order ID',
      });
      expect((await other.post({ action: 'refill', order: String(first) })).body).toEqual({
        error: 'Incorrect order ID',
      });
      expect((await other.post({ action: 'cancel', orders: String(first) })).body).toEqual([
        { order: first, cancel: { error: 'Incorrect order ID' } },
      ]);

      // a drip-feed's runs are no orders of their own: their order speaks for them
      const likes = await likesOf(post);
      const drip: number = (
        await post({
          action: 'add',
          service: String(likes.service),
          link: LINK,
          quantity: '100',
          runs: '2',
          interval: '1',
        }).expect(200)
      ).body.order;
      const [run] = await postOrders(drip);
      expect(await statusOf(post, run!.id)).toEqual({ error: 'Incorrect order ID' });
    });
  });

  describe('a drip-feed order', () => {
    it('is refilled as one order once completed, each of its runs at the provider', async () => {
      const { post } = await reseller(t, { balance: 100_000 });
      const likes = await likesOf(post);
      expect(likes).toMatchObject({ refill: true, dripfeed: true });
      const order: number = (
        await post({
          action: 'add',
          service: String(likes.service),
          link: LINK,
          quantity: '100',
          runs: '2',
          interval: '1',
        }).expect(200)
      ).body.order;
      // not delivered yet: nothing to refill
      expect((await post({ action: 'refill', order: String(order) })).body).toEqual({
        error: 'This order cannot be refilled',
      });

      await testWorker(t, 0).submitDue();
      await testWorker(t, MINUTE + 1_000).submitDue();
      await syncUntil(3 * MINUTE, async () => {
        expect(await statusOf(post, order)).toMatchObject({
          status: 'Completed',
          runs: '2',
          runs_done: '2',
        });
      });

      const refilled = (await post({ action: 'refill', order: String(order) })).body;
      expect(refilled).toEqual({ refill: expect.any(Number) });
      const runs = await postOrders(order);
      const asked = await t.database.db
        .selectFrom('order_refills')
        .select(['order_id', 'provider_refill_id'])
        .where(
          'order_id',
          'in',
          runs.map((run) => run.id),
        )
        .orderBy('order_id')
        .execute();
      // each run is refilled at the provider
      expect(asked.map((row) => row.order_id)).toEqual(runs.map((run) => run.id));
      // while it has not been seen to end, another refill waits
      expect((await post({ action: 'refill', orders: String(order) })).body).toEqual([
        { order, refill: { error: 'A refill of this order is still running' } },
      ]);
      // the simulator ends refills at once: the order's refill ends with its runs'
      expect(
        (await post({ action: 'refill_status', refill: String(refilled.refill) })).body,
      ).toEqual({ status: 'Completed' });
      const again = (await post({ action: 'refill', orders: String(order) })).body;
      expect(again).toEqual([{ order, refill: expect.any(Number) }]);
      expect(again[0].refill).not.toBe(refilled.refill);
    });
  });
});
