import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { loadConfig } from '#server/config.ts';
import { createWebhookSender } from '#server/integrations/webhooks/webhook-sender.ts';
import { createLogger } from '#server/lib/logger.ts';
import {
  createWebhooksService,
  WEBHOOK_BACKOFF_MS,
} from '#server/modules/reseller/webhooks.service.ts';
import { createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';
import { reseller } from '../support/reseller.ts';
import { testWorker } from '../support/worker.ts';

/**
 * Resellers' status webhooks from the receiver's side: each change of an order's
 * protocol status arrives as signed JSON (checked here as a receiver would, with the secret
 * the page shows), a 500 is retried with backoff and the event id stays the same, 24 hours of
 * failures give up, a test event is queued and delivered by the worker, and a target that is
 * not public is never connected to.
 */
const LINK = 'https://www.instagram.com/p/C8xYz12AbCd/';
const logger = createLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: { id: string; type: string; created: string; data: Record<string, unknown> };
}

/** A receiver on loopback that answers each POST with the next status of `answers` (then 200). */
async function receiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  /** what it answers once `answers` is used up */
  const fallback = { status: 200 };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      res.statusCode = answers.shift() ?? fallback.status;
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/boostly`,
    received,
    answers,
    fallback,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** What a receiver does with `Boostly-Signature: t=…,v1=…`: HMAC-SHA256 of "t.body". */
function signedBy(secret: string, event: Received): boolean {
  const header = String(event.headers['boostly-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  if (!/^\d+$/.test(parts.t ?? '') || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${event.raw}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe.each(ENGINES)('status webhooks on %s', (engine) => {
  let t: TestApp;
  let hook: Awaited<ReturnType<typeof receiver>>;
  /** how far the delivering worker's clock runs ahead */
  let ahead = 0;
  beforeAll(async () => {
    t = await createTestAppWith(
      {
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        SIMULATOR_START_DELAY_MS: '0',
        SIMULATOR_SPEED: '60',
        WEBHOOK_ALLOW_PRIVATE: 'true',
      },
      { engine },
    );
    hook = await receiver();
  });
  afterAll(async () => {
    await hook.close();
    await t.database.close();
  });
  beforeEach(() => {
    hook.received.length = 0;
    hook.answers.length = 0;
  });

  /** The worker's delivery job, on a clock the test moves. */
  const deliverer = (allowPrivate = true) =>
    createWebhooksService({
      db: t.database.db,
      send: createWebhookSender({ allowPrivate, timeoutMs: 3000, userAgent: 'test' }),
      allowPrivate,
      logger,
      now: () => new Date(Date.now() + ahead),
    });

  async function account() {
    const { user, auth, post } = await reseller(t);
    const setUrl = (url: unknown) =>
      request(t.app).put('/api/user/webhook').set('Authorization', auth).send({ url });
    const page = async () =>
      (await request(t.app).get('/api/user/webhook').set('Authorization', auth).expect(200)).body
        .data;
    return { user, auth, post, setUrl, page };
  }

  it('tells each status change of an order, signed, once the worker delivers it', async () => {
    ahead = 0;
    const r = await account();
    const set = await r.setUrl(hook.url).expect(200);
    const secret: string = set.body.data.secret;
    expect(secret).toMatch(/^whsec_[\w-]{32}$/);
    expect(set.body.data.url).toBe(hook.url);

    const likes = (await r.post({ action: 'services' })).body.find(
      (service: { name: string }) => service.name === 'Instagram likes',
    );
    const order: number = (
      await r.post({ action: 'add', service: String(likes.service), link: LINK, quantity: '100' })
    ).body.order;
    // placed and paid: still "Pending", which is nothing new to tell
    expect((await deliverer().deliverDue()).attempted).toBe(0);

    await testWorker(t, 0).submitDue();
    const upstream = [...t.services.simulator.orders.values()].at(-1)!;
    upstream.createdAt = Date.now() - 200 * 1000;
    await testWorker(t, 2 * 60_000).syncRunning();
    expect((await r.post({ action: 'status', order: String(order) })).body.status).toBe(
      'Completed',
    );
    // nothing is sent on the request path or by the transition itself: the worker sends
    expect(hook.received).toHaveLength(0);
    // the sync ran two minutes ahead, and so did the change it made
    ahead = 3 * 60_000;
    await deliverer().deliverDue();

    const statuses = hook.received.map((event) => event.body.data.status);
    expect(statuses.at(-1)).toBe('Completed');
    expect(statuses.length).toBeGreaterThanOrEqual(2);
    expect(['Processing', 'In progress']).toContain(statuses[0]);
    for (const event of hook.received) {
      expect(signedBy(secret, event)).toBe(true);
      expect(signedBy('whsec_someone-else', event)).toBe(false);
      expect(event.headers['content-type']).toBe('application/json');
      expect(event.headers['boostly-event-id']).toBe(event.body.id);
      expect(event.body).toMatchObject({ type: 'order.status', data: { order, currency: 'USD' } });
    }
    // the last event is the order as `status` answers it
    const { order: _n, ...last } = hook.received.at(-1)!.body.data;
    expect(last).toEqual((await r.post({ action: 'status', order: String(order) })).body);
    // a signature's time is the attempt's (a receiver refuses old ones)
    const t0 = Number(/t=(\d+)/.exec(String(hook.received[0]!.headers['boostly-signature']))![1]);
    expect(Math.abs(t0 - (Date.now() + ahead) / 1000)).toBeLessThan(5);

    const log = await r.page();
    expect(log.endpoint).toMatchObject({ url: hook.url, secret });
    expect(log.deliveries[0]).toMatchObject({
      type: 'order.status',
      state: 'DELIVERED',
      attempts: 1,
      last_status: 200,
      order,
      status: 'Completed',
    });
  });

  it('retries after a 500 with the same event, and gives up after 24 hours', async () => {
    ahead = 0;
    const r = await account();
    const secret: string = (await r.setUrl(hook.url).expect(200)).body.data.secret;
    await request(t.app).post('/api/user/webhook/test').set('Authorization', r.auth).expect(202);
    expect(hook.received).toHaveLength(0);

    hook.answers.push(500);
    expect(await deliverer().deliverDue()).toEqual({ attempted: 1, delivered: 0 });
    let [entry] = (await r.page()).deliveries;
    expect(entry).toMatchObject({ type: 'test', state: 'PENDING', attempts: 1, last_status: 500 });
    expect(Date.parse(entry.next_attempt_at) - Date.now()).toBeGreaterThan(
      WEBHOOK_BACKOFF_MS[0]! - 2000,
    );
    // not due again before its backoff
    expect((await deliverer().deliverDue()).attempted).toBe(0);
    ahead += WEBHOOK_BACKOFF_MS[0]!;
    expect(await deliverer().deliverDue()).toEqual({ attempted: 1, delivered: 1 });
    [entry] = (await r.page()).deliveries;
    expect(entry).toMatchObject({ state: 'DELIVERED', attempts: 2, last_status: 200 });
    expect(hook.received).toHaveLength(2);
    const [first, second] = hook.received;
    expect(second!.raw).toBe(first!.raw);
    expect(first!.body).toMatchObject({ type: 'test', id: entry.id });
    expect(signedBy(secret, second!)).toBe(true);

    // a receiver that always fails: retried with backoff until a day has passed
    hook.received.length = 0;
    const start = ahead;
    await request(t.app).post('/api/user/webhook/test').set('Authorization', r.auth).expect(202);
    hook.fallback.status = 503;
    try {
      while (ahead - start < 25 * 3_600_000) {
        await deliverer().deliverDue();
        ahead += 30 * 60_000;
      }
    } finally {
      hook.fallback.status = 200;
    }
    [entry] = (await r.page()).deliveries;
    expect(entry).toMatchObject({ state: 'FAILED', last_status: 503, next_attempt_at: null });
    expect(entry.attempts).toBe(hook.received.length);
    expect(entry.attempts).toBeGreaterThanOrEqual(8);
    expect(entry.attempts).toBeLessThanOrEqual(WEBHOOK_BACKOFF_MS.length + 2);
  });

  it('never connects to a target that is not public', async () => {
    ahead = 0;
    const r = await account();
    await r.setUrl(hook.url).expect(200);
    await request(t.app).post('/api/user/webhook/test').set('Authorization', r.auth).expect(202);
    await deliverer(false).deliverDue();
    expect(hook.received).toHaveLength(0);
    const [entry] = (await r.page()).deliveries;
    expect(entry).toMatchObject({ state: 'PENDING', last_status: null });
    expect(entry.last_error).toMatch(/refused/);
  });

  it('sends each due delivery once when two workers race for it', async () => {
    ahead = 0;
    for (const r of [await account(), await account()]) {
      await r.setUrl(hook.url).expect(200);
      for (let i = 0; i < 3; i++)
        await request(t.app)
          .post('/api/user/webhook/test')
          .set('Authorization', r.auth)
          .expect(202);
      // the button is not a way to flood an address: three test events wait at most
      const more = await request(t.app)
        .post('/api/user/webhook/test')
        .set('Authorization', r.auth)
        .expect(429);
      expect(more.body.message).toBe('Wait until the test events already queued have been sent');
    }
    const [a, b] = await Promise.all([deliverer().deliverDue(), deliverer().deliverDue()]);
    expect(a.attempted + b.attempted).toBe(6);
    expect(new Set(hook.received.map((event) => event.body.id)).size).toBe(6);
    expect(hook.received).toHaveLength(6);
  });

  it('keeps the secret when the URL changes, rolls it on demand, and stops on removal', async () => {
    const r = await account();
    const first = (await r.setUrl(hook.url).expect(200)).body.data;
    const moved = (await r.setUrl(`${hook.url}/v2`).expect(200)).body.data;
    expect(moved).toMatchObject({ url: `${hook.url}/v2`, secret: first.secret });
    const rolled = (
      await request(t.app).post('/api/user/webhook/secret').set('Authorization', r.auth).expect(200)
    ).body.data;
    expect(rolled.secret).not.toBe(first.secret);
    await request(t.app).delete('/api/user/webhook').set('Authorization', r.auth).expect(200);
    expect((await r.page()).endpoint).toBeNull();
    await request(t.app).delete('/api/user/webhook').set('Authorization', r.auth).expect(404);
    const test = await request(t.app)
      .post('/api/user/webhook/test')
      .set('Authorization', r.auth)
      .expect(409);
    expect(test.body.message).toBe('Set a webhook URL first');
    await request(t.app).get('/api/user/webhook').expect(401);
  });
});

describe('webhook URLs a reseller may set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => t.database.close());

  it('refuses what is not a public http(s) URL with a clear 400, and stores nothing', async () => {
    const user = await signUp(t.app);
    const auth = `Bearer ${user.token}`;
    for (const [url, message] of [
      ['http://127.0.0.1:8080/hook', 'The webhook URL must point to a public address'],
      ['http://[::1]/hook', 'The webhook URL must point to a public address'],
      [
        'http://169.254.169.254/latest/meta-data/',
        'The webhook URL must point to a public address',
      ],
      ['http://10.0.0.7/', 'The webhook URL must point to a public address'],
      ['http://localhost:3000/', 'The webhook URL must point to a public address'],
      ['ftp://hooks.example.com/', 'The webhook URL must start with http:// or https://'],
      ['https://me:pw@hooks.example.com/', 'Put no user name or password in the webhook URL'],
      ['hooks.example.com', 'Enter a full http:// or https:// URL'],
      ['', 'Enter a full http:// or https:// URL'],
      [42, 'Enter a full http:// or https:// URL'],
      [{ href: 'https://hooks.example.com/' }, 'Enter a full http:// or https:// URL'],
      [null, 'Enter a full http:// or https:// URL'],
    ] as const) {
      const res = await request(t.app)
        .put('/api/user/webhook')
        .set('Authorization', auth)
        .send({ url });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    // a field besides the URL is refused, as docs/api.md says, and changes nothing
    const extra = await request(t.app)
      .put('/api/user/webhook')
      .set('Authorization', auth)
      .send({ url: 'https://hooks.example.com/boostly', events: ['all'] });
    expect([extra.status, extra.body.message, extra.body.errors?.events]).toEqual([
      400,
      'This field is not expected',
      'This field is not expected',
    ]);
    const page = await request(t.app).get('/api/user/webhook').set('Authorization', auth);
    expect(page.body.data).toEqual({ endpoint: null, deliveries: [] });
    const ok = await request(t.app)
      .put('/api/user/webhook')
      .set('Authorization', auth)
      .send({ url: ' https://hooks.example.com/boostly ' })
      .expect(200);
    expect(ok.body.data.url).toBe('https://hooks.example.com/boostly');
  });
});
