import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import {
  createSimulator,
  DEFAULT_SIM_SERVICES,
  type SimService,
  startSimulatorServer,
} from '#server/integrations/providers/simulator.ts';
import { SIMULATOR_EXTRAS } from '#server/modules/fulfilment/providers.ts';
import type { Role } from '#shared/roles.ts';
import { countRows, createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';
import { staffMember } from '../support/staff.ts';

/**
 * The staff console's catalogue, prices, import and providers on SQLite
 * and PostgreSQL: each write with its audit row, the capability matrix, the storefront
 * following a price at once, keys sealed, connection tests, the import from a simulator's
 * `services` list, and a service's fallback provider in fulfilment.
 */
const LINK = 'https://www.instagram.com/p/C8xYz12Stf1/';

describe.each(ENGINES)('the staff console’s catalogue on %s', (engine) => {
  let t: TestApp;
  let manager: { cookie: string; user: { id: number } };
  let moderator: { cookie: string; user: { id: number } };
  const servers: { close(): Promise<void> }[] = [];

  const staff = (role: Role) => staffMember(t, role);

  beforeAll(async () => {
    // the test's providers are simulators on loopback (docs/configuration.md)
    t = await createTestAppWith(
      { AUTH_RATE_LIMIT_PER_MINUTE: '1000', PROVIDER_ALLOW_PRIVATE: 'true' },
      { engine },
    );
    manager = await staff('ROLE_MANAGER');
    moderator = await staff('ROLE_MODERATOR');
  });
  afterAll(async () => {
    for (const server of servers.splice(0)) await server.close();
    await t.database.close();
  });

  const as = (who: { cookie: string }) => ({
    get: (url: string) => request(t.app).get(`/api/${url}`).set('Cookie', who.cookie),
    post: (url: string, body?: object) =>
      request(t.app).post(`/api/${url}`).set('Cookie', who.cookie).send(body),
    put: (url: string, body?: object) =>
      request(t.app).put(`/api/${url}`).set('Cookie', who.cookie).send(body),
    patch: (url: string, body?: object) =>
      request(t.app).patch(`/api/${url}`).set('Cookie', who.cookie).send(body),
  });
  const auditOf = (action: string) =>
    t.database.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  const tiersOf = async (tag: string, client = 'CLIENT_MAIN', currency = 'RUB') =>
    t.database.db
      .selectFrom('price_tiers')
      .innerJoin('services', 'services.id', 'price_tiers.service_id')
      .select(['from_count', 'micro'])
      .where('services.tag', '=', tag)
      .where('client', '=', client)
      .where('currency', '=', currency)
      .orderBy('from_count')
      .execute()
      .then((rows) => rows.map((row) => [Number(row.from_count), Number(row.micro)]));
  const cost = async (tag: string, count: number, cur: string) =>
    (await request(t.app).get(`/api/prices/orderCost?tag=${tag}&count=${count}&cur=${cur}`)).body
      .data;

  /** A simulator on its own port: the far side of a provider. */
  async function simulatorServer(key: string, services: SimService[] = DEFAULT_SIM_SERVICES) {
    const simulator = createSimulator({ key, services, startDelayMs: 0, random: () => 0.5 });
    const server = await startSimulatorServer(simulator, 0);
    servers.push(server);
    return { simulator, url: server.url };
  }

  /** A port on 127.0.0.1 nobody listens on. */
  async function deadPort(): Promise<number> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  it('lists services with their labels, limits, texts and provider mapping, and opens one', async () => {
    const list = await as(manager).get('staff/catalogue/services');
    expect(list.status).toBe(200);
    const likes = list.body.data.find((row: { tag: string }) => row.tag === 'INSTAGRAM_LIKES');
    expect(likes).toMatchObject({
      platform: 'instagram',
      type: 'LIKES',
      enabled: true,
      visible: true,
      mapping: {
        provider_id: 'simulator',
        provider_service: 'INSTAGRAM_LIKES',
        fallback_provider_id: null,
      },
    });
    expect(likes.texts.en.name).toEqual(expect.any(String));
    expect(likes.texts.ru.name).toEqual(expect.any(String));
    const one = await as(manager).get('staff/catalogue/services/INSTAGRAM_LIKES');
    expect(one.body.data).toEqual(likes);
    expect((await as(manager).get('staff/catalogue/services/NO_SUCH')).status).toBe(404);
    // a moderator has no catalogue
    expect((await as(moderator).get('staff/catalogue/services')).status).toBe(403);
  });

  it('edits a service’s labels, limits and texts with its audit row', async () => {
    const res = await as(manager).patch('staff/catalogue/services/INSTAGRAM_STORY_VIEWS', {
      visible: false,
      max_order: 40_000,
      texts: { en: { name: 'Story views', description: 'Views of a story' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ visible: false, enabled: true, max_order: 40_000 });
    expect(res.body.data.texts.en).toEqual({
      name: 'Story views',
      description: 'Views of a story',
    });
    const [row] = await auditOf('service.edit');
    expect(row).toMatchObject({ target: 'service:INSTAGRAM_STORY_VIEWS', role: 'manager' });
    expect(JSON.parse(row!.before!)).toMatchObject({ labels: expect.arrayContaining(['VISIBLE']) });
    expect(JSON.parse(row!.after!)).toMatchObject({ max_order: 40_000 });
    expect(JSON.parse(row!.after!).labels).not.toContain('VISIBLE');
    // the storefront's menu no longer shows it, at once
    const menu = await request(t.app).get(
      '/api/user_services/tiny?labels=CLIENT_MAIN+VISIBLE&platform=instagram',
    );
    expect(JSON.stringify(menu.body)).not.toContain('INSTAGRAM_STORY_VIEWS"');
    // min above max, an unknown provider, a second TYPE_: refused, nothing changed
    const before = await as(manager).get('staff/catalogue/services/INSTAGRAM_STORY_VIEWS');
    for (const body of [
      { min_order: 50_000 },
      { provider_id: 'nobody' },
      { labels: ['CLIENT_MAIN', 'TYPE_VIEWS', 'TYPE_LIKES'] },
    ])
      expect(
        (await as(manager).patch('staff/catalogue/services/INSTAGRAM_STORY_VIEWS', body)).status,
      ).toBe(400);
    expect((await as(manager).get('staff/catalogue/services/INSTAGRAM_STORY_VIEWS')).body).toEqual(
      before.body,
    );
    expect(await auditOf('service.edit')).toHaveLength(1);
  });

  it('shows tiers beside the provider’s rate, and a manager’s new price reaches the storefront at once', async () => {
    // the snapshot holds the old price
    expect(await cost('INSTAGRAM_LIKES', 1000, 'RUB')).toEqual([18_500, 500]);
    const prices = await as(manager).get('staff/prices/INSTAGRAM_LIKES');
    expect(prices.status).toBe(200);
    // the built-in simulator sells at 1.00 USD per 1000
    expect(prices.body.data.provider).toMatchObject({
      id: 'simulator',
      service: 'INSTAGRAM_LIKES',
      currency: 'USD',
      rate: '1.00',
      error: null,
    });
    const usd = prices.body.data.sets.find(
      (set: { client: string; currency: string }) =>
        set.client === 'CLIENT_MAIN' && set.currency === 'USD',
    );
    expect(usd.provider_per1000).toBe(100);
    expect(usd.markup).toBeCloseTo(usd.per1000 / 100, 2);
    expect(usd.tiers[0]).toMatchObject({ from: expect.any(Number), micro: expect.any(Number) });

    const tiers = [
      { from: 1, micro: 30_000_000 },
      { from: 5000, micro: 25_000_000 },
    ];
    const res = await as(manager).put('staff/prices/INSTAGRAM_LIKES', {
      client: 'CLIENT_MAIN',
      currency: 'RUB',
      tiers,
    });
    expect(res.status).toBe(200);
    const rub = res.body.data.sets.find(
      (set: { client: string; currency: string }) =>
        set.client === 'CLIENT_MAIN' && set.currency === 'RUB',
    );
    expect(rub.tiers.map((tier: { from: number }) => tier.from)).toEqual([1, 5000]);
    expect(rub.per1000).toBe(30_000);
    expect(await cost('INSTAGRAM_LIKES', 1000, 'RUB')).toEqual([30_000, 0]);
    expect(await cost('INSTAGRAM_LIKES', 5000, 'RUB')).toEqual([125_000, 25_000]);
    const [row] = await auditOf('service.prices');
    expect(row).toMatchObject({ target: 'service:INSTAGRAM_LIKES', role: 'manager' });
    expect(JSON.parse(row!.before!).tiers.length).toBeGreaterThan(0);
    expect(JSON.parse(row!.after!)).toEqual({ client: 'CLIENT_MAIN', currency: 'RUB', tiers });
  });

  it('refuses a moderator’s price change with 403 and changes nothing', async () => {
    const before = await tiersOf('INSTAGRAM_LIKES');
    const audits = await countRows(t.database.db, 'staff_audit');
    const res = await as(moderator).put('staff/prices/INSTAGRAM_LIKES', {
      client: 'CLIENT_MAIN',
      currency: 'RUB',
      tiers: [{ from: 1, micro: 1_000_000 }],
    });
    expect(res.status).toBe(403);
    expect((await as(moderator).get('staff/prices/INSTAGRAM_LIKES')).status).toBe(403);
    expect(await tiersOf('INSTAGRAM_LIKES')).toEqual(before);
    // nothing changed: the only rows are the two refusals themselves
    const rows = await t.database.db
      .selectFrom('staff_audit')
      .select('action')
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    expect(await countRows(t.database.db, 'staff_audit')).toBe(audits + 2);
    expect(rows.slice(0, 2).map((row) => row.action)).toEqual(['staff.refused', 'staff.refused']);
    expect(await cost('INSTAGRAM_LIKES', 1000, 'RUB')).toEqual([30_000, 0]);
  });

  it.each(['RUB', 'USD', 'EUR'])(
    'refuses %s tiers where a larger quantity costs more per unit, naming both tiers, and changes nothing',
    async (currency) => {
      const before = await tiersOf('INSTAGRAM_LIKES', 'CLIENT_MAIN', currency);
      const audits = await countRows(t.database.db, 'staff_audit');
      const res = await as(manager).put('staff/prices/INSTAGRAM_LIKES', {
        client: 'CLIENT_MAIN',
        currency,
        // the review's case: 100 for 15.00, 1,000 for 185.00
        tiers: [
          { from: 1, micro: 15_000_000 },
          { from: 1000, micro: 18_500_000 },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'The price per 1000 at 1000+ (185.00) is above the price at 1+ (150.00): a larger quantity may not cost more per unit',
      );
      // a later tier above a cheaper one further back is named with that one
      const far = await as(manager).put('staff/prices/INSTAGRAM_LIKES', {
        client: 'CLIENT_LK',
        currency,
        tiers: [
          { from: 1, micro: 900_000 },
          { from: 100, micro: 650_000 },
          { from: 1000, micro: 650_000 },
          { from: 5000, micro: 700_000 },
        ],
      });
      expect(far.status).toBe(400);
      expect(far.body.message).toBe(
        'The price per 1000 at 5000+ (7.00) is above the price at 100+ (6.50): a larger quantity may not cost more per unit',
      );
      expect(await tiersOf('INSTAGRAM_LIKES', 'CLIENT_MAIN', currency)).toEqual(before);
      expect(await countRows(t.database.db, 'staff_audit')).toBe(audits);
    },
  );

  it('takes tiers that keep or lower the unit price as the quantity grows', async () => {
    const res = await as(manager).put('staff/prices/INSTAGRAM_LIKES', {
      client: 'CLIENT_MAIN',
      currency: 'EUR',
      tiers: [
        { from: 1, micro: 990_000 },
        { from: 1000, micro: 990_000 },
        { from: 5000, micro: 599_800 },
      ],
    });
    expect(res.status).toBe(200);
    expect(await tiersOf('INSTAGRAM_LIKES', 'CLIENT_MAIN', 'EUR')).toEqual([
      [1, 990_000],
      [1000, 990_000],
      [5000, 599_800],
    ]);
  });

  it('refuses malformed bodies of every write with 4xx and changes nothing', async () => {
    const tiers = await tiersOf('INSTAGRAM_LIKES');
    const service = (await as(manager).get('staff/catalogue/services/INSTAGRAM_LIKES')).body;
    const providers = await countRows(t.database.db, 'providers');
    const services = await countRows(t.database.db, 'services');
    const audits = await countRows(t.database.db, 'staff_audit');
    const bad: [string, string, unknown][] = [
      ['put', 'staff/prices/INSTAGRAM_LIKES', {}],
      [
        'put',
        'staff/prices/INSTAGRAM_LIKES',
        { client: 'CLIENT_MAIN', currency: 'RUB', tiers: [] },
      ],
      [
        'put',
        'staff/prices/INSTAGRAM_LIKES',
        { client: 'CLIENT_MAIN', currency: 'RUB', tiers: [{ from: 1, micro: 0 }] },
      ],
      [
        'put',
        'staff/prices/INSTAGRAM_LIKES',
        { client: 'CLIENT_MAIN', currency: 'RUB', tiers: [{ from: 1, micro: 1.5 }] },
      ],
      [
        'put',
        'staff/prices/INSTAGRAM_LIKES',
        {
          client: 'CLIENT_MAIN',
          currency: 'RUB',
          tiers: [
            { from: 1, micro: 5 },
            { from: 1, micro: 4 },
          ],
        },
      ],
      [
        'put',
        'staff/prices/INSTAGRAM_LIKES',
        {
          client: 'CLIENT_MAIN',
          currency: 'RUB',
          tiers: [
            { from: 100, micro: 5 },
            { from: 50, micro: 4 },
          ],
        },
      ],
      [
        'put',
        'staff/prices/INSTAGRAM_LIKES',
        { client: 'CLIENT_MAIN', currency: 'RUB', tiers: [{ from: 100_000, micro: 5 }] },
      ],
      [
        'put',
        'staff/prices/INSTAGRAM_LIKES',
        { client: 'CLIENT_X', currency: 'RUB', tiers: [{ from: 1, micro: 5 }] },
      ],
      [
        'put',
        'staff/prices/INSTAGRAM_LIKES',
        { client: 'CLIENT_MAIN', currency: 'XXX', tiers: [{ from: 1, micro: 5 }] },
      ],
      ['put', 'staff/prices/INSTAGRAM_LIKES', 'tiers'],
      ['patch', 'staff/catalogue/services/INSTAGRAM_LIKES', {}],
      ['patch', 'staff/catalogue/services/INSTAGRAM_LIKES', { min: 0 }],
      ['patch', 'staff/catalogue/services/INSTAGRAM_LIKES', { visible: 'yes' }],
      ['patch', 'staff/catalogue/services/INSTAGRAM_LIKES', { labels: ['SOMETHING'] }],
      [
        'patch',
        'staff/catalogue/services/INSTAGRAM_LIKES',
        { texts: { xx: { name: 'a', description: '' } } },
      ],
      ['patch', 'staff/catalogue/services/INSTAGRAM_LIKES', { texts: { en: { name: '' } } }],
      [
        'patch',
        'staff/catalogue/services/INSTAGRAM_LIKES',
        { fallback: { provider_id: 'simulator' } },
      ],
      ['patch', 'staff/catalogue/services/INSTAGRAM_LIKES', [1, 2]],
      ['post', 'staff/providers', {}],
      ['post', 'staff/providers', { id: 'p1', url: 'ftp://x', api_key: 'k', currency: 'USD' }],
      ['post', 'staff/providers', { id: 'p 1', url: 'http://x', api_key: 'k', currency: 'USD' }],
      ['post', 'staff/providers', { id: 'p1', url: 'http://x', api_key: '', currency: 'USD' }],
      [
        'post',
        'staff/providers',
        { id: 'simulator', url: 'http://x', api_key: 'k', currency: 'USD' },
      ],
      ['post', 'staff/providers/simulator/enabled', { enabled: 'no' }],
      ['post', 'staff/providers/simulator/enabled', {}],
      ['post', 'staff/providers/nobody/enabled', { enabled: false }],
      ['post', 'staff/providers/simulator/import', {}],
      [
        'post',
        'staff/providers/simulator/import',
        { markup: 0, items: [{ service: 'X', tag: 'NEW_ONE' }] },
      ],
      ['post', 'staff/providers/simulator/import', { markup: 2, items: [] }],
      [
        'post',
        'staff/providers/simulator/import',
        { markup: 2, items: [{ service: 'X', tag: 'lower' }] },
      ],
      [
        'post',
        'staff/providers/simulator/import',
        { markup: 2, items: [{ service: 'NOPE', tag: 'NEW_ONE' }] },
      ],
      [
        'post',
        'staff/providers/simulator/import',
        { markup: 2, items: [{ service: 'INSTAGRAM_LIKES', tag: 'INSTAGRAM_LIKES' }] },
      ],
    ];
    const calls = as(manager) as unknown as Record<
      string,
      (u: string, b?: unknown) => request.Test
    >;
    const answered: unknown[] = [];
    for (const [method, url, body] of bad) {
      const res = await calls[method]!(url, body);
      if (res.status < 400 || res.status >= 500) answered.push([method, url, body, res.status]);
    }
    expect(answered).toEqual([]);
    expect(await tiersOf('INSTAGRAM_LIKES')).toEqual(tiers);
    expect((await as(manager).get('staff/catalogue/services/INSTAGRAM_LIKES')).body).toEqual(
      service,
    );
    expect(await countRows(t.database.db, 'providers')).toBe(providers);
    expect(await countRows(t.database.db, 'services')).toBe(services);
    expect(await countRows(t.database.db, 'staff_audit')).toBe(audits);
  });

  it('adds a provider with its key sealed, never answers the key, and tests the connection', async () => {
    const { url } = await simulatorServer('panel-secret-key');
    const added = await as(manager).post('staff/providers', {
      id: 'panel',
      url,
      api_key: 'panel-secret-key',
      currency: 'USD',
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ id: 'panel', url, enabled: true, key_sealed: true });
    expect(JSON.stringify(added.body)).not.toContain('panel-secret-key');
    const row = await t.database.db
      .selectFrom('providers')
      .selectAll()
      .where('id', '=', 'panel')
      .executeTakeFirstOrThrow();
    expect(row.api_key).toMatch(/^v1\./);
    expect(row.api_key).not.toContain('panel-secret-key');
    const [audit] = await auditOf('provider.add');
    expect(audit!.before).toBeNull();
    expect(JSON.parse(audit!.after!)).toMatchObject({ id: 'panel', url, currency: 'USD' });
    expect(JSON.stringify(audit)).not.toContain('panel-secret-key');
    // a second provider by the same id is refused
    expect(
      (
        await as(manager).post('staff/providers', {
          id: 'panel',
          url,
          api_key: 'k',
          currency: 'USD',
        })
      ).status,
    ).toBe(409);

    const test = await as(manager).post('staff/providers/panel/test');
    expect(test.body.data).toEqual({ ok: true, balance: expect.any(String), currency: 'USD' });

    const dead = `http://127.0.0.1:${await deadPort()}`;
    await as(manager)
      .post('staff/providers', { id: 'dead', url: dead, api_key: 'k', currency: 'EUR' })
      .expect(200);
    const failed = await as(manager).post('staff/providers/dead/test');
    expect(failed.status).toBe(200);
    expect(failed.body.data).toEqual({ ok: false, error: expect.any(String) });
    expect((await as(manager).post('staff/providers/nobody/test')).status).toBe(404);

    const list = await as(manager).get('staff/providers?balance=1');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain('panel-secret-key');
    expect(JSON.stringify(list.body)).not.toContain('simulator-key');
    const byId = Object.fromEntries(
      list.body.data.map((provider: { id: string }) => [provider.id, provider]),
    );
    expect(byId.simulator).toMatchObject({ url: 'internal', key_sealed: false, enabled: true });
    expect(byId.panel.balance).toMatchObject({ ok: true });
    expect(byId.dead.balance).toMatchObject({ ok: false });
    expect(byId.panel).toMatchObject({ calls_24h: 0, errors_24h: 0, error_rate: null });

    // disable and enable, each with its audit row
    const off = await as(manager).post('staff/providers/dead/enabled', { enabled: false });
    expect(off.body.data).toMatchObject({ id: 'dead', enabled: false });
    const [disabled] = await auditOf('provider.disable');
    expect(JSON.parse(disabled!.before!)).toEqual({ enabled: true });
    expect(JSON.parse(disabled!.after!)).toEqual({ enabled: false });
    // a moderator has no providers
    expect((await as(moderator).get('staff/providers')).status).toBe(403);
    expect(
      (await as(moderator).post('staff/providers/dead/enabled', { enabled: true })).status,
    ).toBe(403);
  });

  it('diffs a simulator’s services list against the mapping and imports a chosen service', async () => {
    const diff = await as(manager).get('staff/providers/panel/import');
    expect(diff.status).toBe(200);
    expect(diff.body.data.provider).toEqual({ id: 'panel', currency: 'USD' });
    expect(diff.body.data.added.map((entry: { service: string }) => entry.service)).toEqual(
      DEFAULT_SIM_SERVICES.map((service) => service.service),
    );
    expect(diff.body.data.changed).toEqual([]);
    expect(diff.body.data.gone).toEqual([]);

    const likes = DEFAULT_SIM_SERVICES[0]!;
    const imported = await as(manager).post('staff/providers/panel/import', {
      markup: 2,
      items: [{ service: likes.service, tag: 'PANEL_INSTAGRAM_LIKES' }],
    });
    expect(imported.status).toBe(200);
    const [service] = imported.body.data.services;
    expect(service).toMatchObject({
      tag: 'PANEL_INSTAGRAM_LIKES',
      platform: 'instagram',
      type: 'LIKES',
      enabled: true,
      visible: false,
      min: likes.min,
      max: likes.max,
      mapping: { provider_id: 'panel', provider_service: likes.service, provider_rate: likes.rate },
    });
    expect(service.labels).toEqual(expect.arrayContaining(['ENABLED', 'TYPE_LIKES']));
    expect(service.texts.en.name).toBe(likes.name);
    // priced at the provider's rate × 2: 0.90 USD per 1000 → 180 cents per 1000
    const prices = await as(manager).get('staff/prices/PANEL_INSTAGRAM_LIKES');
    const usd = prices.body.data.sets.find(
      (set: { client: string; currency: string }) =>
        set.client === 'CLIENT_MAIN' && set.currency === 'USD',
    );
    expect(usd).toMatchObject({ per1000: 180, provider_per1000: 90, markup: 2 });
    const [audit] = await auditOf('service.import');
    expect(audit!.before).toBeNull();
    expect(JSON.parse(audit!.after!)).toMatchObject({ tag: 'PANEL_INSTAGRAM_LIKES' });
    // not shown on the storefront until published
    const menu = await request(t.app).get(
      '/api/user_services/tiny?labels=CLIENT_MAIN+VISIBLE&platform=instagram',
    );
    expect(JSON.stringify(menu.body)).not.toContain('PANEL_INSTAGRAM_LIKES');

    const again = await as(manager).get('staff/providers/panel/import');
    expect(again.body.data.added.map((entry: { service: string }) => entry.service)).not.toContain(
      likes.service,
    );
    // a moderator cannot import
    expect((await as(moderator).get('staff/providers/panel/import')).status).toBe(403);
  });

  it('finds services to import at the built-in simulator on a fresh shop', async () => {
    const diff = await as(manager).get('staff/providers/simulator/import');
    expect(diff.status).toBe(200);
    const added = diff.body.data.added.map((entry: { service: string }) => entry.service);
    expect(added).toEqual(SIMULATOR_EXTRAS.map((extra) => extra.service));
    const imported = await as(manager).post('staff/providers/simulator/import', {
      markup: 3,
      items: [{ service: 'SIM_TIKTOK_SHARES', tag: 'TIKTOK_SHARES_IMPORTED' }],
    });
    expect(imported.status).toBe(200);
    expect(imported.body.data.services[0]).toMatchObject({
      platform: 'tiktok',
      type: 'REPOSTS',
      mapping: { provider_id: 'simulator', provider_service: 'SIM_TIKTOK_SHARES' },
    });
    const again = await as(manager).get('staff/providers/simulator/import');
    expect(again.body.data.added.map((entry: { service: string }) => entry.service)).toEqual(
      added.filter((service: string) => service !== 'SIM_TIKTOK_SHARES'),
    );
  });

  it('buys from the fallback provider when the main one does not know the service or is disabled', async () => {
    const main = await simulatorServer('main-key', DEFAULT_SIM_SERVICES);
    const backup = await simulatorServer('backup-key', [
      {
        service: 'B-LIKES',
        name: 'Likes',
        type: 'Default',
        category: 'Instagram',
        rate: '0.5',
        min: 10,
        max: 100_000,
      },
    ]);
    for (const [id, server, key] of [
      ['main', main, 'main-key'],
      ['backup', backup, 'backup-key'],
    ] as const)
      await as(manager)
        .post('staff/providers', { id, url: server.url, api_key: key, currency: 'USD' })
        .expect(200);
    const mapped = await as(manager).patch('staff/catalogue/services/INSTAGRAM_LIKES', {
      provider_id: 'main',
      provider_service: 'NOT-THERE',
      fallback: { provider_id: 'backup', provider_service: 'B-LIKES' },
    });
    expect(mapped.status).toBe(200);
    expect(mapped.body.data.mapping).toMatchObject({
      provider_id: 'main',
      fallback_provider_id: 'backup',
      fallback_service: 'B-LIKES',
    });

    async function paidOrder() {
      const buyer = await signUp(t.app, { cur: 'RUB', lang: 'en' });
      await t.database.db
        .updateTable('users')
        .set({ balance: 1_000_000 })
        .where('id', '=', buyer.user.id)
        .execute();
      const res = await request(t.app)
        .post('/api/c_orders/main')
        .set('Authorization', `Bearer ${buyer.token}`)
        .send({ tag: 'INSTAGRAM_LIKES', link: LINK, quantity: 1000, method: -1 });
      expect(res.status).toBe(201);
      return res.body.data.order.id as string;
    }
    const orderOf = (publicId: string) =>
      t.database.db
        .selectFrom('orders')
        .selectAll()
        .where('public_id', '=', publicId)
        .executeTakeFirstOrThrow();

    // the main provider refuses the service as unknown: the fallback takes it
    const first = await paidOrder();
    expect(await t.services.fulfilment.submitDue()).toMatchObject({ submitted: 1 });
    expect(await orderOf(first)).toMatchObject({ status: 'RUNNING', provider_id: 'backup' });
    expect(main.simulator.adds).toBe(0);
    expect(backup.simulator.adds).toBe(1);
    const providers = (await as(manager).get('staff/providers')).body.data;
    const stats = Object.fromEntries(
      providers.map((p: { id: string; calls_24h: number; errors_24h: number }) => [
        p.id,
        [p.calls_24h, p.errors_24h],
      ]),
    );
    expect(stats.main).toEqual([1, 1]);
    expect(stats.backup).toEqual([1, 0]);

    // the main provider disabled: straight to the fallback
    await as(manager).post('staff/providers/main/enabled', { enabled: false }).expect(200);
    const second = await paidOrder();
    expect(await t.services.fulfilment.submitDue()).toMatchObject({ submitted: 1 });
    expect(await orderOf(second)).toMatchObject({ status: 'RUNNING', provider_id: 'backup' });
    expect(backup.simulator.adds).toBe(2);
  });
});
