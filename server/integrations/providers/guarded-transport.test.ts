import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Resolver } from '../../lib/public-address.ts';
import {
  checkProviderUrl,
  guardedTransport,
  isRefusedTarget,
  ProviderTargetRefused,
} from './guarded-transport.ts';
import { createSimulator, startSimulatorServer } from './simulator.ts';
import { createSmmApiClient, ProviderError, ProviderUnavailable } from './smm-provider.ts';

/**
 * The transport of providers staff type in (SSRF): checked as functions and against servers on
 * loopback only. Names resolve through a resolver of the test's own; nothing here connects to
 * an address that is not loopback (the guard refuses IP literals before connecting).
 */
const KEY = 'guarded-test-key';

/** A listener on loopback that counts the connections it is offered (and must see none). */
async function countingListener() {
  const seen = { connections: 0 };
  const server = net.createServer((socket) => {
    seen.connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    seen,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Names the tests use; any other name fails the test if it is ever resolved. */
const asked: string[] = [];
const resolve: Resolver = async (host) => {
  asked.push(host);
  if (host === 'panel.test') return [{ address: '127.0.0.1', family: 4 }];
  if (host === 'mixed.test')
    return [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
  throw new Error(`unexpected lookup of ${host}`);
};

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as Error,
  );

let trap: Awaited<ReturnType<typeof countingListener>>;
beforeAll(async () => {
  trap = await countingListener();
});
afterAll(async () => {
  await trap.close();
});
beforeEach(() => {
  asked.length = 0;
});
afterEach(() => {
  // nothing may ever reach the trap
  expect(trap.seen.connections).toBe(0);
});

describe('provider URLs', () => {
  const strict = { allowPrivate: false, requireHttps: true };
  const open = { allowPrivate: false, requireHttps: false };

  it.each([
    ['http://127.0.0.1:8080/', 'private'],
    ['http://localhost/', 'private'],
    ['http://api.localhost/', 'private'],
    ['http://[::1]/', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'private'],
    ['http://10.0.0.1/', 'private'],
    ['http://[fd00:ec2::254]/', 'private'],
    ['http://[::ffff:127.0.0.1]/', 'private'],
    ['https://user:pass@panel.example/api/v2', 'credentials'],
    ['ftp://panel.example/', 'scheme'],
    ['not a url', 'url'],
  ])('refuses %s (%s) wherever it is', (url, refusal) => {
    expect(checkProviderUrl(url, open)).toEqual({ refused: refusal });
    expect(checkProviderUrl(url, strict)).toEqual({ refused: refusal });
  });

  it('requires https in production unless private addresses are allowed', () => {
    expect(checkProviderUrl('http://panel.example/api/v2', strict)).toEqual({ refused: 'https' });
    expect(checkProviderUrl('https://panel.example/api/v2', strict)).toHaveProperty('url');
    expect(checkProviderUrl('http://panel.example/api/v2', open)).toHaveProperty('url');
    expect(
      checkProviderUrl('http://10.0.0.1/api/v2', { allowPrivate: true, requireHttps: true }),
    ).toHaveProperty('url');
  });
});

describe('the guarded transport', () => {
  const refused = async (url: string, options = { allowPrivate: false, requireHttps: false }) => {
    const client = createSmmApiClient({
      url,
      key: KEY,
      timeoutMs: 2000,
      transport: guardedTransport({ ...options, resolve }),
    });
    const error = await failure(client.add({ service: '1', link: 'https://x.test/', quantity: 1 }));
    expect(error).toBeInstanceOf(ProviderUnavailable);
    // nothing was sent: the order surely was not placed, and may go again
    expect((error as ProviderUnavailable).placed).toBe('no');
    expect(isRefusedTarget(error)).toBe(true);
    expect(String(error)).not.toContain(KEY);
    return error;
  };

  it.each([
    'http://127.0.0.1:PORT/',
    'http://localhost:PORT/',
    'http://[::1]:PORT/',
    'http://169.254.169.254/',
    'http://10.0.0.1/',
    'http://[fd00:ec2::254]/',
  ])('refuses %s before connecting, as not placed', async (url) => {
    const error = await refused(url.replace('PORT', String(trap.port)));
    expect(error.cause).toBeInstanceOf(ProviderTargetRefused);
    expect(asked).toEqual([]);
  });

  it('refuses a name that resolves to a private address at connection time', async () => {
    const error = await refused(`http://panel.test:${trap.port}/`);
    expect((error.cause as { code?: string }).code).toBe('EPRIVATEADDRESS');
    expect(asked).toEqual(['panel.test']);
    // one private address among public ones is enough
    await refused(`http://mixed.test:${trap.port}/`);
  });

  it('refuses plain http when https is required, before resolving the name', async () => {
    const error = await refused(`http://panel.test:${trap.port}/`, {
      allowPrivate: false,
      requireHttps: true,
    });
    expect((error.cause as ProviderTargetRefused).refusal).toBe('https');
    expect(asked).toEqual([]);
  });

  describe('where private addresses are allowed', () => {
    const transport = guardedTransport({ allowPrivate: true, requireHttps: true, resolve });
    let panel: http.Server;
    let base = '';
    const requests: { url: string; body: string }[] = [];
    const hanging: http.ServerResponse[] = [];

    beforeAll(async () => {
      panel = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        req.on('end', async () => {
          requests.push({ url: req.url ?? '', body });
          if (req.url === '/redirect') {
            res.writeHead(307, { Location: `http://127.0.0.1:${trap.port}/steal` });
            res.end();
          } else if (req.url === '/refuses') {
            res.writeHead(200, { 'Content-Type': 'application/json' });
            res.end('{"error":"Invalid API key"}');
          } else if (req.url === '/gzip') {
            res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
            res.end(await promisify(zlib.gzip)('{"balance":"12.50","currency":"USD"}'));
          } else if (req.url === '/stall') {
            res.writeHead(200, { 'Content-Type': 'application/json' });
            res.write('{"balance":');
            hanging.push(res);
          } else hanging.push(res);
        });
      });
      await new Promise<void>((done) => panel.listen(0, '127.0.0.1', done));
      base = `http://127.0.0.1:${(panel.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      for (const res of hanging) res.destroy();
      const closed = new Promise((done) => panel.close(done));
      panel.closeAllConnections();
      await closed;
    });
    beforeEach(() => {
      requests.length = 0;
    });

    const client = (path: string, timeoutMs = 2000) =>
      createSmmApiClient({ url: `${base}${path}`, key: KEY, timeoutMs, transport });

    it('never follows a redirect, so the key goes nowhere else', async () => {
      const error = await failure(client('/redirect').balance());
      expect(error).toBeInstanceOf(ProviderUnavailable);
      expect(error.message).toBe(
        'SMM provider balance: request failed (redirect refused (HTTP 307))',
      );
      expect((error as ProviderUnavailable).placed).toBe('unknown');
      expect(requests).toEqual([{ url: '/redirect', body: `key=${KEY}&action=balance` }]);
    });

    it('reads an answer (gzip too) and a panel’s refusal', async () => {
      expect(await client('/gzip').balance()).toEqual({ balance: '12.50', currency: 'USD' });
      const error = await failure(client('/refuses').balance());
      expect([error.constructor, error.message]).toEqual([ProviderError, 'Invalid API key']);
    });

    it('speaks to the simulator over HTTP, and a name resolved to loopback', async () => {
      const sim = createSimulator({ key: KEY });
      const server = await startSimulatorServer(sim, 0);
      try {
        const { port } = new URL(server.url);
        const named = createSmmApiClient({
          url: `http://panel.test:${port}/api/v2`,
          key: KEY,
          transport,
        });
        expect(await named.balance()).toMatchObject({ balance: expect.any(String) });
        expect(asked).toEqual(['panel.test']);
      } finally {
        await server.close();
      }
    });

    it.each([
      ['no answer', '/hang'],
      ['an answer that stalls', '/stall'],
    ])('gives up on %s after timeoutMs, placed unknown', async (_, path) => {
      const started = Date.now();
      const error = await failure(client(path, 300).balance());
      expect(error.message).toBe('SMM provider balance: no answer within 300 ms');
      expect((error as ProviderUnavailable).placed).toBe('unknown');
      expect(Date.now() - started).toBeLessThan(3000);
    });

    it('tells a refused connection: surely not placed', async () => {
      const closed = http.createServer();
      await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
      const { port } = closed.address() as AddressInfo;
      await new Promise((done) => closed.close(done));
      const error = await failure(
        createSmmApiClient({ url: `http://127.0.0.1:${port}/`, key: KEY, transport }).balance(),
      );
      expect(error.message).toMatch(/^SMM provider balance: request failed \(.*ECONNREFUSED/);
      expect((error as ProviderUnavailable).placed).toBe('no');
      expect(isRefusedTarget(error)).toBe(false);
    });
  });
});
