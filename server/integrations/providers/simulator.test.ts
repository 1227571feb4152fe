import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createSimulator, type SimulatorOptions, startSimulatorServer } from './simulator.ts';

/** The simulator as a panel: its answers over a clock the tests move, errors in its words. */
const KEY = 'sim-test-key';
const START = Date.UTC(2025, 0, 1);

const setup = (options: Partial<SimulatorOptions> = {}) => {
  const clock = { now: START };
  const sim = createSimulator({ key: KEY, now: () => clock.now, random: () => 0, ...options });
  const call = (params: Record<string, string>) =>
    sim.handle(new URLSearchParams({ key: KEY, ...params })) as Record<string, unknown>;
  const add = (params: Record<string, string> = {}) =>
    call({ action: 'add', service: '1', link: 'https://www.instagram.com/p/C8x/', ...params });
  const status = (order: unknown) => call({ action: 'status', order: String(order) });
  const wait = (ms: number) => {
    clock.now += ms;
  };
  return { sim, clock, call, add, status, wait };
};

describe('order lifecycle', () => {
  it('is Pending, then In progress with remains going down, then Completed', () => {
    const { sim, add, status, wait } = setup({ speedPerMinute: 1000, startDelayMs: 30_000 });
    const placed = add({ quantity: '1000' });
    expect(placed).toEqual({ order: 1 });
    expect(sim.adds).toBe(1);
    expect(status(1)).toEqual({
      charge: '0.90000',
      start_count: '0',
      status: 'Pending',
      remains: '1000',
      currency: 'USD',
    });

    wait(29_999);
    expect(status(1)).toMatchObject({ status: 'Pending', remains: '1000' });
    wait(1);
    const started = status(1);
    expect(started).toMatchObject({ status: 'In progress', remains: '1000' });
    expect(Number(started.start_count)).toBeGreaterThan(0);

    wait(15_000); // a quarter of a minute at 1000 a minute
    expect(status(1)).toMatchObject({ status: 'In progress', remains: '750' });
    wait(30_000);
    expect(status(1)).toMatchObject({ status: 'In progress', remains: '250' });
    wait(15_000);
    expect(status(1)).toEqual({ ...started, status: 'Completed', remains: '0' });
    wait(3_600_000);
    expect(status(1)).toMatchObject({ status: 'Completed', remains: '0' });
  });

  it('fixes the start count at add and charges rate × quantity / 1000 to 5 decimals', () => {
    const draws = [0, 0, 0, 0.5]; // refusal, fate, share, start count
    const { add, status, wait, call } = setup({
      random: () => draws.shift() ?? 0,
      startDelayMs: 0,
      services: [
        {
          service: '7',
          name: 'Odd',
          type: 'Default',
          category: 'X',
          rate: '0.123456',
          min: 1,
          max: 10_000,
        },
      ],
    });
    add({ service: '7', quantity: '335' });
    wait(1);
    // 0.123456 × 335 / 1000 = 0.04135776, rounded half up
    expect(status(1)).toMatchObject({ charge: '0.04136', start_count: '25100' });
    expect(call({ action: 'balance' })).toEqual({ balance: '9999.95864', currency: 'USD' });
  });

  it.each([
    [0.25, 300], // 10 % + 0.25 × 80 %
    [0, 100],
    [0.999999, 900],
  ])('ends Partial at the drawn share (10–90 %%): roll %f stops at %i', (roll, stop) => {
    const draws = [0.9, 0, roll, 0]; // refusal, fate (Partial at rate 1), share, start count
    const { add, status, wait } = setup({
      partialRate: 1,
      random: () => draws.shift() ?? 0,
      speedPerMinute: 600,
      startDelayMs: 1000,
    });
    add({ quantity: '1000' });
    wait(1000 + (stop - 50) * 100); // 10 units a second
    expect(status(1)).toMatchObject({ status: 'In progress', remains: String(1000 - stop + 50) });
    wait(50 * 100);
    expect(status(1)).toMatchObject({ status: 'Partial', remains: String(1000 - stop) });
    wait(3_600_000); // it never finishes the rest
    expect(status(1)).toMatchObject({ status: 'Partial', remains: String(1000 - stop) });
  });

  it('ends Canceled with all units remaining shortly after start', () => {
    const { add, status, wait } = setup({ cancelRate: 1, startDelayMs: 5000 });
    add({ quantity: '1000' });
    wait(5000);
    expect(status(1)).toMatchObject({ status: 'In progress', remains: '1000' });
    wait(60_000);
    expect(status(1)).toMatchObject({ status: 'Canceled', remains: '1000' });
  });

  it('splits fates by the rates', () => {
    const rolls = [0.1, 0.3, 0.5, 0.9];
    const draws = rolls.flatMap((roll) => [0.99, roll, 0.5, 0.5]);
    const { sim, add, status, wait } = setup({
      cancelRate: 0.25,
      partialRate: 0.25,
      errorRate: 0.5,
      random: () => draws.shift() ?? 0,
    });
    for (const _ of rolls) add({ quantity: '1000' });
    wait(3_600_000);
    expect([1, 2, 3, 4].map((id) => status(id).status)).toEqual([
      'Canceled',
      'Partial',
      'Completed',
      'Completed',
    ]);
    expect(sim.adds).toBe(4);
  });
});

