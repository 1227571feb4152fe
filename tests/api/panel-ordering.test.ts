import { simulatorWatcher } from '#server/modules/fulfilment/providers.ts';
import { createTestAppWith, ENGINES, type TestApp } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { reseller } from '../support/reseller.ts';
import { testWorker } from '../support/worker.ts';

/**
 * Panel-exact ordering as panel clients drive it, form-encoded with numbers as
 * strings: a drip-feed order delivered as its runs a minute apart, a drip-feed canceled after
 * its first run, and a subscription that orders for each new post of its account until its
 * posts are used. The simulator delivers at once (a millisecond or two of its real clock after
 * an add) and publishes no post by itself within a test (one an hour); `publish` makes an
 * account's next posts appear, as its clock would.
 */
const MINUTE = 60_000;
const POST_EVERY_MS = 3_600_000;
const LINK = 'https://www.instagram.com/p/C8xYz12AbCd/';

describe.each(ENGINES)('panel-exact ordering through /api/v2 on %s', (engine) => {
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

  const serviceNamed = async (post: Awaited<ReturnType<typeof reseller>>['post'], name: string) =>
    (await post({ action: 'services' })).body.find(
      (service: { name: string }) => service.name === name,
    );
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
  const balanceOf = async (post: Awaited<ReturnType<typeof reseller>>['post']) =>
    Math.round(Number((await post({ action: 'balance' })).body.balance) * 100);
  /** Runs sent so far, in order: when each was sent to the provider. */
  const sentRuns = (parentId: number) =>
    t.database.db
      .selectFrom('orders')
      .select(['id', 'status', 'submit_started_at', 'count'])
      .where('parent_id', '=', parentId)
      .orderBy('id')
      .execute();

  it('takes a comment order as many as its comments, blank lines left out', async () => {
    const { post } = await reseller(t, { balance: 100_000 });
    const services = (await post({ action: 'services' })).body as {
      service: number;
      type: string;
      min: string;
    }[];
    const comments = services.find((service) => service.type === 'Custom Comments')!;
    const lines = Array.from({ length: Number(comments.min) }, (_, i) => `Great shot ${i + 1}`);
    const added = await post({
      action: 'add',
      service: String(comments.service),
      link: LINK,
      // a line of spaces, as a pasted list has, is no comment
      comments: [lines[0], '   ', ...lines.slice(1)].join('\n'),
    }).expect(200);
    expect(added.body).toEqual({ order: expect.any(Number) });
    const placed = await t.database.db
      .selectFrom('orders')
      .select(['count'])
      .where('id', '=', added.body.order)
      .executeTakeFirstOrThrow();
    expect(placed.count).toBe(lines.length);
  });

  it('delivers a drip-feed order as its runs, interval minutes apart, charged rate × quantity × runs / 1000', async () => {
    const { post } = await reseller(t, { balance: 100_000 });
    const likes = await serviceNamed(post, 'Instagram likes');
    expect(likes.dripfeed).toBe(true);
    const before = await balanceOf(post);
    const added = await post({
      action: 'add',
      service: String(likes.service),
      link: LINK,
      quantity: '100',
      runs: '3',
      interval: '1',
    }).expect(200);
    const order: number = added.body.order;
    const charged = before - (await balanceOf(post));
    expect(charged).toBe(Math.ceil((Math.round(Number(likes.rate) * 100) * 300) / 1000));
    expect((await post({ action: 'status', order: String(order) })).body).toMatchObject({
      status: 'Pending',
      remains: '300',
      runs: '3',
      runs_done: '0',
    });

    // the first run goes at once; the next only a minute after it was sent
    await testWorker(t, 0).submitDue();
    await testWorker(t, 30_000).submitDue();
    let runs = await sentRuns(order);
    expect(runs.map((run) => run.submit_started_at !== null)).toEqual([true, false, false]);
    expect(runs.every((run) => run.count === 100)).toBe(true);
    await testWorker(t, MINUTE + 1_000).submitDue();
    await testWorker(t, MINUTE + 30_000).submitDue();
    runs = await sentRuns(order);
    expect(runs.map((run) => run.submit_started_at !== null)).toEqual([true, true, false]);
    await testWorker(t, 2 * MINUTE + 2_000).submitDue();
    runs = await sentRuns(order);
    const sentAt = runs.map((run) => Date.parse(run.submit_started_at!));
    expect(sentAt[1]! - sentAt[0]!).toBeGreaterThanOrEqual(MINUTE);
    expect(sentAt[1]! - sentAt[0]!).toBeLessThan(MINUTE + 5_000);
    expect(sentAt[2]! - sentAt[1]!).toBeGreaterThanOrEqual(MINUTE);
    expect(sentAt[2]! - sentAt[1]!).toBeLessThan(MINUTE + 5_000);
    expect((await post({ action: 'status', order: String(order) })).body).toMatchObject({
      status: expect.stringMatching(/^(Processing|In progress)$/),
      runs: '3',
      runs_done: '3',
    });

    // the provider delivers every run: the order completes, nothing comes back
    await syncUntil(4 * MINUTE, async () => {
      expect((await post({ action: 'status', order: String(order) })).body).toMatchObject({
        status: 'Completed',
      });
    });
    const done = (await post({ action: 'status', order: String(order) })).body;
    expect(done).toMatchObject({ status: 'Completed', remains: '0', runs_done: '3' });
    expect(Math.round(Number(done.charge) * 100)).toBe(charged);
    expect(before - (await balanceOf(post))).toBe(charged);
  });

  it('refunds the runs not yet sent when a drip-feed order is canceled after its first run', async () => {
    const { post } = await reseller(t, { balance: 100_000 });
    const likes = await serviceNamed(post, 'Instagram likes');
    const before = await balanceOf(post);
    const order: number = (
      await post({
        action: 'add',
        service: String(likes.service),
        link: LINK,
        quantity: '200',
        runs: '3',
        interval: '1',
      }).expect(200)
    ).body.order;
    const charged = before - (await balanceOf(post));
    await testWorker(t, 0).submitDue();
    await syncUntil(2 * MINUTE, async () => {
      expect((await sentRuns(order)).map((run) => run.status)).toEqual([
        'COMPLETED',
        'PAID',
        'PAID',
      ]);
    });

    expect((await post({ action: 'cancel', orders: String(order) })).body).toEqual([
      { order, cancel: 1 },
    ]);
    expect((await sentRuns(order)).map((run) => run.status)).toEqual([
      'COMPLETED',
      'CANCELED',
      'CANCELED',
    ]);
    const runShare = Math.floor(charged / 3);
    expect((await balanceOf(post)) - (before - charged)).toBe(2 * runShare);
    const status = (await post({ action: 'status', order: String(order) })).body;
    expect(status).toMatchObject({ status: 'Partial', remains: '400', runs: '3', runs_done: '1' });
    expect(Math.round(Number(status.charge) * 100)).toBe(before - (await balanceOf(post)));
    // nothing is sent after the cancel
    await testWorker(t, 5 * MINUTE).submitDue();
    expect((await sentRuns(order)).filter((run) => run.submit_started_at).length).toBe(1);
  });

  describe('a subscription', () => {
    const watch = (aheadMs = 0) =>
      t.services.orders
        .subscriptionsOn(() => new Date(Date.now() + aheadMs))
        .watchDue({
          watcher: simulatorWatcher({
            db: t.database.db,
            simulator: t.services.simulator,
            simulatorUrl: null,
          }),
          lease: { owner: 'test-watch', leaseMs: 60_000 },
          checkEveryMs: 0,
        });
    const account = (name: string) => `https://www.instagram.com/${name}/`;

    it('places one post order per new post, delay after it, and ends Completed after its posts', async () => {
      const { post } = await reseller(t, { balance: 1_000_000 });
      const auto = (await post({ action: 'services' })).body.find(
        (s: { type: string; category: string; name: string }) =>
          s.type === 'Subscriptions' && s.category === 'instagram' && /like/i.test(s.name),
      );
      const before = await balanceOf(post);
      const name = `sub.${engine}.${Date.now()}`;
      const order: number = (
        await post({
          action: 'add',
          service: String(auto.service),
          username: account(name),
          min: '100',
          max: '120',
          posts: '3',
          delay: '0',
          expiry: '31/12/2099',
        }).expect(200)
      ).body.order;
      const charged = before - (await balanceOf(post));
      expect((await post({ action: 'status', order: String(order) })).body).toEqual({
        status: 'Active',
        expiry: '31/12/2099',
        posts: '0',
        orders: [],
        charge: (charged / 100).toFixed(5),
        currency: 'USD',
      });

      // the first look finds only the account's old posts: nothing is ordered for them
      await watch();
      expect(await sentRuns(order)).toEqual([]);
      // one post order per new post: a look that finds no new post orders nothing
      for (let posts = 1; posts <= 3; posts++) {
        publish(name, 1);
        await watch();
        expect(await sentRuns(order)).toHaveLength(posts);
        await watch();
        expect(await sentRuns(order)).toHaveLength(posts);
      }
      const rows = await t.database.db
        .selectFrom('orders')
        .select(['id', 'link', 'count', 'status'])
        .where('parent_id', '=', order)
        .orderBy('id')
        .execute();
      expect(rows).toHaveLength(3);
      expect(new Set(rows.map((row) => row.link)).size).toBe(3);
      for (const row of rows) {
        expect(row.link).toMatch(/^https:\/\/www\.instagram\.com\/p\/[\w-]{11}\/$/);
        expect(row.count).toBeGreaterThanOrEqual(100);
        expect(row.count).toBeLessThanOrEqual(120);
      }
      // its posts are used: it stops watching, the post orders go and complete
      expect((await post({ action: 'status', order: String(order) })).body).toMatchObject({
        status: 'Completed',
        posts: '3',
        orders: rows.map((row) => row.id),
      });
      publish(name, 2);
      await watch();
      expect(await sentRuns(order)).toHaveLength(3);
      await testWorker(t, 0).submitDue();
      await syncUntil(2 * MINUTE, async () => {
        const order_ = await t.database.db
          .selectFrom('orders')
          .select(['status'])
          .where('id', '=', order)
          .executeTakeFirstOrThrow();
        expect(order_.status).toBe('COMPLETED');
      });
      const status = (await post({ action: 'status', order: String(order) })).body;
      expect(status).toMatchObject({ status: 'Completed', posts: '3' });
      expect(Math.round(Number(status.charge) * 100)).toBe(charged);
      expect(before - (await balanceOf(post))).toBe(charged);
    });

    it('orders for the latest old posts asked, waits out the delay, and refunds unused posts on cancel', async () => {
      const { post } = await reseller(t, { balance: 1_000_000 });
      const auto = (await post({ action: 'services' })).body.find(
        (s: { type: string; category: string }) =>
          s.type === 'Subscriptions' && s.category === 'instagram',
      );
      const before = await balanceOf(post);
      const name = `old.${engine}.${Date.now()}`;
      const order: number = (
        await post({
          action: 'add',
          service: String(auto.service),
          username: `@${name}`,
          min: '100',
          max: '100',
          posts: '5',
          old_posts: '2',
          delay: '30',
        }).expect(200)
      ).body.order;
      const charged = before - (await balanceOf(post));
      await watch();
      const rows = await sentRuns(order);
      expect(rows).toHaveLength(2);
      // the delay holds them: not sent before 30 minutes have passed
      await testWorker(t, 29 * MINUTE).submitDue();
      expect((await sentRuns(order)).every((row) => row.submit_started_at === null)).toBe(true);

      // canceled now: the three unused posts and the two unsent post orders come back
      expect((await post({ action: 'cancel', orders: String(order) })).body).toEqual([
        { order, cancel: 1 },
      ]);
      expect(await balanceOf(post)).toBe(before);
      const status = (await post({ action: 'status', order: String(order) })).body;
      expect(status).toMatchObject({ status: 'Canceled', posts: '2', charge: '0.00000' });
      publish(name, 2);
      await watch(31 * MINUTE);
      await testWorker(t, 31 * MINUTE).submitDue();
      expect((await sentRuns(order)).map((row) => row.status)).toEqual(['CANCELED', 'CANCELED']);
      expect(charged).toBeGreaterThan(0);
    });

    it('pauses while the account cannot be seen, and refunds everything when it expires with no post', async () => {
      const { post } = await reseller(t, { balance: 1_000_000 });
      const auto = (await post({ action: 'services' })).body.find(
        (s: { type: string; category: string }) =>
          s.type === 'Subscriptions' && s.category === 'instagram',
      );
      const before = await balanceOf(post);
      const tomorrow = new Date(Date.now() + 24 * 3_600_000);
      const dmy = `${tomorrow.getUTCDate()}/${tomorrow.getUTCMonth() + 1}/${tomorrow.getUTCFullYear()}`;
      const order: number = (
        await post({
          action: 'add',
          service: String(auto.service),
          username: '@private.account',
          min: '100',
          posts: '2',
          expiry: dmy,
        }).expect(200)
      ).body.order;
      await watch();
      expect((await post({ action: 'status', order: String(order) })).body.status).toBe('Paused');
      // two days later it has expired: all of it comes back
      await watch(2 * 24 * 3_600_000);
      expect((await post({ action: 'status', order: String(order) })).body).toMatchObject({
        status: 'Completed',
        posts: '0',
        charge: '0.00000',
      });
      expect(await balanceOf(post)).toBe(before);
    });
  });
});
