import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { BALANCE_METHOD_ID } from '#shared/payment-methods.ts';
import { until } from '../support/eventually.ts';
import {
  createDatabase,
  DATABASE_URL,
  databaseUrl,
  dropDatabase,
  REDIS_URL,
  spawnProcess,
} from './processes.ts';

/**
 * Several instances share one truth: two web processes and a worker on PostgreSQL
 * and Redis behind a tiny round-robin proxy that, like a load balancer, sends only to ready
 * instances. Under load, orders are placed through both; the worker is killed (-9) while a
 * submit waits for the provider and restarted; web A is SIGTERMed. Then: A exited 0, no
 * request was dropped, every order answered is stored once and charged once, and no order
 * reached the provider twice (the one whose submit was cut is left for a check).
 */
const WEB = [3260, 3261];
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const database = `res_${stamp}`;
const children = new Set<ChildProcess>();

test.skip(!DATABASE_URL || !REDIS_URL, 'needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)');

function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawnProcess(args, {
    database,
    channelKey: `res-${stamp}`,
    env: { SIMULATOR_URL: provider.url, ...env },
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

const web = (port: number) =>
  start(['dist/server/main.js'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1:3270',
    WORKER_INTERVAL_MS: '0',
    // the proxy sees /readyz fail before the listener closes
    SHUTDOWN_DELAY_MS: '500',
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
  });
const startWorker = () =>
  start(['scripts/worker.ts'], {
    WORKER_INTERVAL_MS: '200',
    FULFILMENT_SYNC_MS: '60000',
    // what the killed worker had claimed is free again after its lease
    WORKER_LEASE_MS: '4000',
  });

async function ready(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/readyz`)
    .then((res) => res.ok)
    .catch(() => false);
}

/** An upstream provider (API v2) that counts every `add` and can hold one. */
const provider = {
  url: '',
  adds: [] as string[],
  hold: null as null | { held: () => void; release: Promise<void> },
  server: null as http.Server | null,
};

/** The load balancer: round robin over ready instances (polled), a refused connect retried. */
function startProxy(port: number) {
  const up = new Map(WEB.map((backend) => [backend, false]));
  const agents = new Map(
    WEB.map((backend) => [backend, new http.Agent({ keepAlive: true, maxSockets: 32 })]),
  );
  let next = 0;
  const poll = setInterval(() => {
    for (const backend of WEB) void ready(backend).then((ok) => up.set(backend, ok));
  }, 100);
  const stats = { dropped: [] as string[], served: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const send = (tries: number) => {
        const live = WEB.filter((backend) => up.get(backend));
        const backend = live[next++ % Math.max(1, live.length)] ?? WEB[0]!;
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port: backend,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, 'x-forwarded-for': '127.0.0.1' },
            agent: agents.get(backend),
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            stats.served++;
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          // nothing was sent to a refused connect: safe to try another instance
          if (error.code === 'ECONNREFUSED' && tries < 3) {
            up.set(backend, false);
            return send(tries + 1);
          }
          stats.dropped.push(`${req.method} ${req.url}: ${error.code ?? error.message}`);
          if (!res.headersSent) res.writeHead(502).end();
        });
        upstream.end(body);
      };
      send(0);
    });
  });
  server.listen(port, '127.0.0.1');
  return {
    stats,
    close() {
      clearInterval(poll);
      for (const agent of agents.values()) agent.destroy();
      server.close();
    },
  };
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  provider.server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', async () => {
      const form = new URLSearchParams(raw);
      const action = form.get('action');
      let answer: unknown = { error: 'Incorrect request' };
      if (action === 'add') {
        provider.adds.push(form.get('link') ?? '');
        const hold = provider.hold;
        if (hold) {
          provider.hold = null;
          hold.held();
          await hold.release;
        }
        answer = { order: 1000 + provider.adds.length };
      } else if (action === 'status') {
        const ids = (form.get('orders') ?? form.get('order') ?? '').split(',');
        const one = {
          charge: '1',
          start_count: '0',
          status: 'In progress',
          remains: '1',
          currency: 'USD',
        };
        answer = form.has('orders') ? Object.fromEntries(ids.map((id) => [id, one])) : one;
      } else if (action === 'services') answer = [];
      else if (action === 'balance') answer = { balance: '1000000', currency: 'USD' };
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => provider.server!.listen(0, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}/`;

  await createDatabase(database);
  for (const port of WEB) {
    web(port);
    await until(() => ready(port), { timeoutMs: 30_000, everyMs: 200, what: `web on ${port}` });
  }
});

test.afterAll(async () => {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
  provider.server?.close();
  await dropDatabase(database);
});

/** Waits for `condition`, checking every 50 ms, for 20 s at most. */
const placedUntil = (condition: () => boolean, what: string) =>
  until(condition, { timeoutMs: 20_000, everyMs: 50, what });

test('orders on two instances survive a killed worker and a drained web instance', async () => {
  test.setTimeout(120_000);
  const proxy = startProxy(3270);
  const base = 'http://127.0.0.1:3270';
  const db = new pg.Client({ connectionString: databaseUrl(database) });
  await db.connect();
  try {
    const signUp = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({
        email: `res.${stamp}@example.com`,
        login: `res${stamp}`,
        password: 'correct horse battery',
        password_confirmation: 'correct horse battery',
        cur: 'USD',
      }),
    });
    expect(signUp.status).toBe(201);
    const { token, user } = (await signUp.json()).data;
    const initial = 10_000_000;
    await db.query('UPDATE users SET balance = $1 WHERE id = $2', [initial, user.id]);

    let worker = startWorker();
    const placed: string[] = [];
    const failures: string[] = [];
    let loading = true;
    let orderNo = 0;
    const order = async () => {
      const link = `https://www.instagram.com/p/Res${stamp}x${++orderNo}/`;
      const res = await fetch(`${base}/api/c_orders/main`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          tag: 'INSTAGRAM_LIKES',
          link,
          quantity: 100,
          method: BALANCE_METHOD_ID,
          client: 'CLIENT_LK',
        }),
      });
      if (res.status !== 201) failures.push(`order ${res.status} ${await res.text()}`);
      else placed.push((await res.json()).data.order.id);
    };
    const browse = async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers: { 'User-Agent': 'load' } });
      await res.arrayBuffer();
      if (res.status !== 200) failures.push(`${path} ${res.status}`);
    };
    const loops = [
      ...Array.from({ length: 4 }, () => order),
      ...Array.from(
        { length: 6 },
        (_, index) => () =>
          browse(['/en/', '/api/currencies/data', '/en/buy-instagram-likes/'][index % 3]!),
      ),
    ].map(async (step) => {
      while (loading) await step().catch((error: Error) => failures.push(String(error)));
    });

    // once orders are flowing, the worker is killed while the provider holds a submit, then
    // started again
    await placedUntil(() => placed.length >= 3, 'orders placed under load');
    let held!: () => void;
    let release!: () => void;
    const isHeld = new Promise<void>((resolve) => {
      held = resolve;
    });
    provider.hold = { held, release: new Promise<void>((resolve) => (release = resolve)) };
    await isHeld;
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker.once('exit', resolve));
    release();
    worker = startWorker();

    // web A is drained under load, once the restarted worker's instance took more orders
    const beforeDrain = placed.length;
    await placedUntil(() => placed.length >= beforeDrain + 2, 'orders placed after the restart');
    const a = [...children].find((child) => child.spawnargs.includes('dist/server/main.js'))!;
    const exited = new Promise<number | null>((resolve) => a.once('exit', (code) => resolve(code)));
    a.kill('SIGTERM');
    expect(await exited).toBe(0);
    // web B alone takes more orders before the load stops
    const afterDrain = placed.length;
    await placedUntil(
      () => placed.length >= afterDrain + 2,
      'orders placed through the other instance',
    );
    loading = false;
    await Promise.all(loops);

    expect(proxy.stats.dropped).toEqual([]);
    expect(failures).toEqual([]);
    expect(placed.length).toBeGreaterThan(8);

    // every paid order leaves PAID: sent once, or (the cut one) left for a check
    await expect
      .poll(
        async () =>
          Number(
            (
              await db.query(
                "SELECT count(*) AS n FROM orders WHERE status = 'PAID' AND needs_check = 0",
              )
            ).rows[0].n,
          ),
        { message: 'paid orders still waiting', timeout: 30_000, intervals: [300] },
      )
      .toBe(0);
    const rows = (
      await db.query(
        'SELECT public_id, link, cost, status, needs_check, provider_order_id FROM orders WHERE user_id = $1',
        [user.id],
      )
    ).rows as {
      public_id: string;
      link: string;
      cost: string;
      status: string;
      needs_check: number;
    }[];
    // nothing lost, nothing extra
    expect(rows.map((row) => row.public_id).sort()).toEqual([...placed].sort());
    // charged once each
    const spent = rows.reduce((sum, row) => sum + Number(row.cost), 0);
    const balance = Number(
      (await db.query('SELECT balance FROM users WHERE id = $1', [user.id])).rows[0].balance,
    );
    expect(balance).toBe(initial - spent);
    // sent at most once each; the cut submit is the only one left for a check
    const sent = new Map<string, number>();
    for (const link of provider.adds) sent.set(link, (sent.get(link) ?? 0) + 1);
    expect([...sent.values()].every((count) => count === 1)).toBe(true);
    for (const row of rows) if (row.status === 'RUNNING') expect(sent.get(row.link)).toBe(1);
    expect(rows.filter((row) => row.needs_check).length).toBeLessThanOrEqual(1);
    worker.kill('SIGTERM');
  } finally {
    proxy.close();
    await db.end();
  }
});