describe('add', () => {
  it.each([
    [{ service: '999' }, 'Incorrect service ID'],
    [{ service: '' }, 'Incorrect service ID'],
    [{ quantity: '9' }, 'Quantity less than minimal 10'],
    [{ quantity: '100001' }, 'Quantity more than maximal 100000'],
    [{ quantity: 'many' }, 'Incorrect quantity'],
    [{ quantity: '12.5' }, 'Incorrect quantity'],
    [{ link: '' }, 'Incorrect link'],
    [{ link: '   ' }, 'Incorrect link'],
    [{ runs: '0' }, 'Incorrect runs'],
    [{ interval: 'x' }, 'Incorrect interval'],
  ])('refuses %j with "%s" and creates nothing', (params, error) => {
    const { sim, add } = setup();
    expect(add({ quantity: '100', ...params })).toEqual({ error });
    expect(sim.adds).toBe(0);
    expect(sim.orders.size).toBe(0);
  });

  it('refuses a missing link', () => {
    const { call } = setup();
    expect(call({ action: 'add', service: '1', quantity: '100' })).toEqual({
      error: 'Incorrect link',
    });
  });

  it('accepts the bounds and refuses a share of valid calls for funds (errorRate)', () => {
    const draws = [0.2, 0.7];
    const { sim, add } = setup({ errorRate: 0.5, random: () => draws.shift() ?? 0 });
    expect(add({ quantity: '10' })).toEqual({ error: 'Not enough funds on balance' });
    expect(add({ quantity: '100000' })).toEqual({ order: 1 });
    expect(sim.adds).toBe(1);
    const { add: addAlways } = setup({ errorRate: 1 });
    expect(addAlways({ quantity: '100' })).toEqual({ error: 'Not enough funds on balance' });
  });

  it('counts drip-feed runs in the total and keeps the order details', () => {
    const { sim, add, status } = setup();
    add({ quantity: '100', runs: '5', interval: '30', username: 'someone' });
    expect(status(1)).toMatchObject({ remains: '500', charge: '0.45000' });
    expect(sim.orders.get('1')).toMatchObject({
      service: '1',
      link: 'https://www.instagram.com/p/C8x/',
      total: 500,
      runs: 5,
      interval: 30,
      username: 'someone',
      comments: null,
    });
  });
});

