import request from 'supertest';
import { loadConfig } from '#server/config.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createFulfilmentService } from '#server/modules/fulfilment/fulfilment.service.ts';
import { providerRegistry } from '#server/modules/fulfilment/providers.ts';
import { callCounter } from '#server/modules/fulfilment/providers-admin.service.ts';
import { resetTwoFactor } from '#server/modules/staff/auth/staff-auth.service.ts';
import type { Role } from '#shared/roles.ts';
import { CAPABILITIES, type Capability, PERMISSIONS } from '#shared/staff-permissions.ts';
import { createTestAppWith, ENGINES, type TestApp } from '../support/app.ts';
import { accountWith, staffCookieOf, staffMember, totpCode } from '../support/staff.ts';
import { testWorker } from '../support/worker.ts';

const logger = createLogger(loadConfig({ NODE_ENV: 'test' }));

/**
 * The staff console's server: two-factor sign-in, the permission matrix call by
 * call, staff actions on orders and balances through the lifecycle and the ledger, each with
 * its audit row, on SQLite and PostgreSQL.
 */
const LINK = 'https://www.instagram.com/p/C8xYz12Stf1/';
const codeOf = totpCode;
const staffCookie = staffCookieOf;

describe.each(ENGINES)('the staff console on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith(
      { AUTH_RATE_LIMIT_PER_MINUTE: '1000', STAFF_MODERATOR_ADJUST_LIMIT: '5000' },
      { engine },
    );
  });
  afterAll(() => t.database.close());

  const account = (role: Role | null) => accountWith(t, role);
  /** A staff account enrolled and signed in: its cookies (account's and staff's). */
  const staff = (role: Role) => staffMember(t, role);

  /** A customer with $1,000 on the balance, and how they order 100 likes from it. */
  async function buyerWithMoney() {
    const buyer = await account(null);
    await t.database.db
      .updateTable('users')
      .set({ balance: 100_000 })
      .where('id', '=', buyer.user.id)
      .execute();
    const order = async () => {
      const placed = await request(t.app)
        .post('/api/c_orders/main')
        .set('Cookie', buyer.cookie)
        .set('Origin', 'https://shop.test')
        .send({
          tag: 'INSTAGRAM_LIKES',
          link: LINK,
          quantity: 100,
          method: -1,
          client: 'CLIENT_LK',
        });
      expect(placed.status).toBe(201);
      const view = placed.body.data.order as { id: string; cost: number };
      const { id } = await t.database.db
        .selectFrom('orders')
        .select('id')
        .where('public_id', '=', view.id)
        .executeTakeFirstOrThrow();
      return { ...view, number: Number(id) };
    };
    return { ...buyer, order };
  }

  it('enrols TOTP once, shows ten recovery codes once, and signs in with a code or a recovery code', async () => {
    const user = await account('ROLE_ADMIN');
    const me = () => request(t.app).get('/api/staff/me').set('Cookie', user.cookie);
    expect((await me()).body.data).toMatchObject({
      role: 'admin',
      enrolled: false,
      signedIn: false,
      capabilities: [...CAPABILITIES],
    });
    // nothing of the console opens before the code
    expect((await request(t.app).get('/api/staff/orders').set('Cookie', user.cookie)).status).toBe(
      401,
    );
    const enrol = await request(t.app).post('/api/staff/totp/enrol').set('Cookie', user.cookie);
    expect(enrol.body.data.uri).toMatch(
      /^otpauth:\/\/totp\/.+\?issuer=.+&secret=[A-Z2-7]{32}&algorithm=SHA1&digits=6&period=30$/,
    );
    expect(enrol.body.data.qr).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const secret: string = enrol.body.data.secret;
    const wrong = await request(t.app)
      .post('/api/staff/totp/confirm')
      .set('Cookie', user.cookie)
      .send({ code: '000000' === codeOf(secret) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    const confirmed = await request(t.app)
      .post('/api/staff/totp/confirm')
      .set('Cookie', user.cookie)
      .send({ code: codeOf(secret) });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(staffCookie(confirmed)).toMatch(/^staff=[\w-]{40,}$/);
    expect(String(confirmed.headers['set-cookie'])).toMatch(/HttpOnly/);
    // enrolled: a second enrolment is refused, the secret never shown again
    expect(
      (await request(t.app).post('/api/staff/totp/enrol').set('Cookie', user.cookie)).status,
    ).toBe(409);
    expect((await me()).body.data).toMatchObject({ enrolled: true, recoveryCodesLeft: 10 });

    const signIn = (code: string) =>
      request(t.app).post('/api/staff/session').set('Cookie', user.cookie).send({ code });
    expect((await signIn('123')).status).toBe(400);
    // the code that confirmed the app opened its session; the next step's opens this one
    const byCode = await signIn(codeOf(secret, 1));
    expect(byCode.status).toBe(200);
    const cookie = `${user.cookie}; ${staffCookie(byCode)}`;
    expect(
      (await request(t.app).get('/api/staff/me').set('Cookie', cookie)).body.data.signedIn,
    ).toBe(true);
    // a recovery code works once, typed in any case and with or without its dashes
    const recovery = codes[3]!.toLowerCase().replaceAll('-', ' ');
    expect((await signIn(recovery)).status).toBe(200);
    expect((await signIn(recovery)).status).toBe(400);
    expect((await me()).body.data.recoveryCodesLeft).toBe(9);
    // signing out ends that staff session only
    await request(t.app).delete('/api/staff/session').set('Cookie', cookie).expect(200);
    expect((await request(t.app).get('/api/staff/orders').set('Cookie', cookie)).status).toBe(401);
  });

  it('lets an operator reset a member’s two-factor sign-in, who then enrols again', async () => {
    const member = await staff('ROLE_MODERATOR');
    const admin = await staff('ROLE_ADMIN');
    expect(await resetTwoFactor(t.database.db, member.user.id, new Date())).toBe(true);
    // the staff session ended with it; the next visit enrols a new secret
    expect(
      (await request(t.app).get('/api/staff/orders').set('Cookie', member.cookie)).status,
    ).toBe(401);
    expect(
      (await request(t.app).get('/api/staff/me').set('Cookie', member.cookie)).body.data,
    ).toMatchObject({ enrolled: false, recoveryCodesLeft: 0 });
    const enrol = await request(t.app).post('/api/staff/totp/enrol').set('Cookie', member.cookie);
    expect(enrol.status).toBe(200);
    expect(enrol.body.data.secret).not.toBe(member.secret);
    expect(await resetTwoFactor(t.database.db, admin.user.id + 1000, new Date())).toBe(false);
    const log = await request(t.app)
      .get('/api/staff/audit')
      .query({ target: `user:${member.user.id}`, action: 'staff.totp.reset' })
      .set('Cookie', admin.cookie);
    expect(log.body.data.items).toEqual([
      expect.objectContaining({
        staff: { id: member.user.id, login: 'npm run staff', role: 'operator' },
        action: 'staff.totp.reset',
        before: { enrolled: true },
        after: { enrolled: false },
      }),
    ]);
  });

  it('answers 403 to customers and guests for every staff call', async () => {
    const customer = await account(null);
    for (const [method, path] of [
      ['get', '/api/staff/me'],
      ['post', '/api/staff/totp/enrol'],
      ['get', '/api/staff/orders'],
      ['get', '/api/staff/orders/1'],
      ['post', '/api/staff/orders/1/cancel'],
      ['get', '/api/staff/users'],
      ['post', '/api/staff/users/1/balance'],
      ['get', '/api/staff/audit'],
    ] as const) {
      const asCustomer = await request(t.app)[method](path).set('Cookie', customer.cookie).send({});
      expect([path, asCustomer.status]).toEqual([path, 403]);
      const asGuest = await request(t.app)[method](path).send({});
      expect([path, asGuest.status]).toEqual([path, 403]);
    }
  });

  it('refuses a non-staff read with a malformed query as staff only (403), not as a bad query', async () => {
    const customer = await account(null);
    const { cookie } = await staff('ROLE_ADMIN');
    for (const path of [
      '/api/staff/orders?status=NOPE',
      '/api/staff/users?page=-1',
      '/api/staff/audit?unknown=1',
      '/api/staff/payments?limit=x',
    ]) {
      // the query is at fault: staff are told so
      const asStaff = await request(t.app).get(path).set('Cookie', cookie);
      expect([path, asStaff.status]).toEqual([path, 400]);
      for (const who of [customer.cookie, '']) {
        const refused = await request(t.app).get(path).set('Cookie', who);
        expect([path, refused.status, refused.body.message]).toEqual([path, 403, 'Staff only']);
      }
    }
  });

  it('lets each role call what the permission matrix gives it, and nothing else', async () => {
    const calls: [Capability, 'get' | 'post', string, object?][] = [
      ['orders', 'get', '/api/staff/orders'],
      ['orders', 'get', '/api/staff/orders/999999'],
      ['orders', 'post', '/api/staff/orders/999999/cancel'],
      ['orders', 'post', '/api/staff/orders/999999/resend'],
      ['orders', 'post', '/api/staff/orders/999999/partial', { delivered: 1 }],
      ['users', 'get', '/api/staff/users'],
      ['users', 'get', '/api/staff/users/999999'],
      ['users', 'post', '/api/staff/users/999999/balance', { amount: 100, reason: 'check' }],
      ['audit', 'get', '/api/staff/audit'],
    ];
    const roles = {
      admin: 'ROLE_ADMIN',
      manager: 'ROLE_MANAGER',
      moderator: 'ROLE_MODERATOR',
      seo: 'ROLE_SEO',
      proxy: 'ROLE_PROXY',
    } as const;
    for (const [name, role] of Object.entries(roles)) {
      const member = await staff(role);
      for (const [capability, method, path, body] of calls) {
        const res = await request(t.app)
          [method](path)
          .set('Cookie', member.cookie)
          .send(body ?? {});
        const allowed = PERMISSIONS[name as keyof typeof PERMISSIONS].includes(capability);
        // allowed: the call itself answers (200, or its own 404 for the missing id)
        expect([name, path, res.status]).toEqual([name, path, allowed ? expect.any(Number) : 403]);
        if (allowed) expect([name, path, res.status]).not.toEqual([name, path, 403]);
      }
    }
  });

  it('finds an order by its link, cancels it with its refund, and writes the audit row in the same step', async () => {
    const admin = await staff('ROLE_ADMIN');
    const buyer = await buyerWithMoney();
    const placed = await buyer.order();
    const balanceOf = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('users')
            .select('balance')
            .where('id', '=', buyer.user.id)
            .executeTakeFirstOrThrow()
        ).balance,
      );
    const paid = await balanceOf();

    const found = await request(t.app)
      .get('/api/staff/orders')
      .query({ q: 'C8xYz12Stf1' })
      .set('Cookie', admin.cookie);
    expect(found.status).toBe(200);
    expect(found.body.data.items).toHaveLength(1);
    const order = found.body.data.items[0];
    expect(order).toMatchObject({
      public_id: placed.id,
      status: 'PAID',
      link: LINK,
    });
    expect(order.user).toMatchObject({ id: buyer.user.id, email: buyer.email });
    // its service's name in the console's languages, for beside the tag
    const names = (
      await Promise.all(
        (['ru', 'en'] as const).map((lang) =>
          t.services.catalog.service(
            'INSTAGRAM_LIKES',
            'CLIENT_LK',
            { staff: true, level: 1 },
            lang,
          ),
        ),
      )
    ).map((view) => view.name);
    expect(names[0]).toMatch(/[а-яё]/i);
    expect(order.service_names).toEqual({ ru: names[0], en: names[1] });
    // the buyer's e-mail and the order's number find it too
    for (const q of [buyer.email, String(order.id), `#${order.id}`])
      expect(
        (
          await request(t.app).get('/api/staff/orders').query({ q }).set('Cookie', admin.cookie)
        ).body.data.items.map((item: { id: number }) => item.id),
      ).toContain(order.id);

    const detail = await request(t.app)
      .get(`/api/staff/orders/${order.id}`)
      .set('Cookie', admin.cookie);
    expect(detail.body.data).toMatchObject({
      actions: { resend: true, cancel: true, partial: false },
      history: [{ status: 'CREATED' }, { status: 'PAID' }],
      ledger: [{ group: 'order_payment', amount: -order.cost }],
    });

    const canceled = await request(t.app)
      .post(`/api/staff/orders/${order.id}/cancel`)
      .set('Cookie', admin.cookie);
    expect(canceled.status).toBe(200);
    expect(canceled.body.data).toMatchObject({ status: 'CANCELED', refunded: order.cost });
    expect(await balanceOf()).toBe(paid + order.cost);
    // once ended, again is refused and changes nothing
    expect(
      (
        await request(t.app)
          .post(`/api/staff/orders/${order.id}/cancel`)
          .set('Cookie', admin.cookie)
      ).status,
    ).toBe(409);
    expect(await balanceOf()).toBe(paid + order.cost);

    const log = await request(t.app)
      .get('/api/staff/audit')
      .query({ action: 'order.cancel', target: `order:${order.id}` })
      .set('Cookie', admin.cookie);
    expect(log.body.data.items).toEqual([
      expect.objectContaining({
        staff: { id: admin.user.id, login: admin.login, role: 'admin' },
        action: 'order.cancel',
        target: `order:${order.id}`,
        before: expect.objectContaining({ status: 'PAID', refunded: 0 }),
        after: expect.objectContaining({ status: 'CANCELED', refunded: order.cost }),
        ip: expect.any(String),
      }),
    ]);
  });

  it('adjusts a balance with a reason as a ledger row and an audit row; a moderator within the limit', async () => {
    const admin = await staff('ROLE_ADMIN');
    const moderator = await staff('ROLE_MODERATOR');
    const buyer = await account(null);
    const adjust = (who: { cookie: string }, body: object) =>
      request(t.app)
        .post(`/api/staff/users/${buyer.user.id}/balance`)
        .set('Cookie', who.cookie)
        .send(body);

    expect((await adjust(admin, { amount: 2500 })).status).toBe(400);
    expect((await adjust(admin, { amount: 0, reason: 'nothing' })).status).toBe(400);
    expect((await adjust(admin, { amount: 2500, reason: '  ' })).status).toBe(400);
    const added = await adjust(admin, { amount: 2500, reason: 'Goodwill for a late order' });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      balance: 2500,
      ledger: [
        expect.objectContaining({
          group: 'adjustment',
          amount: 2500,
          note: 'Goodwill for a late order',
        }),
      ],
    });
    // never below zero
    expect((await adjust(admin, { amount: -9999, reason: 'too much' })).status).toBe(402);
    // a moderator's cap is 5000 minor units (USD) over 24 hours here: above it, it waits
    const waiting = await adjust(moderator, { amount: 6000, reason: 'over the limit' });
    expect(waiting.status).toBe(202);
    expect(waiting.body.data).toMatchObject({
      balance: 2500,
      adjustments: [expect.objectContaining({ amount: 6000, status: 'PENDING' })],
    });
    const taken = await adjust(moderator, { amount: -1000, reason: 'Duplicate top-up' });
    expect(taken.status).toBe(200);
    expect(taken.body.data.balance).toBe(1500);

    const log = await request(t.app)
      .get('/api/staff/audit')
      .query({ action: 'user.balance', target: `user:${buyer.user.id}` })
      .set('Cookie', admin.cookie);
    expect(
      log.body.data.items.map(
        (item: { staff: { role: string }; before: unknown; after: unknown }) => [
          item.staff.role,
          item.before,
          item.after,
        ],
      ),
    ).toEqual([
      [
        'moderator',
        { balance: 2500, currency: 'USD' },
        expect.objectContaining({ balance: 1500, currency: 'USD', reason: 'Duplicate top-up' }),
      ],
      [
        'admin',
        { balance: 0, currency: 'USD' },
        { balance: 2500, currency: 'USD', reason: 'Goodwill for a late order' },
      ],
    ]);
    // the refused ones left no row
    expect(log.body.data.meta.total).toBe(2);
    // the moderator may not read the audit log
    expect(
      (await request(t.app).get('/api/staff/audit').set('Cookie', moderator.cookie)).status,
    ).toBe(403);
  });

  it('blocks an account everywhere (sign-in, its tokens, its API key) and unblocks it; roles are the admin’s', async () => {
    const admin = await staff('ROLE_ADMIN');
    const moderator = await staff('ROLE_MODERATOR');
    const buyer = await account(null);
    const key: string = (await request(t.app).post('/api/user/api-key').set('Cookie', buyer.cookie))
      .body.data.key;
    const panel = () =>
      request(t.app).post('/api/v2').type('form').send({ key, action: 'balance' });
    expect((await panel()).body).toMatchObject({ currency: 'USD' });
    const act = (who: { cookie: string }, what: string, body: object = {}) =>
      request(t.app)
        .post(`/api/staff/users/${buyer.user.id}/${what}`)
        .set('Cookie', who.cookie)
        .send(body);

    const blocked = await act(moderator, 'block', { blocked: true });
    expect(blocked.status).toBe(200);
    expect(blocked.body.data).toMatchObject({ blocked: true, sessions: 0 });
    // its token, its password and its API key open nothing now
    expect(
      (await request(t.app).get('/api/user').set('Cookie', buyer.cookie)).body.data,
    ).toBeNull();
    const login = await request(t.app)
      .post('/api/login/local')
      .send({ login: buyer.login, password: buyer.password });
    expect([login.status, login.body.message]).toEqual([
      403,
      'This account is blocked: write to support',
    ]);
    expect((await panel()).body).toEqual({ error: 'Invalid API key' });

    expect((await act(moderator, 'block', { blocked: false })).body.data.blocked).toBe(false);
    expect(
      (
        await request(t.app)
          .post('/api/login/local')
          .send({ login: buyer.login, password: buyer.password })
      ).status,
    ).toBe(200);
    expect((await panel()).body).toMatchObject({ currency: 'USD' });

    // the level is set (also lowered); roles only by an admin, whose own are not touched here
    expect((await act(moderator, 'level', { level: 3 })).body.data.discount_level).toBe(3);
    expect((await act(moderator, 'level', { level: 11 })).status).toBe(400);
    expect((await act(moderator, 'roles', { roles: ['ROLE_SEO'] })).status).toBe(403);
    expect((await act(admin, 'roles', { roles: ['ROLE_SEO', 'ROLE_NOPE'] })).status).toBe(400);
    expect((await act(admin, 'roles', { roles: ['ROLE_SEO'] })).body.data).toMatchObject({
      roles: ['ROLE_SEO'],
      role: 'seo',
    });
    expect(
      (
        await request(t.app)
          .post(`/api/staff/users/${admin.user.id}/roles`)
          .set('Cookie', admin.cookie)
          .send({ roles: [] })
      ).status,
    ).toBe(403);
    // logged out everywhere: every sign-in ends
    const again = await request(t.app)
      .post('/api/login/local')
      .send({ login: buyer.login, password: buyer.password });
    const cookie = `auth=${again.body.data.token}`;
    expect((await request(t.app).get('/api/user').set('Cookie', cookie)).body.data.id).toBe(
      buyer.user.id,
    );
    expect((await act(admin, 'logout')).body.data.sessions).toBe(0);
    expect((await request(t.app).get('/api/user').set('Cookie', cookie)).body.data).toBeNull();

    const log = await request(t.app)
      .get('/api/staff/audit')
      .query({ target: `user:${buyer.user.id}` })
      .set('Cookie', admin.cookie);
    expect(log.body.data.items.map((item: { action: string }) => item.action)).toEqual([
      'user.logout',
      'user.roles',
      'user.level',
      'user.unblock',
      'user.block',
    ]);
    const roles = log.body.data.items[1];
    expect([roles.before.roles, roles.after.roles]).toEqual([[], ['ROLE_SEO']]);
  });

  it('draws the dashboard: orders paid, revenue, refunds and new users by day, statuses, stuck orders', async () => {
    const manager = await staff('ROLE_MANAGER');
    const before = (await request(t.app).get('/api/staff/dashboard').set('Cookie', manager.cookie))
      .body.data;
    expect(before.days).toHaveLength(30);
    expect(before.today.day).toBe(new Date().toISOString().slice(0, 10));

    const buyer = await buyerWithMoney();
    // staff accounts are no new customers
    await account('ROLE_MODERATOR');
    await account('ROLE_ADMIN');
    const first = await buyer.order();
    const second = await buyer.order();
    await request(t.app)
      .post(`/api/c_orders/${second.id}/cancel`)
      .set('Cookie', buyer.cookie)
      .set('Origin', 'https://shop.test')
      .expect(200);
    // the first has waited three hours with no change: stuck
    await t.database.db
      .updateTable('orders')
      .set({ updated_at: new Date(Date.now() - 3 * 3_600_000).toISOString() })
      .where('public_id', '=', first.id)
      .execute();

    const after = (await request(t.app).get('/api/staff/dashboard').set('Cookie', manager.cookie))
      .body.data;
    expect(after.today.orders - before.today.orders).toBe(2);
    expect((after.today.revenue.USD ?? 0) - (before.today.revenue.USD ?? 0)).toBe(
      first.cost + second.cost,
    );
    expect((after.today.refunds.USD ?? 0) - (before.today.refunds.USD ?? 0)).toBe(second.cost);
    expect(after.today.users - before.today.users).toBe(1);
    expect((after.byStatus.CANCELED ?? 0) - (before.byStatus.CANCELED ?? 0)).toBe(1);
    expect(after.stuck.map((order: { public_id: string }) => order.public_id)).toContain(first.id);
    expect(after.stuck.map((order: { public_id: string }) => order.public_id)).not.toContain(
      second.id,
    );
    // seo and proxy see no dashboard
    const seo = await staff('ROLE_SEO');
    expect(
      (await request(t.app).get('/api/staff/dashboard').set('Cookie', seo.cookie)).status,
    ).toBe(403);
  });

  it('shows what an order asked of its provider and the answers', async () => {
    const admin = await staff('ROLE_ADMIN');
    const id = (await (await buyerWithMoney()).order()).number;
    const worker = createFulfilmentService({
      orders: t.services.orders.workOn(),
      providerOf: providerRegistry({
        db: t.database.db,
        simulator: t.services.simulator,
        simulatorUrl: null,
      }),
      catalog: t.services.catalog,
      logger,
      options: { workerId: `calls-${engine}` },
      calls: callCounter(t.database.db),
    });
    await worker.submitDue();
    const detail = await request(t.app).get(`/api/staff/orders/${id}`).set('Cookie', admin.cookie);
    expect(detail.body.data.provider_calls).toEqual([
      expect.objectContaining({
        order_id: id,
        provider_id: 'simulator',
        action: 'add',
        request: { service: 'INSTAGRAM_LIKES', link: LINK, quantity: 100 },
        answer: { order: expect.any(String) },
        ok: true,
      }),
    ]);
  });

  it('asks the provider to stop a running order it cancels and refunds', async () => {
    const admin = await staff('ROLE_ADMIN');
    const id = (await (await buyerWithMoney()).order()).number;
    await testWorker(t, 0).submitDue();
    const upstream = [...t.services.simulator.orders.values()].at(-1)!;
    const canceled = await request(t.app)
      .post(`/api/staff/orders/${id}/cancel`)
      .set('Cookie', admin.cookie);
    expect(canceled.status).toBe(200);
    expect(canceled.body.data).toMatchObject({
      status: 'CANCELED',
      refunded: canceled.body.data.cost,
    });
    expect(canceled.body.data.history.at(-1).note).toBe(
      'canceled by staff, refunded; canceled at the provider',
    );
    expect(canceled.body.data.provider_calls.at(-1)).toMatchObject({
      provider_id: 'simulator',
      action: 'cancel',
      request: { order: upstream.id },
      ok: true,
    });
  });

  it('switches a waiting order to another of its providers, and refills a completed one', async () => {
    const admin = await staff('ROLE_ADMIN');
    const buyer = await buyerWithMoney();
    const id = (await buyer.order()).number;
    const act = (what: string, body: object = {}) =>
      request(t.app).post(`/api/staff/orders/${id}/${what}`).set('Cookie', admin.cookie).send(body);
    expect((await act('provider', { provider: 'nowhere' })).status).toBe(400);
    expect((await act('provider', {})).status).toBe(400);
    const switched = await act('provider', { provider: 'simulator' });
    expect(switched.status).toBe(200);
    expect(switched.body.data.history.at(-1)).toMatchObject({
      status: 'PAID',
      note: 'switched to simulator by staff',
    });
    // taken by its provider and delivered: no switch any more, a refill instead
    await testWorker(t, 0).submitDue();
    expect((await act('provider', { provider: 'simulator' })).status).toBe(409);
    const upstream = [...t.services.simulator.orders.values()].at(-1)!;
    upstream.createdAt = Date.now() - 3_600_000;
    await testWorker(t, 2 * 60_000).syncRunning();
    const done = await request(t.app).get(`/api/staff/orders/${id}`).set('Cookie', admin.cookie);
    expect(done.body.data).toMatchObject({
      status: 'COMPLETED',
      actions: { refill: true, switch: false },
    });
    const refilled = await act('refill');
    expect(refilled.status).toBe(200);
    expect(refilled.body.data.history.at(-1).note).toMatch(/^refill requested: /);
    // the refill asked of the provider is on the order's page with its answer
    const calls = (await request(t.app).get(`/api/staff/orders/${id}`).set('Cookie', admin.cookie))
      .body.data.provider_calls;
    expect(calls.at(-1)).toMatchObject({
      provider_id: 'simulator',
      action: 'refill',
      request: { order: upstream.id },
      answer: expect.anything(),
      ok: true,
    });
    const log = await request(t.app)
      .get('/api/staff/audit')
      .query({ target: `order:${id}` })
      .set('Cookie', admin.cookie);
    expect(log.body.data.items.map((item: { action: string }) => item.action)).toEqual([
      'order.refill',
      'order.provider',
    ]);
  });
});
