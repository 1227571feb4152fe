import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { loadConfig } from '#server/config.ts';
import { seedCatalog } from '#server/db/seed/seed-catalog.ts';
import {
  createSimulator,
  type SimulatorOptions,
  startSimulatorServer,
} from '#server/integrations/providers/simulator.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createFulfilmentService } from '#server/modules/fulfilment/fulfilment.service.ts';
import { providerRegistry, simulatorCatalogue } from '#server/modules/fulfilment/providers.ts';
import {
  balanceOf as balanceOfUser,
  createTestAppWith,
  ENGINES,
  signUp,
  type TestApp,
} from '../support/app.ts';

/**
 * Fulfilment through the simulator: paid orders are submitted, followed to COMPLETED,
 * PARTIAL, CANCELED or ERROR, and the balance, ledger and notifications checked after each.
 * The simulator and the worker share a clock the test moves.
 */
const LINK = 'https://www.instagram.com/p/C8xYz12AbCd/';
const MINUTE = 60_000;

describe.each(ENGINES)('fulfilment on %s', (engine) => {
  let t: TestApp;
  let clock: number;
  const logger = createLogger(loadConfig({ NODE_ENV: 'test' }));

  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { engine });
  });
  afterAll(async () => {
    await t.database.close();
  });
  beforeEach(() => {
    clock = Date.now();
  });

  const servers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  /** A simulator server (real HTTP, the SMM panel API v2) and a worker on the test clock. */
  async function worker(options: Partial<SimulatorOptions> = {}, workerId = 'w1') {
    const simulator = createSimulator({
      key: 'simulator-key',
      services: await simulatorCatalogue(t.services.catalog),
      speedPerMinute: 1000,
      startDelayMs: 0,
      now: () => clock,
      random: () => 0.5,
      ...options,
    });
    const server = await startSimulatorServer(simulator, 0);
    servers.push(server);
    const fulfilment = createFulfilmentService({
      orders: t.services.orders.workOn(() => new Date(clock)),
      providerOf: providerRegistry({ db: t.database.db, simulator, simulatorUrl: server.url }),
      catalog: t.services.catalog,
      logger,
      now: () => new Date(clock),
      options: { workerId, syncEveryMs: MINUTE, retryBaseMs: MINUTE },
    });
    return { simulator, fulfilment };
  }

  /** A RUB user with money pays 1000 Instagram likes (18 500 kopecks) from the balance. */
  async function paidOrder(balance = 100_000, fields: Partial<{ ref: string }> = {}) {
    const buyer = await signUp(t.app, { cur: 'RUB', lang: 'en' });
    if (fields.ref) {
      const referrer = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('ref_code', '=', fields.ref)
        .executeTakeFirstOrThrow();
      await t.database.db
        .updateTable('users')
        .set({ referrer_id: referrer.id })
        .where('id', '=', buyer.user.id)
        .execute();
    }
    await t.database.db
      .updateTable('users')
      .set({ balance })
      .where('id', '=', buyer.user.id)
      .execute();
    const res = await request(t.app)
      .post('/api/c_orders/main')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ tag: 'INSTAGRAM_LIKES', link: LINK, quantity: 1000, method: -1 });
    expect(res.status).toBe(201);
    return { buyer, orderId: res.body.data.order.id as string };
  }

  const orderOf = (publicId: string) =>
    t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();
  const balanceOf = (userId: number) => balanceOfUser(t.database, userId);
  const ledgerOf = (userId: number) =>
    t.database.db
      .selectFrom('transactions')
      .select(['amount', 'group', 'balance_after'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const historyOf = async (publicId: string) =>
    (await request(t.app).get(`/api/c_orders/${publicId}`)).body.data.history.map(
      (row: { status: string }) => row.status,
    );
  const notesOf = (userId: number) =>
    t.database.db
      .selectFrom('notifications')
      .select(['type', 'message'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  /** Runs rounds with the clock moving a minute each, until nothing is left to do. */
  async function rounds(w: Awaited<ReturnType<typeof worker>>, count = 5) {
    for (let i = 0; i < count; i++) {
      await w.fulfilment.submitDue();
      clock += MINUTE;
      await w.fulfilment.syncRunning();
    }
  }

  it('takes an order to COMPLETED and pays the referrer 10 % of it', async () => {
    const referrer = await signUp(t.app, { cur: 'RUB', lang: 'en' });
    const { buyer, orderId } = await paidOrder(100_000, { ref: referrer.user.refCode });
    const w = await worker();
    expect(await w.fulfilment.submitDue()).toMatchObject({ submitted: 1 });
    const running = await orderOf(orderId);
    expect(running.status).toBe('RUNNING');
    expect(running.provider_order_id).toBe([...w.simulator.orders.keys()][0]);
    expect(w.simulator.adds).toBe(1);

    await rounds(w);
    const done = await orderOf(orderId);
    expect(done).toMatchObject({ status: 'COMPLETED', remains: 0 });
    expect(await historyOf(orderId)).toEqual(['CREATED', 'PAID', 'RUNNING', 'COMPLETED']);
    // nothing back to the buyer; 1 850 kopecks to the referrer
    expect(await balanceOf(buyer.user.id)).toBe(81_500);
    expect(await ledgerOf(referrer.user.id)).toEqual([
      { amount: 1_850, group: 'affiliate_program', balance_after: 1_850 },
    ]);
    expect((await notesOf(buyer.user.id)).map((note) => note.message)).toEqual([
      'Your order 1,000 × Instagram likes is paid and will start soon.',
      'Your order 1,000 × Instagram likes has started.',
      'Your order 1,000 × Instagram likes is complete.',
    ]);
    expect((await notesOf(referrer.user.id))[0]!.message).toBe(
      'You earned ₽18.50 from an order of a customer you referred.',
    );
    // more rounds change nothing
    await rounds(w, 2);
    expect(await ledgerOf(referrer.user.id)).toHaveLength(1);
    expect(w.simulator.adds).toBe(1);
  });

  it('refunds the undelivered share of a PARTIAL order, once', async () => {
    const { buyer, orderId } = await paidOrder();
    // random 0.5: the order stops at 10 % + 0.5 × 80 % = 50 % delivered
    const w = await worker({ partialRate: 1 });
    await rounds(w);
    const partial = await orderOf(orderId);
    expect(partial).toMatchObject({ status: 'PARTIAL', remains: 500 });
    expect(await balanceOf(buyer.user.id)).toBe(81_500 + 9_250);
    expect((await ledgerOf(buyer.user.id)).map((row) => [row.group, row.amount])).toEqual([
      ['order_payment', -18_500],
      ['refund', 9_250],
    ]);
    await rounds(w, 2);
    expect(await ledgerOf(buyer.user.id)).toHaveLength(2);
    expect((await notesOf(buyer.user.id)).at(-1)!.message).toBe(
      'Your order 1,000 × Instagram likes was delivered in part; ₽92.50 went back to your balance.',
    );
  });

  it('refunds all of a CANCELED order and of one the provider refuses (ERROR)', async () => {
    const canceled = await paidOrder();
    const w = await worker({ cancelRate: 1 });
    await rounds(w);
    expect((await orderOf(canceled.orderId)).status).toBe('CANCELED');
    expect(await balanceOf(canceled.buyer.user.id)).toBe(100_000);

    const refused = await paidOrder();
    const r = await worker({ errorRate: 1 });
    expect(await r.fulfilment.submitDue()).toMatchObject({ refused: 1 });
    const order = await orderOf(refused.orderId);
    expect(order.status).toBe('ERROR');
    expect(await balanceOf(refused.buyer.user.id)).toBe(100_000);
    expect(await historyOf(refused.orderId)).toEqual(['CREATED', 'PAID', 'ERROR']);
  });

  it('keeps orders waiting while the provider is down and sends them when it is back', async () => {
    const { orderId } = await paidOrder();
    const w = await worker();
    w.simulator.down = true;
    expect(await w.fulfilment.submitDue()).toMatchObject({ retry: 1 });
    const waiting = await orderOf(orderId);
    expect(waiting).toMatchObject({ status: 'PAID', submit_started_at: null, submit_attempts: 1 });
    // not before its next attempt
    expect(await w.fulfilment.submitDue()).toMatchObject({ retry: 0, submitted: 0 });
    w.simulator.down = false;
    clock += 10 * MINUTE;
    expect(await w.fulfilment.submitDue()).toMatchObject({ submitted: 1 });
    expect(w.simulator.adds).toBe(1);
    await rounds(w);
    expect((await orderOf(orderId)).status).toBe('COMPLETED');
  });

  it('never sends again an order whose submit outcome was lost in a crash', async () => {
    const { orderId } = await paidOrder();
    // a worker recorded the submit and died before the answer
    await t.database.db
      .updateTable('orders')
      .set({ submit_started_at: new Date(clock - MINUTE).toISOString(), submit_attempts: 1 })
      .where('public_id', '=', orderId)
      .execute();
    const w = await worker();
    expect(await w.fulfilment.submitDue()).toMatchObject({ unknown: 1 });
    expect(w.simulator.adds).toBe(0);
    expect(await orderOf(orderId)).toMatchObject({ status: 'PAID', needs_check: 1 });
    await rounds(w, 2);
    expect(w.simulator.adds).toBe(0);
    const history = await t.services.orders.workOn().history(orderId);
    expect(history!.events.at(-1)!.note).toBe('submit outcome unknown: check with the provider');
  });

  it('lets two workers share the work without taking one order twice', async () => {
    const placed = [];
    for (let i = 0; i < 12; i++) placed.push(await paidOrder());
    // both workers talk to one provider
    const shared = createSimulator({
      key: 'simulator-key',
      services: await simulatorCatalogue(t.services.catalog),
      startDelayMs: 0,
      now: () => clock,
    });
    const a = createFulfilmentService({
      orders: t.services.orders.workOn(() => new Date(clock)),
      providerOf: providerRegistry({ db: t.database.db, simulator: shared, simulatorUrl: null }),
      catalog: t.services.catalog,
      logger,
      now: () => new Date(clock),
      options: { workerId: 'a' },
    });
    const b = createFulfilmentService({
      orders: t.services.orders.workOn(() => new Date(clock)),
      providerOf: providerRegistry({ db: t.database.db, simulator: shared, simulatorUrl: null }),
      catalog: t.services.catalog,
      logger,
      now: () => new Date(clock),
      options: { workerId: 'b' },
    });
    const [ra, rb] = await Promise.all([a.submitDue(5), b.submitDue(5)]);
    expect(ra.submitted + rb.submitted).toBeLessThanOrEqual(10);
    await Promise.all([a.submitDue(), b.submitDue()]);
    expect(shared.adds).toBe(placed.length);
    for (const { orderId } of placed) expect((await orderOf(orderId)).status).toBe('RUNNING');
  });

  it('processes 200 orders with two workers at once, none sent twice', async () => {
    const service = await t.database.db
      .selectFrom('services')
      .select('id')
      .where('tag', '=', 'INSTAGRAM_LIKES')
      .executeTakeFirstOrThrow();
    const at = new Date(clock).toISOString();
    const batch = `bulk${engine}${Date.now().toString(36)}`;
    await t.database.db
      .insertInto('orders')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          public_id: `${batch}${String(i).padStart(4, '0')}`.slice(-20).padStart(20, 'x'),
          user_id: null,
          email: 'bulk@example.com',
          parent_id: null,
          service_id: service.id,
          tag: 'INSTAGRAM_LIKES',
          client: 'CLIENT_MAIN',
          link: LINK,
          quantity: 100,
          posts: null,
          count: 100,
          currency: 'USD',
          cost: 99,
          discount: 0,
          method_id: 2,
          payment_id: null,
          status: 'PAID' as const,
          region_value: null,
          lang: 'en',
          start_count: null,
          remains: null,
          provider_order_id: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const shared = createSimulator({
      key: 'simulator-key',
      services: await simulatorCatalogue(t.services.catalog),
      startDelayMs: 0,
      now: () => clock,
    });
    const make = (workerId: string) =>
      createFulfilmentService({
        orders: t.services.orders.workOn(() => new Date(clock)),
        providerOf: providerRegistry({ db: t.database.db, simulator: shared, simulatorUrl: null }),
        catalog: t.services.catalog,
        logger,
        now: () => new Date(clock),
        options: { workerId },
      });
    const workers = [make('left'), make('right')];
    const submitted = [0, 0];
    // both loop at once, 25 orders a round, until neither finds work
    await Promise.all(
      workers.map(async (w, i) => {
        for (;;) {
          const round = await w.submitDue(25);
          submitted[i]! += round.submitted;
          if (round.submitted + round.retry + round.refused + round.unknown === 0) break;
        }
      }),
    );
    const rows = await t.database.db
      .selectFrom('orders')
      .select(['status', 'provider_order_id'])
      .where('email', '=', 'bulk@example.com')
      .where('public_id', 'like', `%${batch.slice(-8)}%`)
      .execute();
    expect(submitted[0]! + submitted[1]!).toBe(200);
    expect(shared.adds).toBe(200);
    expect(new Set(rows.map((row) => row.provider_order_id)).size).toBe(rows.length);
    expect(rows.every((row) => row.status === 'RUNNING')).toBe(true);
  });

  it('leaves an order for a check when the provider fails mid-add, but retries a busy one', async () => {
    let answer = 500;
    const simulator = createSimulator({
      key: 'simulator-key',
      services: await simulatorCatalogue(t.services.catalog),
      startDelayMs: 0,
      now: () => clock,
    });
    // a panel that fails `add` with the status the test picks, and answers the rest
    const panel = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        if (form.get('action') === 'add' && answer !== 200) {
          res.writeHead(answer).end('upstream trouble');
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(simulator.handle(form)));
      });
    });
    await new Promise<void>((resolve) => panel.listen(0, '127.0.0.1', resolve));
    servers.push({ close: () => new Promise((resolve) => panel.close(() => resolve())) });
    const url = `http://127.0.0.1:${(panel.address() as AddressInfo).port}/`;
    const fulfilment = createFulfilmentService({
      orders: t.services.orders.workOn(() => new Date(clock)),
      providerOf: providerRegistry({ db: t.database.db, simulator, simulatorUrl: url }),
      catalog: t.services.catalog,
      logger,
      now: () => new Date(clock),
      options: { workerId: 'panel', retryBaseMs: MINUTE },
    });

    const failed = await paidOrder();
    expect(await fulfilment.submitDue()).toMatchObject({ unknown: 1 });
    expect(await orderOf(failed.orderId)).toMatchObject({ status: 'PAID', needs_check: 1 });
    expect((await t.services.orders.workOn().history(failed.orderId))!.events.at(-1)!.note).toBe(
      'submit outcome unknown: check with the provider',
    );

    answer = 503;
    const busy = await paidOrder();
    expect(await fulfilment.submitDue()).toMatchObject({ retry: 1 });
    answer = 200;
    clock += 5 * MINUTE;
    expect(await fulfilment.submitDue()).toMatchObject({ submitted: 1 });
    expect((await orderOf(busy.orderId)).status).toBe('RUNNING');
    expect(simulator.adds).toBe(1);
  });

  it('keeps an operator’s provider mapping when the catalogue is seeded again', async () => {
    await t.database.db
      .insertInto('providers')
      .values({
        id: `panel-${engine}`,
        url: 'https://panel.example/api/v2',
        api_key: 'k',
        currency: 'USD',
        enabled: 1,
      })
      .execute();
    await t.database.db
      .updateTable('services')
      .set({ provider_id: `panel-${engine}`, provider_service: '1234' })
      .where('tag', '=', 'TIKTOK_VIEWS')
      .execute();
    await seedCatalog(t.database.db);
    const service = await t.database.db
      .selectFrom('services')
      .select(['provider_id', 'provider_service'])
      .where('tag', '=', 'TIKTOK_VIEWS')
      .executeTakeFirstOrThrow();
    expect(service).toEqual({ provider_id: `panel-${engine}`, provider_service: '1234' });
  });
});
