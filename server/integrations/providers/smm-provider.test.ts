import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSimulator, type Simulator, startSimulatorServer } from './simulator.ts';
import {
  createSmmApiClient,
  httpTransport,
  ProviderError,
  ProviderUnavailable,
  type SmmProvider,
  type Transport,
} from './smm-provider.ts';

/**
 * The API v2 client against the simulator, over real HTTP and in process; then against panels
 * that answer in their own ways, and against ones that fail.
 */
const KEY = 'provider-test-key';
const START = Date.UTC(2025, 0, 1);
const LINK = 'https://www.instagram.com/p/C8xYz12AbCd/';

interface Rig {
  sim: Simulator;
  clock: { now: number };
  client: SmmProvider;
  url: string;
  /** every form the client sent */
  sent: URLSearchParams[];
  close(): Promise<void>;
}

async function rig(mode: 'over HTTP' | 'in process'): Promise<Rig> {
  const clock = { now: START };
  const sim = createSimulator({
    key: KEY,
    now: () => clock.now,
    random: () => 0,
    startDelayMs: 1000,
    speedPerMinute: 6000,
  });
  const server = mode === 'over HTTP' ? await startSimulatorServer(sim) : null;
  const url = server ? `${server.url}/api/v2` : 'sim://panel';
  const inner: Transport = server ? httpTransport : sim.transport;
  const sent: URLSearchParams[] = [];
  const client = createSmmApiClient({
    url,
    key: KEY,
    timeoutMs: 5000,
    transport: (to, form, timeoutMs) => {
      sent.push(new URLSearchParams(form));
      return inner(to, form, timeoutMs);
    },
  });
  return { sim, clock, client, url, sent, close: async () => server?.close() };
}

