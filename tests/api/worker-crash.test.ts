import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedCatalog } from '#server/db/seed/seed-catalog.ts';
import { createOutboxMailer } from '#server/integrations/mail/outbox-mailer.ts';
import { createSimulator } from '#server/integrations/providers/simulator.ts';
import { createLogger } from '#server/lib/logger.ts';
import { simulatorCatalogue } from '#server/modules/fulfilment/providers.ts';
import { createServices } from '#server/services.ts';
import { createAssets } from '#server/ssr/assets.ts';
import { signUp, TEST_MANIFEST } from '../support/app.ts';
import { until } from '../support/eventually.ts';

/** A port nobody listens on just now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** How many times the worker behind `port` has run its submit job, from its /metrics. */
async function submitRuns(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const line = /^worker_job_duration_seconds_count\{job="fulfilment\.submit"\} (\d+)$/m.exec(text);
  return Number(line?.[1] ?? 0);
}

/**
 * The worker process is killed between recording an order's submit and the provider's
 * answer; restarted, it must not send the order again: the provider receives one `add`.
 */
describe('a worker killed in the middle of a submit', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'worker-crash-'));
  const file = path.join(dir, 'shop.sqlite');
  // it sells the catalogue once the test's database has one
  const simulator = createSimulator({ key: 'simulator-key', services: [] });
  let provider: http.Server;
  let providerUrl = '';
  let onAdd: () => Promise<void> = async () => {};
  let worker: ChildProcess | null = null;

  beforeAll(async () => {
    // a provider that holds `add` until the test has killed the worker
    provider = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', async () => {
        const form = new URLSearchParams(body);
        if (form.get('action') === 'add') await onAdd();
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(simulator.handle(form)));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    worker?.kill('SIGKILL');
    await new Promise((resolve) => provider.close(resolve));
  });

  const startWorker = (env: Record<string, string> = {}) =>
    spawn(process.execPath, ['scripts/worker.ts'], {
      env: {
        ...process.env,
        ...env,
        NODE_ENV: 'test',
        DATABASE_URL: '',
        DATABASE_FILE: file,
        SIMULATOR_URL: providerUrl,
        WORKER_INTERVAL_MS: '100',
        // the dead worker's lease ends soon, so the new one takes the order in the test's time
        WORKER_LEASE_MS: '500',
        LOG_LEVEL: 'silent',
      },
      stdio: 'ignore',
    });

  it('sends the order once, and leaves it for a check instead of sending it twice', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_FILE: file,
      PUBLIC_URL: 'https://shop.test',
    });
    const logger = createLogger(config);
    const database = await openDatabase({ file });
    await migrateToLatest(database.db);
    await seedCatalog(database.db);
    const mailer = createOutboxMailer(path.join(dir, 'outbox'), logger, config.mailFrom);
    const services = createServices({ config, logger, db: database.db, mailer });
    simulator.stock(await simulatorCatalogue(services.catalog));
    const app = createApp({ config, logger, assets: createAssets(TEST_MANIFEST), services });
    const buyer = await signUp(app, { cur: 'RUB' });
    await database.db
      .updateTable('users')
      .set({ balance: 50_000 })
      .where('id', '=', buyer.user.id)
      .execute();
    const placed = await request(app)
      .post('/api/c_orders/main')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({
        tag: 'INSTAGRAM_LIKES',
        link: 'https://www.instagram.com/p/C8xYz12AbCd/',
        quantity: 1000,
        method: -1,
      });
    expect(placed.body.data.order.status).toBe('PAID');
    const orderId: string = placed.body.data.order.id;

    // the first worker dies while the provider is taking its `add`
    const killed = new Promise<void>((resolve) => {
      onAdd = async () => {
        worker!.kill('SIGKILL');
        await new Promise((done) => worker!.once('exit', done));
        resolve();
      };
    });
    worker = startWorker();
    await killed;
    onAdd = async () => {};
    const order = () =>
      database.db
        .selectFrom('orders')
        .selectAll()
        .where('public_id', '=', orderId)
        .executeTakeFirstOrThrow();
    expect(await order()).toMatchObject({ status: 'PAID', provider_order_id: null });
    expect((await order()).submit_started_at).not.toBeNull();

    // a new worker takes over (once the dead one's lease ends): it must not send the order
    // again, only mark it for a check
    const metricsPort = await freePort();
    worker = startWorker({ METRICS_PORT: String(metricsPort) });
    await until(async () => (await order()).needs_check, { timeoutMs: 15_000, everyMs: 50 });
    // a few more rounds change nothing: its metrics count the submit job's runs
    const submits = () => submitRuns(metricsPort).catch(() => 0);
    const marked = await until(submits, { what: 'the worker’s metrics' });
    await until(async () => (await submits()) >= marked + 3, { timeoutMs: 10_000, everyMs: 50 });
    worker.kill('SIGTERM');
    await new Promise((resolve) => worker!.once('exit', resolve));
    worker = null;

    expect(simulator.adds).toBe(1);
    expect(await order()).toMatchObject({ status: 'PAID', needs_check: 1 });
    await database.close();
  }, 40_000);
});
