import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { startMetricsServer } from '#server/http/metrics.ts';
import { startWorker } from '#server/jobs/worker.ts';
import { createLogger } from '#server/lib/logger.ts';
import { registry } from '#server/lib/metrics.ts';
import { createTestAppWith, type TestApp, UA } from '../support/app.ts';

/**
 * Prometheus metrics: behind a token on the app or on a port of their own; HTTP by
 * route and status, rendered pages' first byte and end by page-cache result, page-cache
 * lookups, database query time, worker jobs and their failures.
 */
const TOKEN = 'metrics-token-0123456789';

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith({ METRICS_TOKEN: TOKEN, PAGE_CACHE_MAX_ENTRIES: '100' });
  });
  afterAll(() => t.database.close());

  const scrape = async () =>
    (await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;

  it('are refused without the token', async () => {
    await request(t.app).get('/metrics').expect(401);
    await request(t.app)
      .get('/metrics')
      .set('Authorization', 'Bearer wrong-token-of-same-size')
      .expect(401);
  });

  it('count requests by route and status, and time rendered pages by cache result', async () => {
    await request(t.app).get('/api/currencies/data').expect(200);
    await request(t.app).get('/api/c_orders/nope').expect(404);
    await request(t.app).get('/en/').set('User-Agent', UA.desktop).expect(200);
    await request(t.app).get('/en/').set('User-Agent', UA.desktop).expect(200);
    const text = await scrape();
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/currencies\/data",status="200"\} [1-9]/,
    );
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/c_orders\/:id",status="404"\}/,
    );
    expect(text).toMatch(/http_requests_total\{method="GET",route="page",status="200"\} [1-9]/);
    expect(text).toMatch(/ssr_ttfb_seconds_count\{cache="miss"\} [1-9]/);
    expect(text).toMatch(/ssr_render_duration_seconds_count\{cache="hit"\} [1-9]/);
    expect(text).toMatch(/page_cache_lookups_total\{result="hit"\} [1-9]/);
    expect(text).toMatch(/db_query_duration_seconds_count\{engine="sqlite",outcome="ok"\} [1-9]/);
    // a scrape is not itself a cached, logged or counted page
    expect(text).not.toMatch(/route="\/metrics"/);
  });

  it('time worker jobs and count their failures', async () => {
    const worker = startWorker({
      jobs: [
        { name: 'test.ok', run: async () => 1 },
        {
          name: 'test.broken',
          run: async () => {
            throw new Error('boom');
          },
        },
      ],
      intervalMs: 60_000,
      logger: createLogger({ logLevel: 'silent', logPretty: false }),
    });
    await worker.tick();
    await worker.stop();
    const text = await scrape();
    expect(text).toMatch(/worker_job_failures_total\{job="test.broken"\} 1/);
    expect(text).toMatch(/worker_job_duration_seconds_count\{job="test.ok"\} 1/);
    expect(text).toMatch(/worker_last_round_timestamp_seconds [1-9]/);
  });

  it('are served on a port of their own without a token', async () => {
    const server = await startMetricsServer(0, '127.0.0.1');
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(registry.contentType);
      expect(await res.text()).toContain('# TYPE http_requests_total counter');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});

describe('metrics without a token', () => {
  it('are not exposed on the app', async () => {
    const t = await createTestAppWith({});
    const res = await request(t.app)
      .get('/metrics')
      .set('Authorization', `Bearer ${TOKEN}`)
      .redirects(1);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('http_requests_total');
    await t.database.close();
  });
});