describe.each(['over HTTP', 'in process'] as const)('SMM API client %s', (mode) => {
  let r: Rig;
  beforeEach(async () => {
    r = await rig(mode);
  });
  afterEach(() => r.close());

  it('adds an order (its id a string) and follows it to Completed', async () => {
    expect(await r.client.add({ service: '1', link: LINK, quantity: 1000 })).toEqual({
      order: '1',
    });
    expect(Object.fromEntries(r.sent[0]!)).toEqual({
      key: KEY,
      action: 'add',
      service: '1',
      link: LINK,
      quantity: '1000',
    });
    expect(await r.client.status('1')).toEqual({
      charge: '0.90000',
      start_count: '0',
      status: 'Pending',
      remains: '1000',
      currency: 'USD',
    });
    r.clock.now += 1000 + 5000;
    expect(await r.client.status('1')).toMatchObject({ status: 'In progress', remains: '500' });
    r.clock.now += 5000;
    expect(await r.client.status('1')).toEqual({
      charge: '0.90000',
      start_count: '100',
      status: 'Completed',
      remains: '0',
      currency: 'USD',
    });
    expect(r.sim.adds).toBe(1);
  });

  it('sends the drip-feed and type-specific fields it is given', async () => {
    await r.client.add({
      service: '2',
      link: LINK,
      quantity: 100,
      runs: 3,
      interval: 15,
      username: 'someone',
      comments: 'first\nsecond',
    });
    expect(Object.fromEntries(r.sent[0]!)).toMatchObject({
      runs: '3',
      interval: '15',
      username: 'someone',
      comments: 'first\nsecond',
    });
    expect(r.sim.orders.get('1')).toMatchObject({ total: 300, comments: 'first\nsecond' });
  });

  it('asks 250 statuses in 3 calls of at most 100, unknown ids as per-item errors', async () => {
    for (const quantity of [100, 200, 300])
      await r.client.add({ service: '1', link: LINK, quantity });
    r.sent.length = 0;
    const ids = Array.from({ length: 250 }, (_, i) => String(i + 1));
    const statuses = await r.client.statuses([...ids, '2', '1']); // repeats are asked once
    expect(
      r.sent.map((form) => [form.get('action'), form.get('orders')?.split(',').length]),
    ).toEqual([
      ['status', 100],
      ['status', 100],
      ['status', 50],
    ]);
    expect(r.sent.flatMap((form) => form.get('orders')!.split(','))).toEqual(ids);
    expect(Object.keys(statuses)).toHaveLength(250);
    expect(statuses['2']).toEqual({
      charge: '0.18000',
      start_count: '0',
      status: 'Pending',
      remains: '200',
      currency: 'USD',
    });
    expect(statuses['3']).toMatchObject({ remains: '300' });
    expect(statuses['4']).toEqual({ error: 'Incorrect order ID' });
    expect(statuses['250']).toEqual({ error: 'Incorrect order ID' });

    r.sent.length = 0;
    expect(await r.client.statuses([])).toEqual({});
    expect(r.sent).toHaveLength(0);
  });

  it('cancels into a record keyed by order id', async () => {
    await r.client.add({ service: '1', link: LINK, quantity: 100 });
    await r.client.add({ service: '4', link: LINK, quantity: 100 });
    expect(await r.client.cancel(['1', '2', '99'])).toEqual({
      1: { cancel: 1 },
      2: { error: 'Cancel is not available for this service' },
      99: { error: 'Incorrect order ID' },
    });
    expect(r.sent.at(-1)?.get('orders')).toBe('1,2,99');
    expect(await r.client.status('1')).toMatchObject({ status: 'Canceled', remains: '100' });
  });

  it('refills, and reads the balance and the services as strings', async () => {
    await r.client.add({ service: '1', link: LINK, quantity: 1000 });
    r.clock.now += 3_600_000;
    expect(await r.client.refill('1')).toEqual({ refill: '1' });
    expect(await r.client.refillStatus('1')).toEqual({ status: 'Completed' });
    expect(r.sent.at(-1)?.get('action')).toBe('refill_status');
    expect(r.sent.at(-1)?.get('refill')).toBe('1');
    expect(await r.client.balance()).toEqual({ balance: '9999.10000', currency: 'USD' });
    const services = await r.client.services();
    expect(services).toHaveLength(4);
    expect(services[0]).toEqual({
      service: '1',
      name: 'Instagram Likes',
      type: 'Default',
      category: 'Instagram',
      rate: '0.90',
      min: '10',
      max: '100000',
      refill: true,
      cancel: true,
    });
    expect(services.map((service) => [service.refill, service.cancel])).toEqual([
      [true, true],
      [true, true],
      [false, true],
      [true, false],
    ]);
  });

  it('turns {"error"} into a ProviderError with its text', async () => {
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => {
          throw new Error('expected a refusal');
        },
        (error: unknown) => {
          expect(error).toBeInstanceOf(ProviderError);
          return [(error as ProviderError).action, (error as Error).message];
        },
      );
    expect(await refusal(r.client.add({ service: '999', link: LINK, quantity: 100 }))).toEqual([
      'add',
      'Incorrect service ID',
    ]);
    expect(await refusal(r.client.add({ service: '1', link: LINK, quantity: 5 }))).toEqual([
      'add',
      'Quantity less than minimal 10',
    ]);
    expect(await refusal(r.client.status('404'))).toEqual(['status', 'Incorrect order ID']);
    expect(await refusal(r.client.refill('404'))).toEqual(['refill', 'Incorrect order ID']);
    expect(await refusal(r.client.refillStatus('404'))).toEqual([
      'refill_status',
      'Incorrect refill ID',
    ]);
    const stranger = createSmmApiClient({
      url: r.url,
      key: 'not-the-key',
      transport: mode === 'over HTTP' ? undefined : r.sim.transport,
    });
    expect(await refusal(stranger.balance())).toEqual(['balance', 'Invalid API key']);
    expect(await refusal(stranger.statuses(['1']))).toEqual(['status', 'Invalid API key']);
    expect(r.sim.adds).toBe(0);
  });

  it('is unavailable, not refused, while the panel is down', async () => {
    r.sim.down = true;
    const calls: Promise<unknown>[] = [
      r.client.add({ service: '1', link: LINK, quantity: 100 }),
      r.client.status('1'),
      r.client.statuses(['1']),
      r.client.cancel(['1']),
      r.client.refill('1'),
      r.client.refillStatus('1'),
      r.client.balance(),
      r.client.services(),
    ];
    for (const call of calls) await expect(call).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(r.sim.adds).toBe(0);
    r.sim.down = false;
    expect(await r.client.balance()).toMatchObject({ currency: 'USD' });
  });
});

/** A panel whose answers the test writes. */
const scripted = (answer: (form: URLSearchParams) => unknown, status = 200) => {
  const sent: URLSearchParams[] = [];
  const client = createSmmApiClient({
    url: 'https://panel.test/api/v2',
    key: KEY,
    transport: async (_url, form) => {
      sent.push(form);
      return { status, body: JSON.stringify(answer(form)) };
    },
  });
  return { client, sent };
};

