import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createAnalyticsService } from '#server/modules/analytics/analytics.service.ts';
import { countRows, createTestAppWith, type TestApp } from '../support/app.ts';

/**
 * docs/api.md Analytics: mp (GA4), mpy and yaHit (Metrika) are queued and forwarded
 * by the worker to a local fake of each service, in its real payload format; a dead endpoint
 * only logs; the web-vitals beacon is stored by page kind and summarised by npm run vitals.
 */
interface Hit {
  method: string;
  url: URL;
  body: string;
}

async function fakeServices() {
  const hits: Hit[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      hits.push({ method: req.method!, url: new URL(req.url!, 'http://fake'), body });
      res.statusCode = answers.shift() ?? 204;
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, hits, answers, close: () => new Promise((done) => server.close(done)) };
}

describe('analytics forwarding', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof fakeServices>>;
  beforeAll(async () => {
    fake = await fakeServices();
    t = await createTestAppWith({
      GA_MEASUREMENT_ID: 'G-TEST1234',
      GA_API_SECRET: 'ga-secret',
      GA_ENDPOINT: `${fake.base}/mp/collect`,
      METRIKA_COUNTERS: 'shop.test:12345678;*:11111111',
      METRIKA_ENDPOINT: fake.base,
      METRIKA_TOKEN: 'mtoken',
    });
  });
  afterAll(async () => {
    await fake.close();
    await t.database.close();
  });
  beforeEach(() => {
    fake.hits.length = 0;
  });

  it('sends a GA4 event off the request path, in the Measurement Protocol format', async () => {
    const event = {
      client_id: '1234567.7654321',
      events: [
        { name: 'purchase', params: { currency: 'USD', value: 12.5, transaction_id: 'P1' } },
      ],
    };
    const res = await request(t.app).post('/api/mp').send(event).expect(202);
    expect(res.body.data).toEqual({ queued: true });
    expect(fake.hits).toHaveLength(0);
    expect(await t.services.analytics.forwardDue()).toEqual({ attempted: 1, sent: 1 });
    const [hit] = fake.hits;
    expect(hit!.method).toBe('POST');
    expect(hit!.url.pathname).toBe('/mp/collect');
    expect(Object.fromEntries(hit!.url.searchParams)).toEqual({
      measurement_id: 'G-TEST1234',
      api_secret: 'ga-secret',
    });
    expect(JSON.parse(hit!.body)).toEqual(event);
  });

  it('sends Metrika hits with the counter of the site’s domain', async () => {
    await request(t.app)
      .get('/api/yaHit')
      .set('Host', 'shop.test')
      .query({ pageUrl: 'https://shop.test/en/', clientId: '1700000000123', title: 'Home' })
      .expect(202);
    await request(t.app)
      .post('/api/mpy')
      .send({ client_id: '1700000000123', page_url: 'https://other.test/', action: 'order_paid' })
      .expect(202);
    await t.services.analytics.forwardDue();
    const byType = Object.fromEntries(
      fake.hits.map((hit) => [
        hit.url.searchParams.get('t'),
        Object.fromEntries(hit.url.searchParams),
      ]),
    );
    expect(byType.pageview).toEqual({
      tid: '12345678',
      cid: '1700000000123',
      t: 'pageview',
      dl: 'https://shop.test/en/',
      dt: 'Home',
      ms: 'mtoken',
    });
    expect(byType.event).toMatchObject({ tid: '11111111', t: 'event', ea: 'order_paid' });
    expect(fake.hits.every((hit) => hit.url.pathname === '/collect/')).toBe(true);
    // another site's counter is refused: the call is no relay
    await request(t.app)
      .get('/api/yaHit')
      .query({ pageUrl: 'https://x.test/', clientId: '1', counterId: '99999' })
      .expect(400);
  });

  it('keeps trying a dead endpoint a few times, then only logs', async () => {
    fake.answers.push(500, 500, 500, 500, 500, 500);
    await request(t.app)
      .post('/api/mp')
      .send({ client_id: 'c1', events: [{ name: 'page_view' }] })
      .expect(202);
    // each round's clock is past the last one's backoff
    let ahead = 0;
    const later = createAnalyticsService({
      db: t.database.db,
      forwarders: {
        ga4: {
          measurementId: 'G-TEST1234',
          apiSecret: 'ga-secret',
          endpoint: `${fake.base}/mp/collect`,
        },
        metrika: null,
        timeoutMs: 1000,
      },
      logger: createLogger({ logLevel: 'silent', logPretty: false }),
      now: () => new Date(Date.now() + ahead),
    });
    for (let round = 0; round < 6; round++) {
      await later.forwardDue();
      ahead += 3_600_000;
    }
    expect(fake.hits.length).toBe(5);
    expect(await countRows(t.database.db, 'analytics_outbox')).toBe(0);
  });

  it('refuses malformed events with a 400 and queues nothing', async () => {
    for (const body of [
      {},
      { client_id: 'x', events: [] },
      { client_id: 'bad id!', events: [{ name: 'a' }] },
      { client_id: 'x', events: [{ name: '1bad' }] },
      { client_id: 'x', events: [{ name: 'a', params: { n: { deep: 1 } } }] },
      { client_id: 'x', events: [{ name: 'a' }], extra: 1 },
    ])
      expect((await request(t.app).post('/api/mp').send(body)).status).toBe(400);
    expect(
      (await request(t.app).get('/api/yaHit').query({ pageUrl: 'javascript:1', clientId: '1' }))
        .status,
    ).toBe(400);
    expect(await countRows(t.database.db, 'analytics_outbox')).toBe(0);
  });

  it('stores web-vitals beacons by page kind, as sendBeacon sends them', async () => {
    await request(t.app)
      .post('/api/analytics')
      .set('Content-Type', 'text/plain;charset=UTF-8')
      .send(
        JSON.stringify({
          path: '/en/buy-instagram-likes/',
          metrics: [
            { name: 'LCP', value: 1800, rating: 'good', id: 'v5-1' },
            { name: 'CLS', value: 0.02, rating: 'good' },
          ],
        }),
      )
      .expect(204);
    await request(t.app)
      .post('/api/analytics')
      .send({ path: '/en/buy-instagram-likes/', metrics: [{ name: 'LCP', value: 2600 }] })
      .expect(204);
    const summary = await t.services.analytics.vitalsSummary(1);
    expect(summary).toEqual(
      expect.arrayContaining([
        { pageKind: 'service', name: 'LCP', p75: 2600, count: 2 },
        { pageKind: 'service', name: 'CLS', p75: 0.02, count: 1 },
      ]),
    );
    for (const body of [
      'not json',
      JSON.stringify({ path: '/', metrics: [{ name: 'XYZ', value: 1 }] }),
    ])
      expect(
        (await request(t.app).post('/api/analytics').set('Content-Type', 'text/plain').send(body))
          .status,
      ).toBe(400);
  });
});

describe('analytics without services configured', () => {
  it('accepts events and queues nothing', async () => {
    const t = await createTestAppWith({});
    const res = await request(t.app)
      .post('/api/mp')
      .send({ client_id: 'c1', events: [{ name: 'page_view' }] })
      .expect(202);
    expect(res.body.data).toEqual({ queued: false });
    expect(await countRows(t.database.db, 'analytics_outbox')).toBe(0);
    await t.database.close();
  });
});

describe('npm run vitals', () => {
  it('prints the p75 per page kind', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'vitals-')), 'shop.sqlite');
    const handle = await openDatabase({ file });
    await migrateToLatest(handle.db);
    const analytics = createAnalyticsService({
      db: handle.db,
      forwarders: { ga4: null, metrika: null, timeoutMs: 1000 },
      logger: createLogger({ logLevel: 'silent', logPretty: false }),
    });
    for (const value of [1000, 2000, 3000, 4000])
      await analytics.recordVitals('/', [{ name: 'LCP', value }]);
    await handle.close();
    const run = spawnSync(process.execPath, ['scripts/vitals.ts'], {
      env: { ...process.env, DATABASE_FILE: file, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/home\t3000 ms \(4\)/);
  });
});