describe('status, cancel, refill, services, balance', () => {
  it('answers a single unknown order and a mixed multi-status keyed by id', () => {
    const { add, call, status } = setup();
    add({ quantity: '100' });
    add({ quantity: '200' });
    expect(status(42)).toEqual({ error: 'Incorrect order ID' });
    const answer = call({ action: 'status', orders: '2, 42,1,abc' });
    expect(Object.keys(answer)).toEqual(['1', '2', '42', 'abc']);
    expect(answer).toEqual({
      1: {
        charge: '0.09000',
        start_count: '0',
        status: 'Pending',
        remains: '100',
        currency: 'USD',
      },
      2: {
        charge: '0.18000',
        start_count: '0',
        status: 'Pending',
        remains: '200',
        currency: 'USD',
      },
      42: { error: 'Incorrect order ID' },
      abc: { error: 'Incorrect order ID' },
    });
  });

  it('takes at most 100 ids per multi-status', () => {
    const { call } = setup();
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1)).join(',');
    expect(Object.keys(call({ action: 'status', orders: ids(100) }))).toHaveLength(100);
    expect(call({ action: 'status', orders: ids(101) })).toEqual({
      error: 'Too many orders: at most 100',
    });
  });

  it('cancels: Pending → Canceled, In progress → Partial with what was delivered', () => {
    const { add, call, status, wait } = setup({ startDelayMs: 1000, speedPerMinute: 60 });
    add({ quantity: '100' });
    add({ quantity: '100' });
    add({ service: '4', quantity: '100' }); // cancel: false
    expect(call({ action: 'cancel', orders: '1,3,9' })).toEqual([
      { order: 1, cancel: 1 },
      { order: 3, cancel: { error: 'Cancel is not available for this service' } },
      { order: 9, cancel: { error: 'Incorrect order ID' } },
    ]);
    wait(1000 + 30_000);
    expect(call({ action: 'cancel', orders: '2,1' })).toEqual([
      { order: 2, cancel: 1 },
      { order: 1, cancel: { error: 'Order cannot be canceled' } },
    ]);
    wait(3_600_000);
    expect(status(1)).toMatchObject({ status: 'Canceled', remains: '100' });
    expect(status(2)).toMatchObject({ status: 'Partial', remains: '70' });
    expect(status(3)).toMatchObject({ status: 'Completed', remains: '0' });
  });

  it('refills finished orders of refill services only', () => {
    const { add, call, wait } = setup();
    add({ quantity: '100' });
    add({ service: '3', quantity: '100' }); // refill: false
    const refill = (order: string) => call({ action: 'refill', order });
    expect(refill('1')).toEqual({ error: 'Refill is not available for this order' });
    wait(3_600_000);
    expect(refill('1')).toEqual({ refill: '1' });
    expect(refill('2')).toEqual({ error: 'Refill is not available for this order' });
    expect(refill('77')).toEqual({ error: 'Incorrect order ID' });
    expect(call({ action: 'refill_status', refill: '1' })).toEqual({ status: 'Completed' });
    expect(call({ action: 'refill_status', refill: '2' })).toEqual({
      error: 'Incorrect refill ID',
    });
  });

  it('lists services as panels do and lowers the balance by each charge', () => {
    const { add, call } = setup();
    const services = call({ action: 'services' }) as unknown as Record<string, unknown>[];
    expect(services[0]).toEqual({
      service: 1,
      name: 'Instagram Likes',
      type: 'Default',
      category: 'Instagram',
      rate: '0.90',
      min: '10',
      max: '100000',
      refill: true,
      cancel: true,
    });
    expect(services.map((service) => [service.service, service.refill, service.cancel])).toEqual([
      [1, true, true],
      [2, true, true],
      [3, false, true],
      [4, true, false],
    ]);
    expect(call({ action: 'balance' })).toEqual({ balance: '10000.00000', currency: 'USD' });
    add({ quantity: '1000' });
    add({ service: '2', quantity: '50' });
    expect(call({ action: 'balance' })).toEqual({ balance: '9999.01000', currency: 'USD' });
  });

  it('checks the key before anything and names unknown actions', () => {
    const { sim, call } = setup();
    for (const action of ['add', 'status', 'balance', 'services'])
      for (const key of ['wrong', ''])
        expect(
          sim.handle(
            new URLSearchParams({ key, action, service: '1', link: 'x', quantity: '100' }),
          ),
        ).toEqual({ error: 'Invalid API key' });
    expect(sim.handle(new URLSearchParams({ action: 'balance' }))).toEqual({
      error: 'Invalid API key',
    });
    expect(sim.adds).toBe(0);
    expect(call({ action: 'withdraw' })).toEqual({ error: 'Incorrect request' });
    expect(call({ action: 'constructor' })).toEqual({ error: 'Incorrect request' });
    expect(call({})).toEqual({ error: 'Incorrect request' });
  });

  it('refuses options that make no sense', () => {
    expect(() => createSimulator({ key: KEY, partialRate: 0.7, cancelRate: 0.7 })).toThrow(
      RangeError,
    );
    expect(() => createSimulator({ key: KEY, speedPerMinute: 0 })).toThrow(RangeError);
    const badRate = {
      service: '1',
      name: 'x',
      type: 'x',
      category: 'x',
      rate: '1,5',
      min: 1,
      max: 2,
    };
    expect(() => createSimulator({ key: KEY, services: [badRate] })).toThrow(RangeError);
  });
});