describe('answers in other panels’ shapes', () => {
  it('turns numbers into strings and reads status words loosely', async () => {
    const { client } = scripted((form) =>
      form.get('action') === 'add'
        ? { order: 23501 }
        : { charge: 0.27819, start_count: 3572, status: 'Partial', remains: 157, currency: 'USD' },
    );
    expect(await client.add({ service: '1', link: LINK, quantity: 1000 })).toEqual({
      order: '23501',
    });
    expect(await client.status('23501')).toEqual({
      charge: '0.27819',
      start_count: '3572',
      status: 'Partial',
      remains: '157',
      currency: 'USD',
    });

    const loose = scripted(() => ({
      1: { charge: '0', start_count: null, status: 'In Progress', remains: '10', currency: 'USD' },
      2: { charge: 1.5, start_count: '7', status: 'Cancelled', remains: 0 },
      3: { charge: '1', status: 'Refunded', remains: '0', currency: 'USD' },
      4: 'gone',
      // a status word that names a member of Object.prototype is no status
      6: { charge: '1', status: 'constructor', remains: '0', currency: 'USD' },
    }));
    expect(await loose.client.statuses(['1', '2', '3', '4', '5', '6'])).toEqual({
      1: { charge: '0', start_count: '0', status: 'In progress', remains: '10', currency: 'USD' },
      2: { charge: '1.5', start_count: '7', status: 'Canceled', remains: '0', currency: '' },
      3: { error: 'Unknown status "Refunded"' },
      4: { error: 'Unexpected answer' },
      5: { error: 'No answer for this order' },
      6: { error: 'Unknown status "constructor"' },
    });
  });

  it('reads cancel lists, balances, refills and services sent with other types', async () => {
    const { client } = scripted((form) => {
      switch (form.get('action')) {
        case 'cancel':
          return [
            { order: '5', cancel: '1' },
            { order: 6, error: 'Order is completed' },
            { order: 7, cancel: { error: 'Incorrect order ID' } },
            { nothing: true },
          ];
        case 'balance':
          return { balance: 100.84, currency: 'USD' };
        case 'refill':
          return { refill: 7 };
        default:
          return [
            {
              service: 12,
              name: 'Likes',
              type: 'Default',
              category: 'IG',
              rate: 0.9,
              min: 10,
              max: 5000,
              refill: 1,
              cancel: '0',
            },
            { name: 'no id: skipped' },
          ];
      }
    });
    expect(await client.cancel(['5', '6', '7', '8'])).toEqual({
      5: { cancel: 1 },
      6: { error: 'Order is completed' },
      7: { error: 'Incorrect order ID' },
      8: { error: 'No answer for this order' },
    });
    expect(await client.balance()).toEqual({ balance: '100.84', currency: 'USD' });
    expect(await client.refill('5')).toEqual({ refill: '7' });
    expect(await client.services()).toEqual([
      {
        service: '12',
        name: 'Likes',
        type: 'Default',
        category: 'IG',
        rate: '0.9',
        min: '10',
        max: '5000',
        refill: true,
        cancel: false,
      },
    ]);
  });

  it('cancels in batches of 100', async () => {
    const { client, sent } = scripted((form) =>
      form
        .get('orders')!
        .split(',')
        .map((order) => ({ order: Number(order), cancel: 1 })),
    );
    const ids = Array.from({ length: 150 }, (_, i) => String(i + 1));
    const result = await client.cancel(ids);
    expect(sent.map((form) => form.get('orders')!.split(',').length)).toEqual([100, 50]);
    expect(Object.values(result).every((item) => 'cancel' in item)).toBe(true);
    expect(Object.keys(result)).toHaveLength(150);
  });

  it('is unavailable when an answer has the wrong shape', async () => {
    for (const [call, answer] of [
      [(c: SmmProvider) => c.add({ service: '1', link: LINK, quantity: 10 }), {}],
      [(c: SmmProvider) => c.status('1'), { status: 'Teleported' }],
      [(c: SmmProvider) => c.statuses(['1']), ['not', 'keyed']],
      [(c: SmmProvider) => c.cancel(['1']), { 1: 1 }],
      [(c: SmmProvider) => c.services(), { services: [] }],
      [(c: SmmProvider) => c.balance(), { currency: 'USD' }],
    ] as const) {
      const { client } = scripted(() => answer);
      await expect(call(client)).rejects.toBeInstanceOf(ProviderUnavailable);
    }
  });

  it('counts 5xx and 429 as outages even with an {"error"} body; other codes with one as refusals', async () => {
    for (const status of [500, 502, 503, 429])
      await expect(scripted(() => ({ error: 'busy' }), status).client.balance()).rejects.toThrow(
        ProviderUnavailable,
      );
    await expect(
      scripted(() => ({ error: 'Invalid API key' }), 401).client.balance(),
    ).rejects.toThrow(new ProviderError('balance', 'Invalid API key'));
    await expect(scripted(() => ({ balance: '1' }), 404).client.balance()).rejects.toThrow(
      ProviderUnavailable,
    );
  });

  it('tells which outages surely left an order unplaced: 429, 502 and 503 only', async () => {
    const placedOn = async (status: number) => {
      const { client } = scripted(() => ({ error: 'busy' }), status);
      const error = await client.add({ service: '1', link: LINK, quantity: 100 }).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderUnavailable);
      return (error as ProviderUnavailable).placed;
    };
    expect(await placedOn(429)).toBe('no');
    expect(await placedOn(502)).toBe('no');
    expect(await placedOn(503)).toBe('no');
    expect(await placedOn(500)).toBe('unknown');
    expect(await placedOn(504)).toBe('unknown');
  });
});

