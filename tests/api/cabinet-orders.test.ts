import request from 'supertest';
import { simulatorCatalogue } from '#server/modules/fulfilment/providers.ts';
import { balanceOf, createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';
import { testWorker } from '../support/worker.ts';

/**
 * The cabinet's orders: the filtered list, cancel and refill through the in-process
 * simulator (its orders' start times are moved to stand for time passing), average time.
 */
const IG_POST = 'https://www.instagram.com/p/C1a2B3c4D5e/';
const IG_POST_2 = 'https://www.instagram.com/p/C9zYx87WvUt/';
const IG_ACCOUNT = 'https://www.instagram.com/nasa/';
const TT_VIDEO = 'https://www.tiktok.com/@khaby.lame/video/7234567890123456789';
const MINUTE = 60_000;

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(ENGINES)('cabinet orders on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestAppWith(
      { AUTH_RATE_LIMIT_PER_MINUTE: '1000', SIMULATOR_START_DELAY_MS: '0', SIMULATOR_SPEED: '60' },
      { engine },
    );
  });
  afterAll(async () => {
    await t.database.close();
  });

  const bearer = (req: request.Test, who: Account) =>
    req.set('Authorization', `Bearer ${who.token}`);
  const list = (who: Account, query = '') =>
    bearer(request(t.app).get(`/api/c_orders${query ? `?${query}` : ''}`), who);
  const cancel = (who: Account, id: string) =>
    bearer(request(t.app).post(`/api/c_orders/${id}/cancel`), who);
  const refill = (who: Account, id: string) =>
    bearer(request(t.app).post(`/api/c_orders/${id}/refill`), who);
  const history = async (id: string) =>
    (await request(t.app).get(`/api/c_orders/${id}`)).body.data.history as {
      status: string;
      note: string | null;
    }[];
  const refunds = (userId: number) =>
    t.database.db
      .selectFrom('transactions')
      .select(['amount', 'group'])
      .where('user_id', '=', userId)
      .where('group', '=', 'refund')
      .execute();

  /** A RUB buyer with money on the balance. */
  async function buyer(balance = 1_000_000) {
    const who = await signUp(t.app, { cur: 'RUB', lang: 'en' });
    await t.database.db
      .updateTable('users')
      .set({ balance })
      .where('id', '=', who.user.id)
      .execute();
    return who;
  }

  /** An order paid from the balance; answers its public id and cost. */
  async function place(
    who: Account,
    fields: Partial<{ tag: string; link: string; quantity: number }> = {},
  ) {
    const res = await bearer(request(t.app).post('/api/c_orders/main'), who).send({
      tag: 'INSTAGRAM_LIKES',
      link: IG_POST,
      quantity: 1000,
      method: -1,
      ...fields,
    });
    expect(res.status).toBe(201);
    return { id: res.body.data.order.id as string, cost: res.body.data.order.cost as number };
  }

  const rowOf = (publicId: string) =>
    t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();

  /** The simulator's own record of an order we placed with it. */
  async function upstreamOf(publicId: string) {
    const row = await rowOf(publicId);
    const order = t.services.simulator.orders.get(row.provider_order_id!);
    if (!order) throw new Error(`the simulator has no order for ${publicId}`);
    return order;
  }

  const worker = (aheadMs: number) => testWorker(t, aheadMs);
  const submit = () => worker(0).submitDue();
  const sync = () => worker(2 * MINUTE).syncRunning();

  /** Submitted, and `units` delivered by the simulator (one a second: SIMULATOR_SPEED 60). */
  async function running(who: Account, units: number) {
    const placed = await place(who);
    await submit();
    (await upstreamOf(placed.id)).createdAt = Date.now() - units * 1000 - 200;
    return placed;
  }

  describe('the list', () => {
    let owner: Account;
    let other: Account;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      owner = await buyer();
      other = await buyer();
      ids.likes = (await place(owner, { quantity: 100 })).id; // 1 900 kop
      ids.followers = (await place(owner, { tag: 'INSTAGRAM_FOLLOWERS', link: IG_ACCOUNT })).id;
      ids.tiktok = (await place(owner, { tag: 'TIKTOK_LIKES', link: TT_VIDEO })).id;
      ids.multi = (
        await place(owner, {
          tag: 'INSTAGRAM_LIKES_MULTI',
          link: `${IG_POST}\n${IG_POST_2}`,
          quantity: 100,
        })
      ).id;
      ids.foreign = (await place(other)).id;
      // a guest's order kept in the account (the receipt link proves it)
      const guest = await request(t.app)
        .post('/api/c_orders/main')
        .set('Origin', 'https://shop.test')
        .send({
          tag: 'INSTAGRAM_LIKES',
          link: 'https://www.instagram.com/p/Gu_est100x/',
          quantity: 1000,
          currency: 'RUB',
          method: 3,
          email: 'guest@example.com',
        });
      expect([guest.status, guest.body.message]).toEqual([201, undefined]);
      ids.claimed = guest.body.data.order.id;
      expect(
        (await bearer(request(t.app).post(`/api/c_orders/${ids.claimed}/claim`), owner)).status,
      ).toBe(200);
      // spread over three days, statuses as fulfilment would leave them
      const set = async (key: string, changes: Record<string, unknown>) =>
        t.database.db
          .updateTable('orders')
          .set(changes)
          .where('public_id', '=', ids[key]!)
          .execute();
      await set('likes', { created_at: '2026-03-01T10:00:00.000Z' });
      await set('followers', {
        created_at: '2026-03-02T23:59:59.999Z',
        status: 'RUNNING',
        start_count: 120,
        remains: 250,
      });
      await set('tiktok', { created_at: '2026-03-03T00:00:00.000Z', status: 'COMPLETED' });
    });

    const idsOf = (res: request.Response) => {
      expect(res.status).toBe(200);
      return (res.body.data.items as { id: string }[]).map((item) => item.id);
    };

    it('shows every own order, claimed guest orders too, newest first, never another user’s', async () => {
      const res = await list(owner);
      expect(idsOf(res)).toEqual([ids.claimed, ids.multi, ids.tiktok, ids.followers, ids.likes]);
      expect(res.body.data.meta).toEqual({ total: 5, page: 1, limit: 20 });
      expect(idsOf(await list(other))).toEqual([ids.foreign]);
      expect((await request(t.app).get('/api/c_orders')).status).toBe(401);
    });

    it('gives progress, platform, rows and actions with each order', async () => {
      const items = (await list(owner)).body.data.items as Record<string, unknown>[];
      const byId = new Map(items.map((item) => [item.id, item]));
      expect(byId.get(ids.followers)).toMatchObject({
        platform: 'instagram',
        status: 'RUNNING',
        start_count: 120,
        remains: 250,
        delivered: 750,
        progress: 0.75,
        refunded: 0,
        children: [],
        can_refill: false,
        refill: null,
        updated_at: expect.any(String),
      });
      expect(byId.get(ids.tiktok)).toMatchObject({
        platform: 'tiktok',
        delivered: 1000,
        progress: 1,
      });
      expect(byId.get(ids.likes)).toMatchObject({ status: 'PAID', can_cancel: true, delivered: 0 });
      const multi = byId.get(ids.multi) as { children: { link: string; status: string }[] };
      expect(multi.children.map((row) => [row.link, row.status])).toEqual([
        [IG_POST, 'PAID'],
        [IG_POST_2, 'PAID'],
      ]);
      expect(byId.get(ids.claimed)).toMatchObject({ status: 'CREATED', can_cancel: false });
    });

    it.each([
      ['status=PAID', ['multi', 'likes']],
      ['status=RUNNING,COMPLETED', ['tiktok', 'followers']],
      ['status=CREATED', ['claimed']],
      ['platform=tiktok', ['tiktok']],
      ['platform=instagram', ['claimed', 'multi', 'followers', 'likes']],
      ['platform=vk', []],
      ['tag=INSTAGRAM_FOLLOWERS', ['followers']],
      ['platform=tiktok&tag=INSTAGRAM_FOLLOWERS', []],
      ['q=NASA', ['followers']],
      ['q=c9zyx87', ['multi']],
      ['q=u_e', ['claimed']],
      ['q=%25', []],
      ['q=C_a', []],
      ['from=2026-03-02&to=2026-03-02', ['followers']],
      ['from=2026-03-01&to=2026-03-03', ['tiktok', 'followers', 'likes']],
      ['to=2026-03-01', ['likes']],
      ['cost_max=1900', ['likes']],
      ['cost_min=1901&status=PAID', ['multi']],
      ['status=PAID&platform=instagram&q=c1a2b3&cost_min=1900&cost_max=1900', ['likes']],
    ])('filters by ?%s', async (query, expected) => {
      expect(idsOf(await list(owner, query))).toEqual(expected.map((key) => ids[key]));
    });

    it('finds an order by its public id', async () => {
      expect(idsOf(await list(owner, `q=${ids.tiktok}`))).toEqual([ids.tiktok]);
      expect(idsOf(await list(owner, `q=${ids.foreign}`))).toEqual([]);
    });

    it('gives each order the number the reseller API names it by, and finds it by that number', async () => {
      const items = (await list(owner)).body.data.items as { id: string; number: number }[];
      const tiktok = items.find((item) => item.id === ids.tiktok)!;
      const row = await t.database.db
        .selectFrom('orders')
        .select('id')
        .where('public_id', '=', ids.tiktok!)
        .executeTakeFirstOrThrow();
      expect(tiktok.number).toBe(row.id);
      // the digits alone also find links that hold them; "#" names the number only
      expect(idsOf(await list(owner, `q=${tiktok.number}`))).toContain(ids.tiktok);
      expect(idsOf(await list(owner, `q=%23${tiktok.number}`))).toEqual([ids.tiktok]);
      // another user's number finds nothing; a number past the column's range neither (no 500)
      const foreign = await t.database.db
        .selectFrom('orders')
        .select('id')
        .where('public_id', '=', ids.foreign!)
        .executeTakeFirstOrThrow();
      expect(idsOf(await list(owner, `q=%23${foreign.id}`))).toEqual([]);
      expect(idsOf(await list(owner, 'q=%239999999999'))).toEqual([]);
    });

    it('pages with the total', async () => {
      const first = await list(owner, 'limit=2');
      expect(idsOf(first)).toEqual([ids.claimed, ids.multi]);
      expect(first.body.data.meta).toEqual({ total: 5, page: 1, limit: 2 });
      expect(idsOf(await list(owner, 'limit=2&page=3'))).toEqual([ids.likes]);
      const filtered = await list(owner, 'platform=instagram&limit=2&page=2');
      expect(idsOf(filtered)).toEqual([ids.followers, ids.likes]);
      expect(filtered.body.data.meta.total).toBe(4);
    });

    it.each([
      ['status=DONE', 'status', 'Unknown order status'],
      ['status=PAID,', 'status', 'Unknown order status'],
      ['platform=myspace', 'platform', 'Unknown platform'],
      ['tag=likes', 'tag', 'Unknown service'],
      ['from=2026-13-01', 'from', 'A date is YYYY-MM-DD'],
      ['to=2026-02-30', 'to', 'A date is YYYY-MM-DD'],
      ['from=2026-03-02&to=2026-03-01', 'to', 'The end of a range comes after its start'],
      ['cost_min=-1', 'cost_min', 'An amount is a whole number of minor units'],
      ['cost_max=1.5', 'cost_max', 'An amount is a whole number of minor units'],
      ['cost_min=10&cost_max=9', 'cost_max', 'The end of a range comes after its start'],
      [`q=${'x'.repeat(201)}`, 'q', 'The search text is up to 200 characters'],
      ['sort=id', 'sort', 'This field is not expected'],
    ])('refuses ?%s naming the field', async (query, field, message) => {
      const res = await list(owner, query);
      expect([res.status, res.body.message, res.body.errors?.[field]]).toEqual([
        400,
        message,
        message,
      ]);
    });
  });

  describe('cancel', () => {
    it('cancels a paid order not yet sent at once, refunding it once however often it is asked', async () => {
      const who = await buyer(100_000);
      const { id, cost } = await place(who);
      expect(await balanceOf(t.database, who.user.id)).toBe(100_000 - cost);
      const answers = await Promise.all([cancel(who, id), cancel(who, id), cancel(who, id)]);
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409]);
      const ok = answers.find((res) => res.status === 200)!;
      expect(ok.body.data).toMatchObject({
        id,
        status: 'CANCELED',
        refunded: cost,
        can_cancel: false,
      });
      expect(answers.find((res) => res.status === 409)!.body.message).toBe(
        'This order can no longer be canceled',
      );
      expect(await balanceOf(t.database, who.user.id)).toBe(100_000);
      expect(await refunds(who.user.id)).toEqual([{ amount: cost, group: 'refund' }]);
      expect((await history(id)).at(-1)).toEqual(
        expect.objectContaining({ status: 'CANCELED', note: 'canceled by the buyer' }),
      );
      // the worker sends it nowhere
      await submit();
      expect(await rowOf(id)).toMatchObject({ status: 'CANCELED', provider_order_id: null });
    });

    it('cancels a paid _MULTI order with its rows for its whole cost', async () => {
      const who = await buyer(100_000);
      const { id, cost } = await place(who, {
        tag: 'INSTAGRAM_LIKES_MULTI',
        link: `${IG_POST}\n${IG_POST_2}`,
        quantity: 100,
      });
      const res = await cancel(who, id);
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe('CANCELED');
      expect(res.body.data.children.map((row: { status: string }) => row.status)).toEqual([
        'CANCELED',
        'CANCELED',
      ]);
      expect(await balanceOf(t.database, who.user.id)).toBe(100_000);
      expect(await refunds(who.user.id)).toEqual([{ amount: cost, group: 'refund' }]);
    });

    it('leaves a paid order alone once a worker began to send it', async () => {
      const who = await buyer();
      const { id } = await place(who);
      await t.database.db
        .updateTable('orders')
        .set({ submit_started_at: new Date().toISOString() })
        .where('public_id', '=', id)
        .execute();
      const listed = (await list(who)).body.data.items[0];
      expect(listed).toMatchObject({ id, can_cancel: false });
      const res = await cancel(who, id);
      expect([res.status, res.body.message]).toEqual([409, 'This order can no longer be canceled']);
      expect((await rowOf(id)).status).toBe('PAID');
    });

    it('asks the provider to cancel a running order: nothing delivered, all back', async () => {
      const who = await buyer(100_000);
      const { id, cost } = await place(who);
      await submit();
      // still pending at the provider
      (await upstreamOf(id)).createdAt = Date.now() + MINUTE;
      expect((await list(who)).body.data.items[0]).toMatchObject({
        status: 'RUNNING',
        can_cancel: true,
      });
      const res = await cancel(who, id);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'CANCELED', refunded: cost });
      expect(await balanceOf(t.database, who.user.id)).toBe(100_000);
      const notes = (await history(id)).map((row) => [row.status, row.note]);
      expect(notes.slice(-2)).toEqual([
        ['RUNNING', 'cancel requested'],
        ['CANCELED', 'simulator: Canceled'],
      ]);
      const again = await cancel(who, id);
      expect([again.status, again.body.message]).toEqual([
        409,
        'This order can no longer be canceled',
      ]);
      expect(await refunds(who.user.id)).toHaveLength(1);
    });

    it('gives back the undelivered share of a running order the provider stopped half way', async () => {
      const who = await buyer(100_000);
      const { id, cost } = await running(who, 500);
      const res = await cancel(who, id);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'PARTIAL', remains: 500, delivered: 500 });
      expect(res.body.data.refunded).toBe(Math.round(cost / 2));
      expect(await balanceOf(t.database, who.user.id)).toBe(100_000 - cost + Math.round(cost / 2));
    });

    it('refuses ended orders, others’ orders and guests', async () => {
      const who = await buyer();
      const { id } = await running(who, 1200);
      await sync();
      expect((await rowOf(id)).status).toBe('COMPLETED');
      const res = await cancel(who, id);
      expect([res.status, res.body.message]).toEqual([409, 'This order can no longer be canceled']);
      const stranger = await buyer();
      expect((await cancel(stranger, id)).status).toBe(404);
      expect((await cancel(who, 'Z'.repeat(20))).status).toBe(404);
      expect((await request(t.app).post(`/api/c_orders/${id}/cancel`)).status).toBe(401);
    });
  });

  describe('refill', () => {
    it('refills a completed order once at a time and follows the refill', async () => {
      const who = await buyer();
      const { id } = await running(who, 1200);
      const early = await refill(who, id);
      expect([early.status, early.body.message]).toEqual([409, 'This order cannot be refilled']);
      await sync();
      expect((await list(who)).body.data.items[0]).toMatchObject({
        status: 'COMPLETED',
        can_refill: true,
        can_cancel: false,
      });

      const res = await refill(who, id);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        can_refill: false,
        refill: { id: expect.any(String), status: 'Pending' },
      });
      const refillId = res.body.data.refill.id;
      expect((await history(id)).at(-1)).toEqual(
        expect.objectContaining({ status: 'COMPLETED', note: `refill requested: ${refillId}` }),
      );
      const twice = await refill(who, id);
      expect([twice.status, twice.body.message]).toEqual([
        409,
        'A refill of this order is still running',
      ]);

      const followed = await bearer(request(t.app).get(`/api/c_orders/${id}/refill`), who);
      expect(followed.status).toBe(200);
      expect(followed.body.data).toMatchObject({ id: refillId, status: 'Completed' });
      const stored = await t.database.db
        .selectFrom('order_refills')
        .select(['provider_refill_id', 'status'])
        .execute();
      expect(stored).toContainEqual({ provider_refill_id: refillId, status: 'Completed' });
      // the refill is over: another may be asked for
      expect((await list(who)).body.data.items[0].can_refill).toBe(true);
      expect((await refill(who, id)).status).toBe(200);
    });

    it('answers 404 for the refill of an order without one', async () => {
      const who = await buyer();
      const { id } = await place(who);
      const res = await bearer(request(t.app).get(`/api/c_orders/${id}/refill`), who);
      expect([res.status, res.body.message]).toEqual([404, 'This order has no refill']);
    });
  });

  describe('a provider whose services allow neither', () => {
    let u: TestApp;
    beforeAll(async () => {
      u = await createTestAppWith(
        { AUTH_RATE_LIMIT_PER_MINUTE: '1000', SIMULATOR_START_DELAY_MS: '0' },
        { engine },
      );
      // the simulator learns the catalogue on its first call; then it offers neither
      const sim = u.services.simulator;
      await sim.transport(
        'internal',
        new URLSearchParams({ key: 'simulator-key', action: 'balance' }),
        1000,
      );
      sim.stock(
        (await simulatorCatalogue(u.services.catalog)).map((service) => ({
          ...service,
          cancel: false,
          refill: false,
        })),
      );
    });
    afterAll(async () => {
      await u.database.close();
    });

    it('refuses to cancel or refill, and offers neither', async () => {
      const who = await signUp(u.app, { cur: 'RUB' });
      await u.database.db
        .updateTable('users')
        .set({ balance: 100_000 })
        .where('id', '=', who.user.id)
        .execute();
      const placed = await bearer(request(u.app).post('/api/c_orders/main'), who).send({
        tag: 'INSTAGRAM_LIKES',
        link: IG_POST,
        quantity: 1000,
        method: -1,
      });
      const id = placed.body.data.order.id;
      await u.services.fulfilment.submitDue();
      const listed = (await bearer(request(u.app).get('/api/c_orders'), who)).body.data.items[0];
      expect(listed).toMatchObject({ status: 'RUNNING', can_cancel: false });
      const res = await bearer(request(u.app).post(`/api/c_orders/${id}/cancel`), who);
      expect([res.status, res.body.message]).toEqual([409, 'This service cannot be canceled']);

      await u.database.db
        .updateTable('orders')
        .set({ status: 'COMPLETED' })
        .where('public_id', '=', id)
        .execute();
      const refused = await bearer(request(u.app).post(`/api/c_orders/${id}/refill`), who);
      expect([refused.status, refused.body.message]).toEqual([
        409,
        'This service cannot be refilled',
      ]);
    });
  });

  describe('average time', () => {
    it('averages paid → completed over our own completed orders of a service', async () => {
      const who = await buyer();
      const spans = [600, 1200];
      for (const seconds of spans) {
        const { id } = await place(who, { tag: 'INSTAGRAM_FOLLOWERS', link: IG_ACCOUNT });
        const { id: orderId } = await rowOf(id);
        await t.database.db
          .updateTable('orders')
          .set({ status: 'COMPLETED' })
          .where('id', '=', orderId)
          .execute();
        await t.database.db
          .updateTable('order_events')
          .set({ created_at: '2026-03-01T10:00:00.000Z' })
          .where('order_id', '=', orderId)
          .where('status', '=', 'PAID')
          .execute();
        await t.database.db
          .insertInto('order_events')
          .values({
            order_id: orderId,
            status: 'COMPLETED',
            note: 'simulator: Completed',
            created_at: new Date(
              Date.parse('2026-03-01T10:00:00.000Z') + seconds * 1000,
            ).toISOString(),
          })
          .execute();
      }
      // public: the order form reads it before anyone logs in
      const res = await request(t.app).get('/api/c_orders/average_time?tag=INSTAGRAM_FOLLOWERS');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ tag: 'INSTAGRAM_FOLLOWERS', seconds: 900, orders: 2 });
    });

    it('answers null without completed orders, 404 for an unknown service, 400 without a tag', async () => {
      const none = await request(t.app).get('/api/c_orders/average_time?tag=VK_LIKES');
      expect(none.body.data).toEqual({ tag: 'VK_LIKES', seconds: null, orders: 0 });
      expect((await request(t.app).get('/api/c_orders/average_time?tag=NO_SUCH')).status).toBe(404);
      const bare = await request(t.app).get('/api/c_orders/average_time');
      expect([bare.status, bare.body.message]).toEqual([400, 'Unknown service']);
    });
  });
});
