import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import {
  createDatabase,
  DATABASE_URL,
  dropDatabase,
  REDIS_URL,
  spawnProcess,
} from './processes.ts';

/**
 * Several instances share one live channel: two web processes and one worker on
 * PostgreSQL + Redis. A buyer's browser is connected to web B; the order was placed on web A
 * and is completed by the worker process, which has no sockets: the notification reaches the
 * browser through Redis within 2 s of the order completing. Runs where DATABASE_URL and
 * REDIS_URL are set (CI sets both), as the PostgreSQL suites do.
 */
const WEB_A = 3240;
const WEB_B = 3241;
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const database = `live_${stamp}`;
const children: ChildProcess[] = [];

test.skip(!DATABASE_URL || !REDIS_URL, 'needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)');

function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawnProcess(args, { database, channelKey: `live-${stamp}`, env });
  children.push(child);
  return child;
}

async function healthy(port: number): Promise<void> {
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/healthz`)
          .then((res) => res.ok)
          .catch(() => false),
      { message: `web instance on ${port} starts`, timeout: 30_000, intervals: [200] },
    )
    .toBe(true);
}

const web = (port: number) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  // web only: the worker is its own process
  WORKER_INTERVAL_MS: '0',
  // the web instances' own outbox rounds wait a minute: what reaches B within 2 s went from
  // the worker process through Redis
  LIVE_PUSH_MS: '60000',
});

test.beforeAll(async () => {
  await createDatabase(database);
  // A migrates and seeds the empty database; B and the worker find it ready
  start(['dist/server/main.js'], web(WEB_A));
  await healthy(WEB_A);
  start(['dist/server/main.js'], web(WEB_B));
  start(['scripts/worker.ts'], {
    WORKER_INTERVAL_MS: '300',
    FULFILMENT_SYNC_MS: '1000',
    SIMULATOR_START_DELAY_MS: '0',
    SIMULATOR_SPEED: '600000',
    // every service at that pace, none ending partial on its own: the order completes
    SIMULATOR_SPREAD: 'false',
  });
  await healthy(WEB_B);
});

test.afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await dropDatabase(database);
});

test('an order completed by the worker reaches a browser on the other web instance', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const a = `http://127.0.0.1:${WEB_A}`;
  const b = `http://127.0.0.1:${WEB_B}`;
  // a buyer signs up and tops up on A (the sandbox gateway confirms in A's process)
  const signUp = await request.post(`${a}/api/register`, {
    headers: { Origin: a },
    data: {
      email: `live.${stamp}@example.com`,
      login: `live${stamp}`,
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
    },
  });
  expect(signUp.status()).toBe(201);
  const token: string = (await signUp.json()).data.token;
  const auth = { Authorization: `Bearer ${token}`, Origin: a };
  const deposit = await request.post(`${a}/api/deposit`, {
    headers: auth,
    data: { amount: 50_000, method: 3, agreement: true },
  });
  expect(deposit.status()).toBe(201);
  const checkout = new URL((await deposit.json()).data.redirect).pathname;
  const paid = await request.post(`${a}${checkout}`, {
    form: { outcome: 'pay' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);

  // the buyer's browser is on B, the bell open
  const context = await browser.newContext({ locale: 'ru-RU' });
  await context.addCookies([{ name: 'auth', value: token, url: b }]);
  const page = await context.newPage();
  await page.goto(`${b}/cp/`);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await expect(page.getByTestId('bell-count')).toHaveText('1');
  await page.getByTestId('bell').click();
  const newest = page.locator('#notifications-panel').getByTestId('notification').first();
  await expect(newest).toContainText('Баланс пополнен');

  // an order on A; the worker process sends it to the provider and sees it complete
  const placed = await request.post(`${a}/api/c_orders/main`, {
    headers: auth,
    data: {
      tag: 'INSTAGRAM_LIKES',
      link: 'https://www.instagram.com/p/C8xYz12AbCd/',
      quantity: 100,
      method: -1,
    },
  });
  expect(placed.status()).toBe(201);
  const orderId: string = (await placed.json()).data.order.id;
  await expect
    .poll(
      async () => (await (await request.get(`${a}/api/c_orders/${orderId}`)).json()).data.status,
      { timeout: 60_000, intervals: [100] },
    )
    .toBe('COMPLETED');
  // within 2 s of the order completing, the browser on B shows it
  await expect(newest).toContainText('Заказ выполнен', { timeout: 2_000 });
  await expect(page.getByTestId('bell-count')).toHaveText('4');
  await context.close();
});
