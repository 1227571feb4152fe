import http from 'node:http';
import net from 'node:net';
import express from 'express';
import request from 'supertest';
import { openDatabase } from '#server/db/database.ts';
import { createReadiness, healthRoutes } from '#server/http/health.ts';
import { IDLE_GRACE_MS, startServer } from '#server/http-server.ts';
import { createLogger } from '#server/lib/logger.ts';
import { testDatabase } from '../support/app.ts';
import { until } from '../support/eventually.ts';

const logger = createLogger({ logLevel: 'silent', logPretty: false });

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ port, path, agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** The client sees the server's close within a moment (its FIN is on the way). */
async function closedSoon(client: { closed: boolean }) {
  await until(() => client.closed, { timeoutMs: 1000, what: 'the server to close the connection' });
}

/** A promise and the function that resolves it: the test says when a handler goes on. */
function signal() {
  let resolve!: () => void;
  const done = new Promise<void>((wake) => {
    resolve = wake;
  });
  return { done, resolve };
}

describe('graceful shutdown', () => {
  it('lets an in-flight request finish and then refuses new connections', async () => {
    const arrived = signal();
    const release = signal();
    const app = express();
    app.get('/slow', async (_req, res) => {
      arrived.resolve();
      await release.done;
      res.send('finished');
    });
    const running = await startServer(app, { port: 0, host: '127.0.0.1', timeoutMs: 5000, logger });
    const inFlight = get(running.port, '/slow');
    // the request is in its handler when the drain starts, and answered only after
    await arrived.done;
    const stopped = running.shutdown('SIGTERM');
    release.resolve();

    await expect(inFlight).resolves.toEqual({ status: 200, body: 'finished' });
    await expect(stopped).resolves.toBe('clean');
    await expect(get(running.port, '/slow')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('cuts connections that outlive the timeout', async () => {
    const arrived = signal();
    const app = express();
    app.get('/hang', () => arrived.resolve());
    const running = await startServer(app, { port: 0, host: '127.0.0.1', timeoutMs: 200, logger });
    const hanging = get(running.port, '/hang').catch((error: Error) => error);
    await arrived.done;
    await expect(running.shutdown('SIGTERM')).resolves.toBe('timeout');
    expect(String(await hanging)).toMatch(/socket hang up|ECONNRESET/);
  });

  /** A raw keep-alive connection: send a request, read one whole response. */
  function connection(port: number) {
    const socket = net.connect(port, '127.0.0.1');
    let buffer = '';
    let closed = false;
    const waiters: (() => void)[] = [];
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (const wake of waiters.splice(0)) wake();
    });
    socket.on('close', () => {
      closed = true;
      for (const wake of waiters.splice(0)) wake();
    });
    socket.on('error', () => {});
    const ready = new Promise((resolve) => socket.once('connect', resolve));
    return {
      ready,
      get closed() {
        return closed;
      },
      send(path: string) {
        socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`);
      },
      /** the next whole response (headers and a Content-Length body), or null if closed */
      async read(): Promise<{ status: number; headers: string; body: string } | null> {
        for (;;) {
          const end = buffer.indexOf('\r\n\r\n');
          if (end >= 0) {
            const head = buffer.slice(0, end);
            const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
            if (buffer.length >= end + 4 + length) {
              const body = buffer.slice(end + 4, end + 4 + length);
              buffer = buffer.slice(end + 4 + length);
              return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body };
            }
          }
          if (closed) return null;
          await new Promise<void>((wake) => waiters.push(wake));
        }
      },
      destroy: () => socket.destroy(),
    };
  }

  it('answers a request already on its way on a kept-alive connection, with Connection: close', async () => {
    const app = express();
    app.get('/x', (_req, res) => res.send('ok'));
    const running = await startServer(app, { port: 0, host: '127.0.0.1', timeoutMs: 5000, logger });
    const client = connection(running.port);
    await client.ready;
    client.send('/x');
    expect((await client.read())?.headers).toContain('connection: keep-alive');
    // the drain starts, and the client's next request is already on the wire
    const stopped = running.shutdown('SIGTERM');
    expect(running.draining()).toBe(true);
    client.send('/x');
    const answer = await client.read();
    expect(answer).toMatchObject({ status: 200, body: 'ok' });
    expect(answer?.headers).toContain('connection: close');
    await expect(stopped).resolves.toBe('clean');
    await closedSoon(client);
  });

  it('drains busy kept-alive connections under load: every request answered, then a clean stop', async () => {
    const app = express();
    app.get('/x', (_req, res) => {
      setTimeout(() => res.send('ok'), 2);
    });
    const running = await startServer(app, {
      port: 0,
      host: '127.0.0.1',
      timeoutMs: 15_000,
      logger,
    });
    const clients = Array.from({ length: 20 }, () => connection(running.port));
    await Promise.all(clients.map((client) => client.ready));
    let answered = 0;
    let dropped = 0;
    // each client asks again as soon as it is answered, until the server says close
    const loads = clients.map(async (client) => {
      for (;;) {
        client.send('/x');
        const answer = await client.read();
        if (answer?.status !== 200) {
          dropped++;
          return;
        }
        answered++;
        if (answer.headers.includes('connection: close')) return;
      }
    });
    // the drain starts under load: answers flow, and each one brings the next request
    await until(() => answered >= 2 * clients.length, { what: 'two answers a connection' });
    const started = Date.now();
    const outcome = await running.shutdown('SIGTERM');
    await Promise.all(loads);
    expect(outcome).toBe('clean');
    expect(dropped).toBe(0);
    expect(answered).toBeGreaterThan(20);
    // busy connections did not hold the process to the timeout (wide margins: CI machines are busy)
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('closes connections left idle after a grace, without waiting for the timeout', async () => {
    const app = express();
    app.get('/x', (_req, res) => res.send('ok'));
    const running = await startServer(app, {
      port: 0,
      host: '127.0.0.1',
      timeoutMs: 15_000,
      logger,
    });
    const client = connection(running.port);
    await client.ready;
    client.send('/x');
    await client.read();
    const started = Date.now();
    await expect(running.shutdown('SIGTERM')).resolves.toBe('clean');
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_GRACE_MS - 50);
    expect(Date.now() - started).toBeLessThan(IDLE_GRACE_MS + 5000);
    await closedSoon(client);
  });
});

describe('readiness', () => {
  it('is ready with the database up and migrated, and turns unready while draining', async () => {
    const handle = await testDatabase();
    let draining = false;
    const app = express();
    app.use(
      healthRoutes({
        readiness: createReadiness({ db: handle.db, isDraining: () => draining, redisPing: null }),
      }),
    );
    const ready = await request(app).get('/readyz').expect(200);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: { draining: 'no', database: 'ok', migrations: 'ok', redis: 'off' },
    });
    draining = true;
    const unready = await request(app).get('/readyz').expect(503);
    expect(unready.body.checks.draining).toBe('yes');
    // alive all along
    await request(app).get('/healthz').expect(200);
    await handle.close();
  });

  it('is unready while migrations are pending or Redis does not answer', async () => {
    const bare = await openDatabase({ file: ':memory:' });
    const app = express();
    app.use(
      healthRoutes({
        readiness: createReadiness({
          db: bare.db,
          isDraining: () => false,
          redisPing: () => Promise.reject(new Error('ECONNREFUSED')),
        }),
      }),
    );
    const res = await request(app).get('/readyz').expect(503);
    expect(res.body.checks.migrations).toMatch(/^failed: pending: 0001-accounts/);
    expect(res.body.checks.redis).toBe('failed: ECONNREFUSED');
    await bare.close();
  });
});