describe('failing panels over HTTP', () => {
  let server: http.Server;
  let base = '';
  const hanging: http.ServerResponse[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      if (req.url === '/500') {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end('{"error":"Internal Server Error"}');
      } else if (req.url === '/html') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<!doctype html><title>Just a moment…</title>');
      } else if (req.url === '/stall') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"balance":');
        hanging.push(res);
      } else hanging.push(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const res of hanging) res.destroy();
    const closed = new Promise((resolve) => server.close(resolve));
    // an aborted fetch may leave a connection that never sent a request open for seconds
    server.closeAllConnections();
    await closed;
  });

  const client = (path: string, timeoutMs = 5000) =>
    createSmmApiClient({ url: `${base}${path}`, key: KEY, timeoutMs });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a failure');
      },
      (error: unknown) => error as Error,
    );

  it.each([
    ['HTTP 500', '/500', 'SMM provider balance: HTTP 500'],
    ['a page that is not JSON', '/html', 'SMM provider balance: HTTP 200, not JSON'],
  ])(
    'is unavailable on %s, and cannot tell whether the call was done',
    async (_, path, message) => {
      const error = await failure(client(path).balance());
      expect(error).toBeInstanceOf(ProviderUnavailable);
      expect(error.message).toBe(message);
      expect((error as ProviderUnavailable).placed).toBe('unknown');
    },
  );

  it.each([
    ['no answer', '/hang'],
    ['an answer that stalls', '/stall'],
  ])('gives up on %s after timeoutMs', async (_, path) => {
    const started = Date.now();
    const error = await failure(client(path, 300).balance());
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(error.message).toBe('SMM provider balance: no answer within 300 ms');
    // the panel may have acted on a request it never answered
    expect((error as ProviderUnavailable).placed).toBe('unknown');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('is unavailable when nothing listens, and never puts the key in a message', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(
      createSmmApiClient({ url: `http://127.0.0.1:${port}/`, key: KEY }).balance(),
    );
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(error.message).toMatch(/^SMM provider balance: request failed/);
    // a refused connection never reached the panel: surely not placed
    expect((error as ProviderUnavailable).placed).toBe('no');
    expect(String(error)).not.toContain(KEY);
  });

  it('is unavailable when the simulator server is down, and recovers', async () => {
    const sim = createSimulator({ key: KEY });
    const simServer = await startSimulatorServer(sim);
    try {
      const provider = createSmmApiClient({ url: simServer.url, key: KEY });
      sim.down = true;
      const error = await failure(provider.add({ service: '1', link: LINK, quantity: 100 }));
      expect([error.constructor, error.message]).toEqual([
        ProviderUnavailable,
        'SMM provider add: HTTP 503',
      ]);
      expect((error as ProviderUnavailable).placed).toBe('no');
      expect(sim.adds).toBe(0);
      sim.down = false;
      expect(await provider.add({ service: '1', link: LINK, quantity: 100 })).toEqual({
        order: '1',
      });
    } finally {
      await simServer.close();
    }
  });
});
