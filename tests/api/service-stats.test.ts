import request from 'supertest';
import { loadConfig } from '#server/config.ts';
import { workerJobs } from '#server/jobs/jobs.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createServiceStats } from '#server/modules/orders/stats/service-stats.ts';
import type { OrderStatus } from '#shared/orders.ts';
import { createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';
import { staffMember } from '../support/staff.ts';

/**
 * How each service really performs (docs/api.md, `/api/v2` `services`): orders with chosen
 * timings go in, the worker's `orders.service-stats` job works the figures out, and the
 * panel's `services` carries them, exact to the minute.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Made {
  tag: string;
  status: OrderStatus;
  count?: number;
  refunded?: number;
  test?: number;
  /** ms before now */
  paidAgo: number;
  /** ms after payment */
  startAfter?: number;
  /** ms after the start */
  endAfter?: number;
  /** ms after the end */
  refillsAfter?: number[];
}

describe.each(ENGINES)('service figures on %s', (engine) => {
  let t: TestApp;
  let key = '';
  let token = '';
  let made = 0;
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();

  async function make(order: Made) {
    const db = t.database.db;
    const service = await db
      .selectFrom('services')
      .select('id')
      .where('tag', '=', order.tag)
      .executeTakeFirstOrThrow();
    const paid = now - order.paidAgo;
    made += 1;
    const row = await db
      .insertInto('orders')
      .values({
        public_id: `stats${engine}${String(made).padStart(6, '0')}`,
        user_id: null,
        email: 'stats@example.com',
        parent_id: null,
        service_id: service.id,
        tag: order.tag,
        client: 'CLIENT_MAIN',
        link: 'https://www.instagram.com/p/C8xYz12AbCd/',
        quantity: order.count ?? 1000,
        posts: null,
        count: order.count ?? 1000,
        currency: 'USD',
        cost: 500,
        discount: 0,
        method_id: 2,
        payment_id: null,
        status: order.status,
        region_value: null,
        lang: 'en',
        start_count: null,
        remains: null,
        provider_order_id: null,
        refunded: order.refunded ?? 0,
        test: order.test ?? 0,
        created_at: iso(paid - MINUTE),
        updated_at: iso(paid),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const events: { status: OrderStatus; at: number }[] = [
      { status: 'CREATED', at: paid - MINUTE },
      { status: 'PAID', at: paid },
    ];
    const started = order.startAfter === undefined ? null : paid + order.startAfter;
    if (started !== null) events.push({ status: 'RUNNING', at: started });
    const ended =
      started !== null && order.endAfter !== undefined ? started + order.endAfter : null;
    if (ended !== null && order.status !== 'RUNNING')
      events.push({ status: order.status, at: ended });
    await db
      .insertInto('order_events')
      .values(
        events.map((event) => ({
          order_id: row.id,
          status: event.status,
          note: null,
          created_at: iso(event.at),
        })),
      )
      .execute();
    for (const [n, after] of (order.refillsAfter ?? []).entries())
      await db
        .insertInto('order_refills')
        .values({
          order_id: row.id,
          provider_refill_id: `r${made}-${n}`,
          status: 'Completed',
          created_at: iso((ended ?? paid) + after),
          updated_at: iso((ended ?? paid) + after),
        })
        .execute();
  }

  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { engine });
    const user = await signUp(t.app, { cur: 'USD', lang: 'en' });
    token = user.token;
    key = (
      await request(t.app).post('/api/user/api-key').set('Authorization', `Bearer ${user.token}`)
    ).body.data.key;

    // Instagram likes: 25 orders paid in the last 30 days (the i-th i × 20 hours ago)
    for (let i = 1; i <= 25; i += 1) {
      const paidAgo = i * 20 * HOUR;
      // delivery began i minutes and 20 seconds after payment (the 25th never began)
      const startAfter = i <= 24 ? i * MINUTE + 20_000 : undefined;
      if (i <= 20)
        await make({
          tag: 'INSTAGRAM_LIKES',
          status: 'COMPLETED',
          // 10·i minutes for 1 000 units (odd i: 20·i per 1 000) or 2 000 (even: 5·i per 1 000)
          count: i % 2 ? 500 : 2000,
          paidAgo,
          ...(startAfter !== undefined ? { startAfter } : {}),
          endAfter: 10 * i * MINUTE,
          // a refund after completion: completed, but not in full
          refunded: i === 20 ? 100 : 0,
          // refills asked of three orders (the first twice): within 30 days of completion
          refillsAfter: i === 1 ? [DAY, 2 * DAY] : i <= 3 ? [HOUR] : [],
        });
      else
        await make({
          tag: 'INSTAGRAM_LIKES',
          status: i <= 22 ? 'PARTIAL' : i === 23 ? 'CANCELED' : i === 24 ? 'RUNNING' : 'PAID',
          paidAgo,
          ...(startAfter !== undefined ? { startAfter } : {}),
          endAfter: 30 * MINUTE,
        });
    }
    // older than 30 days, a staff test, an order never paid: none of them counts
    for (let i = 0; i < 3; i += 1)
      await make({
        tag: 'INSTAGRAM_LIKES',
        status: i ? 'CANCELED' : 'COMPLETED',
        paidAgo: 31 * DAY,
        startAfter: 1_000 * MINUTE,
        endAfter: 5_000 * MINUTE,
      });
    await make({
      tag: 'INSTAGRAM_LIKES',
      status: 'CANCELED',
      test: 1,
      paidAgo: HOUR,
      startAfter: 900 * MINUTE,
      endAfter: MINUTE,
    });

    // TikTok likes: 19 orders, all quick and complete, and still too few for figures
    for (let i = 0; i < 19; i += 1)
      await make({
        tag: 'TIKTOK_LIKES',
        status: 'COMPLETED',
        paidAgo: (i + 1) * HOUR,
        startAfter: 2 * MINUTE,
        endAfter: 10 * MINUTE,
      });
    // TikTok followers: 20, just enough
    for (let i = 0; i < 20; i += 1)
      await make({
        tag: 'TIKTOK_FOLLOWERS',
        status: 'COMPLETED',
        paidAgo: (i + 1) * HOUR,
        startAfter: 3 * MINUTE,
        endAfter: 20 * MINUTE,
      });
    // a staff-only test service (the hidden FAKE platform) that a buyer's key cannot order
    for (let i = 0; i < 20; i += 1)
      await make({
        tag: 'FAKE_LIKES',
        status: 'COMPLETED',
        paidAgo: (i + 1) * HOUR,
        startAfter: MINUTE,
        endAfter: MINUTE,
      });
  });
  afterAll(() => t.database.close());

  const services = async () =>
    (
      await request(t.app)
        .post('/api/v2')
        .type('form')
        .send(new URLSearchParams({ key, action: 'services' }).toString())
        .expect(200)
    ).body as Record<string, unknown>[];
  const named = (list: Record<string, unknown>[], name: string) =>
    list.find((item) => item.name === name)!;
  const figures = (item: Record<string, unknown>) => ({
    start_median_min: item.start_median_min,
    speed_p90_min_per_1000: item.speed_p90_min_per_1000,
    completion_rate: item.completion_rate,
    refill_rate_30d: item.refill_rate_30d,
    orders_30d: item.orders_30d,
  });

  it('publishes nothing before the job has run, and the standard fields stay as they were', async () => {
    const before = await services();
    expect(figures(named(before, 'Instagram likes'))).toEqual({
      start_median_min: null,
      speed_p90_min_per_1000: null,
      completion_rate: null,
      refill_rate_30d: null,
      orders_30d: 0,
    });
    await t.services.orders.serviceStats.refresh();
    const after = await services();
    // a panel client reading only the standard fields sees exactly what it saw before
    const standard = (item: Record<string, unknown>) => {
      const {
        start_median_min,
        speed_p90_min_per_1000,
        completion_rate,
        refill_rate_30d,
        orders_30d,
        ...rest
      } = item;
      return rest;
    };
    expect(after.map(standard)).toEqual(before.map(standard));
  });

  it('works each figure out exactly from the orders of the last 30 days', async () => {
    await t.services.orders.serviceStats.refresh();
    const list = await services();
    expect(figures(named(list, 'Instagram likes'))).toEqual({
      // 24 starts of i min 20 s (i = 1…24): the 12th of 24 (nearest rank), 12 min 20 s → 12
      start_median_min: 12,
      // 20 completed: per 1 000 units 20·i (odd i) and 5·i (even i); the 18th of 20 is 300
      speed_p90_min_per_1000: 300,
      // 23 ended (20 completed, 2 partial, 1 canceled), 19 completed in full (one refunded)
      completion_rate: 0.826,
      // 3 of the 20 completed had a refill asked within 30 days
      refill_rate_30d: 0.15,
      orders_30d: 25,
    });
    expect(figures(named(list, 'TikTok likes'))).toEqual({
      start_median_min: null,
      speed_p90_min_per_1000: null,
      completion_rate: null,
      refill_rate_30d: null,
      orders_30d: 19,
    });
    expect(figures(named(list, 'TikTok followers'))).toEqual({
      start_median_min: 3,
      // 20 minutes for 1 000 units
      speed_p90_min_per_1000: 20,
      completion_rate: 1,
      refill_rate_30d: 0,
      orders_30d: 20,
    });
  });

  it("carries figures only for the services the key's account may order", async () => {
    await t.services.orders.serviceStats.refresh();
    const stored = await t.database.db.selectFrom('service_stats').select('tag').execute();
    expect(stored.map((row) => row.tag)).toContain('FAKE_LIKES');
    const list = await services();
    expect(list.some((item) => item.category === 'Test')).toBe(false);
    // the buyer's key lists what the cabinet sells it, enabled, and nothing else
    const { body } = await request(t.app)
      .get('/api/user_services/tiny?labels=CLIENT_LK+VISIBLE')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    const orderable = (body.data as { name: string; labels: string[]; tag: string }[]).filter(
      (entry) => entry.labels.includes('ENABLED') && !entry.tag.endsWith('_MULTI'),
    );
    expect(list.map((item) => item.name).sort()).toEqual(
      orderable.map((entry) => entry.name).sort(),
    );
  });

  it('reaches the catalogue: each service of user_services/tiny carries its figures', async () => {
    const config = loadConfig({ NODE_ENV: 'test', SERVICE_STATS_EVERY_MS: '3600000' });
    // the job as a worker that has not worked them out yet runs it, on this app's catalogue
    const serviceStats = createServiceStats({ db: t.database.db, now: () => new Date() });
    const services = { ...t.services, orders: { ...t.services.orders, serviceStats } };
    const job = workerJobs(services, config, createLogger(config)).find(
      (each) => each.name === 'orders.service-stats',
    )!;
    // the catalogue's snapshot holds the figures it read (none: the table is emptied here)
    await t.database.db.deleteFrom('service_stats').execute();
    t.services.catalog.invalidate();
    const tiny = async () =>
      (
        await request(t.app)
          .get('/api/user_services/tiny?labels=CLIENT_MAIN+VISIBLE&platform=tiktok&lang=en')
          .expect(200)
      ).body.data as { tag: string; stats?: Record<string, unknown> }[];
    const stats = (list: Awaited<ReturnType<typeof tiny>>, tag: string) =>
      list.find((entry) => entry.tag === tag)?.stats;
    expect(stats(await tiny(), 'TIKTOK_FOLLOWERS')).toEqual({
      start_median_min: null,
      speed_p90_min_per_1000: null,
      completion_rate: null,
      refill_rate_30d: null,
      orders_30d: 0,
    });
    // the worker's job works them out, and this process's catalogue shows them at once
    expect(await job.run()).toEqual({ services: 4 });
    const after = await tiny();
    expect(stats(after, 'TIKTOK_FOLLOWERS')).toEqual({
      start_median_min: 3,
      speed_p90_min_per_1000: 20,
      completion_rate: 1,
      refill_rate_30d: 0,
      orders_30d: 20,
    });
    expect(stats(after, 'TIKTOK_LIKES')).toEqual({
      start_median_min: null,
      speed_p90_min_per_1000: null,
      completion_rate: null,
      refill_rate_30d: null,
      orders_30d: 19,
    });
  });

  it("shows staff each service's figures and each provider's, weighted by its services' orders", async () => {
    await t.services.orders.serviceStats.refresh();
    const admin = await staffMember(t, 'ROLE_ADMIN');
    const { body } = await request(t.app)
      .get('/api/staff/dashboard')
      .set('Cookie', admin.cookie)
      .expect(200);
    const { services: rows, providers } = body.data.performance as {
      services: { tag: string; provider: string | null; names: { en?: string } }[];
      providers: Record<string, unknown>[];
    };
    // the services with orders in the window, the busiest first
    expect(rows.map((row) => row.tag)).toEqual([
      'INSTAGRAM_LIKES',
      'FAKE_LIKES',
      'TIKTOK_FOLLOWERS',
      'TIKTOK_LIKES',
    ]);
    expect(rows[0]).toMatchObject({
      names: { en: 'Instagram likes' },
      start_median_min: 12,
      speed_p90_min_per_1000: 300,
      completion_rate: 0.826,
      refill_rate_30d: 0.15,
      orders_30d: 25,
    });
    // the seeded catalogue maps every service to one provider: its figures are the services'
    // weighted by their orders (TikTok likes' 19 publish none and weigh nothing)
    const provider = rows[0]!.provider;
    expect(rows.every((row) => row.provider === provider)).toBe(true);
    expect(providers).toEqual([
      {
        provider,
        services: 4,
        // (25 × 12 + 20 × 3 + 20 × 1) / 65 = 5.85
        start_median_min: 6,
        // (25 × 300 + 20 × 20 + 20 × 1) / 65 = 121.8
        speed_p90_min_per_1000: 122,
        // (25 × 0.826 + 20 × 1 + 20 × 1) / 65
        completion_rate: 0.933,
        // 25 × 0.15 / 65
        refill_rate_30d: 0.058,
        orders_30d: 84,
      },
    ]);
  });

  it('is refreshed by the worker at most every SERVICE_STATS_EVERY_MS', async () => {
    const config = loadConfig({ NODE_ENV: 'test', SERVICE_STATS_EVERY_MS: '3600000' });
    const job = workerJobs(t.services, config, createLogger(config)).find(
      (each) => each.name === 'orders.service-stats',
    )!;
    const stored = () =>
      t.database.db.selectFrom('service_stats').select(['tag', 'computed_at']).execute();
    expect((await stored()).map((row) => row.tag).sort()).toEqual([
      'FAKE_LIKES',
      'INSTAGRAM_LIKES',
      'TIKTOK_FOLLOWERS',
      'TIKTOK_LIKES',
    ]);
    // figures younger than the setting stay
    expect(await job.run()).toEqual({ skipped: true });
    // older: worked out again (by any worker: the stored time decides)
    await t.database.db
      .updateTable('service_stats')
      .set({ computed_at: iso(Date.now() - 2 * HOUR) })
      .execute();
    const fresh = createServiceStats({ db: t.database.db, now: () => new Date() });
    expect(await fresh.refreshDue(config.serviceStatsEveryMs)).toEqual({ services: 4 });
    for (const row of await stored())
      expect(Date.now() - Date.parse(row.computed_at)).toBeLessThan(MINUTE);
    expect(await fresh.refreshDue(config.serviceStatsEveryMs)).toEqual({ skipped: true });
  });
});