describe('transport and server', () => {
  const form = (params: Record<string, string>) => new URLSearchParams({ key: KEY, ...params });

  it('answers in process as JSON, and rejects while down without taking orders', async () => {
    const { sim } = setup();
    const add = form({ action: 'add', service: '1', link: 'https://x.test/p', quantity: '100' });
    expect(await sim.transport('http://unused', add, 1000)).toEqual({
      status: 200,
      body: '{"order":1}',
    });
    sim.down = true;
    await expect(sim.transport('http://unused', add, 1000)).rejects.toThrow('simulator is down');
    expect(sim.adds).toBe(1);
    sim.down = false;
    expect(JSON.parse((await sim.transport('http://unused', add, 1000)).body)).toEqual({
      order: 2,
    });
  });

  it('serves POST at / and /api/v2, 503 while down', async () => {
    const { sim } = setup();
    const server = await startSimulatorServer(sim);
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const post = (path: string, body: URLSearchParams) =>
        fetch(`${server.url}${path}`, { method: 'POST', body });
      const balance = form({ action: 'balance' });
      for (const path of ['/', '/api/v2', '/api/v2/']) {
        const res = await post(path, balance);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/json');
        expect(await res.json()).toEqual({ balance: '10000.00000', currency: 'USD' });
      }
      const add = form({ action: 'add', service: '1', link: 'https://x.test/é', quantity: '10' });
      expect(await (await post('/', add)).json()).toEqual({ order: 1 });
      expect(sim.orders.get('1')?.link).toBe('https://x.test/é');
      expect((await post('/api/v1', balance)).status).toBe(404);
      const get = await fetch(server.url);
      expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);

      sim.down = true;
      const down = await post('/', add);
      expect(down.status).toBe(503);
      expect(await down.text()).toBe('Service Unavailable');
      expect(sim.adds).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe('npm run simulator', () => {
  const script = fileURLToPath(new URL('../../../scripts/simulator.ts', import.meta.url));
  const run = (env: Record<string, string>) => {
    const child = spawn(process.execPath, [script], {
      // its catalogue comes from an in-memory database, never a shared one
      env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    /** The first match of `pattern` in what it prints; rejects if it exits first. */
    const says = (pattern: RegExp) =>
      new Promise<RegExpExecArray>((resolve, reject) => {
        const look = () => {
          const found = pattern.exec(stdout);
          if (found) {
            child.stdout.off('data', look);
            resolve(found);
          }
        };
        child.stdout.on('data', look);
        look();
        void exited.then(() => reject(new Error(`exited first: ${stderr}`)));
      });
    return { child, exited, says, out: () => stdout, err: () => stderr };
  };

  it('exits 78 naming the bad settings', async () => {
    const proc = run({ SIMULATOR_SPEED: 'fast', SIMULATOR_ERROR_RATE: '1.5' });
    expect(await proc.exited).toBe(78);
    expect(proc.err()).toContain('SIMULATOR_SPEED="fast"');
    expect(proc.err()).toContain('SIMULATOR_ERROR_RATE="1.5"');
    expect(proc.err()).not.toContain('SIMULATOR_PORT');
  });

  it('serves on its port with its key and stops on SIGTERM', async () => {
    const proc = run({ SIMULATOR_PORT: '0', SIMULATOR_KEY: 'from-env' });
    try {
      const url = (await proc.says(/listening on (\S+)/))[1]!;
      const ask = async (key: string) =>
        (
          await fetch(url, {
            method: 'POST',
            body: new URLSearchParams({ key, action: 'balance' }),
          })
        ).json();
      expect(await ask('from-env')).toEqual({ balance: '10000.00000', currency: 'USD' });
      expect(await ask('simulator-key')).toEqual({ error: 'Invalid API key' });
      // it sells the catalogue of the database under the services' tags
      const sold = (await (
        await fetch(url, {
          method: 'POST',
          body: new URLSearchParams({ key: 'from-env', action: 'services' }),
        })
      ).json()) as { service: string; category: string }[];
      expect(sold.length).toBeGreaterThan(30);
      expect(sold).toContainEqual(
        expect.objectContaining({ service: 'INSTAGRAM_LIKES', category: 'instagram' }),
      );
    } finally {
      proc.child.kill('SIGTERM');
    }
    expect(await proc.exited).toBe(0);
    expect(proc.out()).toContain('simulator stopped (SIGTERM)');
  });
});

describe('a watched account (subscriptions)', () => {
  const EVERY = 60_000;

  it('has 12 old posts when first asked about, then one more every postEveryMs', () => {
    const { call, wait } = setup({ postEveryMs: EVERY });
    const first = call({ action: 'posts', username: '@some.profile', platform: 'instagram' });
    const posts = first.posts as { id: string; link: string; published: string }[];
    expect(posts.map((post) => post.id)).toEqual(
      Array.from({ length: 12 }, (_, index) => String(index + 1)),
    );
    // all published before it was first watched, oldest first, links of posts of its platform
    expect(posts.every((post) => Date.parse(post.published) < START)).toBe(true);
    expect(posts.map((post) => post.published)).toEqual([...posts.map((p) => p.published)].sort());
    for (const post of posts)
      expect(post.link).toMatch(/^https:\/\/www\.instagram\.com\/p\/[\w-]{11}\/$/);
    expect(new Set(posts.map((post) => post.link)).size).toBe(12);

    expect(call({ action: 'posts', username: '@some.profile', since: '12' })).toEqual({
      posts: [],
    });
    wait(EVERY * 2 + 1);
    const next = call({
      action: 'posts',
      username: 'https://www.instagram.com/some.profile/',
      since: '12',
    });
    expect(next.posts).toEqual([
      { id: '13', link: expect.any(String), published: new Date(START + EVERY).toISOString() },
      { id: '14', link: expect.any(String), published: new Date(START + 2 * EVERY).toISOString() },
    ]);
    // the same account and number always make the same link
    expect(
      (
        call({ action: 'posts', username: 'some.profile', since: '12' }).posts as { link: string }[]
      )[0]!.link,
    ).toBe((next.posts as { link: string }[])[0]!.link);
  });

  it('writes each platform’s post links, and cannot see a private account', () => {
    const { call } = setup();
    const link = (platform: string) =>
      (call({ action: 'posts', username: '@acc', platform }).posts as { link: string }[])[0]!.link;
    expect(link('tiktok')).toMatch(/^https:\/\/www\.tiktok\.com\/@acc\/video\/7\d{18}$/);
    expect(link('youtube')).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
    expect(link('telegram')).toBe('https://t.me/acc/1');
    expect(link('vk')).toMatch(/^https:\/\/vk\.com\/wall-\d{8}_1$/);
    expect(link('threads')).toMatch(/^https:\/\/www\.threads\.net\/@acc\/post\/[\w-]{11}$/);
    expect(call({ action: 'posts', username: '@private.one' })).toEqual({
      error: 'Account is private or does not exist',
    });
    expect(call({ action: 'posts', username: ' ' })).toEqual({ error: 'Incorrect username' });
  });

  it('is watched through its HTTP server by the account watcher', async () => {
    const { createSimulatorWatcher } = await import('./account-watcher.ts');
    const { httpTransport } = await import('./smm-provider.ts');
    const { sim } = setup({ postEveryMs: EVERY });
    const server = await startSimulatorServer(sim);
    try {
      const watcher = createSimulatorWatcher({
        url: server.url,
        key: KEY,
        transport: httpTransport,
      });
      const seen = await watcher.postsSince({ username: '@watched', platform: 'telegram' }, null);
      expect(seen).toMatchObject({ ok: true });
      expect(seen.ok && seen.posts.at(-1)).toMatchObject({
        id: '12',
        link: 'https://t.me/watched/12',
      });
      expect(
        await watcher.postsSince({ username: '@watched', platform: 'telegram' }, '12'),
      ).toEqual({
        ok: true,
        posts: [],
      });
      expect(await watcher.postsSince({ username: '@private.x', platform: 'vk' }, null)).toEqual({
        ok: false,
        reason: 'hidden',
        message: 'Account is private or does not exist',
      });
      const wrongKey = createSimulatorWatcher({
        url: server.url,
        key: 'nope',
        transport: httpTransport,
      });
      expect(await wrongKey.postsSince({ username: '@a', platform: 'vk' }, null)).toMatchObject({
        ok: false,
        reason: 'unavailable',
      });
      sim.down = true;
      expect(
        await watcher.postsSince({ username: '@watched', platform: 'vk' }, null),
      ).toMatchObject({
        ok: false,
        reason: 'unavailable',
      });
    } finally {
      sim.down = false;
      await server.close();
    }
  });
});
