import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { STAFF_COOKIE_PATHS } from '#shared/constants.ts';
import type { Role } from '#shared/roles.ts';
import { balanceOf, createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';
import { accountWith, staffCookieOf, staffMember, totpCode } from '../support/staff.ts';

/**
 * Bounds on staff powers (docs/operations.md "What each role may do"), driven as an attacker
 * holding one staff account would: no one decides their own withdrawal or changes their own
 * account, staff accounts are an admin's to touch and only below the admin's role, a
 * moderator's adjustments are capped per 24 hours in one currency (above: an admin approves),
 * a TOTP code opens one session, a staff session ends with the sign-in that opened it, and
 * each sign-in, failure and refused call has its audit row.
 */
const LINK = 'https://www.instagram.com/p/C8xYz12Stf1/';
const ORIGIN = 'https://shop.test';

describe.each(ENGINES)('staff bounds on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith(
      {
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        STAFF_MODERATOR_ADJUST_LIMIT: '100000',
        STAFF_MODERATOR_ADJUST_CURRENCY: 'USD',
        WITHDRAW_MIN: 'RUB:100,USD:1,EUR:1',
      },
      { engine },
    );
  });
  afterAll(() => t.database.close());

  const staff = (role: Role) => staffMember(t, role);
  const as = (who: { cookie: string }) => ({
    get: (url: string, query: object = {}) =>
      request(t.app).get(`/api/${url}`).query(query).set('Cookie', who.cookie),
    post: (url: string, body: object = {}) =>
      request(t.app).post(`/api/${url}`).set('Cookie', who.cookie).set('Origin', ORIGIN).send(body),
  });
  const auditOf = async (query: object) => {
    const admin = await staff('ROLE_ADMIN');
    return (await as(admin).get('staff/audit', { limit: 200, ...query })).body.data.items as {
      staff: { id: number; login: string; role: string };
      action: string;
      target: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      ip: string;
    }[];
  };

  it('lets no one decide their own withdrawal: the moderator’s self-payment chain ends at an admin', async () => {
    const moderator = await staff('ROLE_MODERATOR');
    // the moderator brings a second account of their own …
    const second = await request(t.app)
      .post('/api/register')
      .set('Cookie', `ref=${moderator.user.refCode}`)
      .send({
        email: `second-${engine}@example.com`,
        login: `second${engine}`,
        lang: 'en',
        cur: 'USD',
        password: 'correct horse battery',
        password_confirmation: 'correct horse battery',
      })
      .expect(201);
    const secondCookie = `auth=${second.body.data.token}`;
    const secondId: number = second.body.data.user.id;
    // … funds it with an adjustment (within the cap) …
    expect(
      (
        await as(moderator).post(`staff/users/${secondId}/balance`, {
          amount: 50_000,
          reason: 'Test funds',
        })
      ).status,
    ).toBe(200);
    // … which orders, and the order is delivered: 10 % is the moderator's
    const placed = await request(t.app)
      .post('/api/c_orders/main')
      .set('Cookie', secondCookie)
      .set('Origin', ORIGIN)
      .send({
        tag: 'INSTAGRAM_LIKES',
        link: LINK,
        quantity: 10_000,
        method: -1,
        client: 'CLIENT_LK',
      })
      .expect(201);
    const work = t.services.orders.workOn();
    const row = () =>
      t.database.db
        .selectFrom('orders')
        .selectAll()
        .where('public_id', '=', placed.body.data.order.id)
        .executeTakeFirstOrThrow();
    await work.move(await row(), 'PAID', 'RUNNING', 'submitted');
    await work.move(await row(), 'RUNNING', 'COMPLETED', 'done');
    const earned = (await as(moderator).get('user/refs/total')).body.data.available as number;
    expect(earned).toBeGreaterThanOrEqual(100);
    const asked = await as(moderator)
      .post('user/withdrawals', { amount: 1, method: 'paypal', details: 'me@example.com' })
      .expect(201);
    const id: string = asked.body.data.id;

    // the owner cannot pay it, nor can another moderator (a staff member's is an admin's)
    const own = await as(moderator).post(`staff/withdrawals/${id}/decision`, { status: 'PAID' });
    expect([own.status, own.body.message]).toEqual([
      403,
      'Nobody decides a withdrawal request of their own',
    ]);
    const other = await staff('ROLE_MODERATOR');
    const peer = await as(other).post(`staff/withdrawals/${id}/decision`, { status: 'PAID' });
    expect([peer.status, peer.body.message]).toEqual([
      403,
      'A staff member’s withdrawal request is decided by an admin',
    ]);
    expect((await as(other).get(`staff/withdrawals/${id}`)).body.data.status).toBe('PENDING');
    // an admin decides it
    const admin = await staff('ROLE_ADMIN');
    const paid = await as(admin).post(`staff/withdrawals/${id}/decision`, { status: 'PAID' });
    expect([paid.status, paid.body.data.status]).toEqual([200, 'PAID']);
  });

  it('lets no staff member change their own balance, level, block or sign-ins, nor an equal or higher account', async () => {
    const moderator = await staff('ROLE_MODERATOR');
    const admin = await staff('ROLE_ADMIN');
    const otherAdmin = await staff('ROLE_ADMIN');
    const manager = await staff('ROLE_MANAGER');
    const calls = (id: number): [string, object][] => [
      [`staff/users/${id}/balance`, { amount: 100, reason: 'Bonus for me' }],
      [`staff/users/${id}/level`, { level: 10 }],
      [`staff/users/${id}/block`, { blocked: true }],
      [`staff/users/${id}/logout`, {}],
    ];
    const refused: [string, number][] = [];
    const expectRefused = async (who: { cookie: string }, id: number) => {
      for (const [url, body] of calls(id)) {
        const res = await as(who).post(url, body);
        if (res.status !== 403) refused.push([url, res.status]);
      }
    };
    // their own account
    await expectRefused(moderator, moderator.user.id);
    await expectRefused(admin, admin.user.id);
    // a moderator on any other staff account, higher or lower
    await expectRefused(moderator, admin.user.id);
    await expectRefused(moderator, manager.user.id);
    // an admin on another admin (an equal role): the command line's
    await expectRefused(admin, otherAdmin.user.id);
    expect(
      (await as(admin).post(`staff/users/${otherAdmin.user.id}/roles`, { roles: [] })).status,
    ).toBe(403);
    expect(refused).toEqual([]);
    expect(await balanceOf(t.database, moderator.user.id)).toBe(0);
    const me = (await as(admin).get(`staff/users/${moderator.user.id}`)).body.data;
    expect(me).toMatchObject({ balance: 0, discount_level: 1, blocked: false });
    // the admin still signs in: no moderator blocked or logged them out
    expect((await as(admin).get('staff/dashboard')).status).toBe(200);
    // an admin acts on a lower staff account
    expect(
      (await as(admin).post(`staff/users/${manager.user.id}/level`, { level: 2 })).status,
    ).toBe(200);
  });

  it('unblocks an account an admin blocked only by an admin', async () => {
    const admin = await staff('ROLE_ADMIN');
    const moderator = await staff('ROLE_MODERATOR');
    const buyer = await signUp(t.app, { cur: 'USD' });
    const block = (who: { cookie: string }, blocked: boolean) =>
      as(who).post(`staff/users/${buyer.user.id}/block`, { blocked });
    expect((await block(admin, true)).status).toBe(200);
    const undo = await block(moderator, false);
    expect([undo.status, undo.body.message]).toEqual([
      403,
      'An account an admin blocked is unblocked only by an admin',
    ]);
    expect((await as(admin).get(`staff/users/${buyer.user.id}`)).body.data.blocked).toBe(true);
    expect((await block(admin, false)).status).toBe(200);
    // one a moderator blocked, a moderator may unblock
    expect((await block(moderator, true)).status).toBe(200);
    expect((await block(moderator, false)).status).toBe(200);
  });

  describe('the moderator’s cap', () => {
    const adjust = (who: { cookie: string }, id: number, amount: number, reason = 'Goodwill') =>
      as(who).post(`staff/users/${id}/balance`, { amount, reason });

    it('sums a moderator’s adjustments over 24 hours in one currency; above it an admin approves', async () => {
      const moderator = await staff('ROLE_MODERATOR');
      const admin = await staff('ROLE_ADMIN');
      const buyer = await signUp(t.app, { cur: 'USD' });
      // the attack: three calls of $1,000 in a second
      const answers = [];
      for (let i = 0; i < 3; i += 1)
        answers.push((await adjust(moderator, buyer.user.id, 100_000)).status);
      expect(answers).toEqual([200, 202, 202]);
      expect(await balanceOf(t.database, buyer.user.id)).toBe(100_000);
      // the cap counts money, not units: 100,000 kopecks are about $11, within what is left
      const rouble = await signUp(t.app, { cur: 'RUB' });
      const other = await staff('ROLE_MODERATOR');
      expect((await adjust(other, rouble.user.id, 100_000)).status).toBe(200);
      // and per account, whoever the moderator: the USD buyer had its $1,000 today
      expect((await adjust(other, buyer.user.id, 500)).status).toBe(202);

      const waiting = (
        await as(admin).get('staff/adjustments', { status: 'PENDING', user: String(buyer.user.id) })
      ).body.data.items as { id: number; amount: number; requested_by: { id: number } }[];
      expect(waiting.map((item) => item.amount)).toEqual([500, 100_000, 100_000]);
      // the moderator cannot decide; the admin approves one and rejects the others
      expect(
        (
          await as(moderator).post(`staff/adjustments/${waiting[1]!.id}/decision`, {
            status: 'APPROVED',
          })
        ).status,
      ).toBe(403);
      const approved = await as(admin).post(`staff/adjustments/${waiting[1]!.id}/decision`, {
        status: 'APPROVED',
      });
      expect([approved.status, approved.body.data.status]).toEqual([200, 'APPROVED']);
      expect(await balanceOf(t.database, buyer.user.id)).toBe(200_000);
      for (const item of [waiting[0]!, waiting[2]!])
        expect(
          (await as(admin).post(`staff/adjustments/${item.id}/decision`, { status: 'REJECTED' }))
            .status,
        ).toBe(200);
      // decided once
      expect(
        (
          await as(admin).post(`staff/adjustments/${waiting[1]!.id}/decision`, {
            status: 'REJECTED',
          })
        ).status,
      ).toBe(409);
      expect(await balanceOf(t.database, buyer.user.id)).toBe(200_000);
      const actions = (await auditOf({ target: `user:${buyer.user.id}` })).map((row) => row.action);
      expect(actions.filter((action) => action === 'user.balance.request')).toHaveLength(3);
      expect(actions).toContain('user.balance.approve');
      expect(actions.filter((action) => action === 'user.balance.reject')).toHaveLength(2);
    });

    it('tells a moderator their cap and what they used of it in the last 24 hours (GET staff/me); an admin has none', async () => {
      const moderator = await staff('ROLE_MODERATOR');
      const admin = await staff('ROLE_ADMIN');
      const manager = await staff('ROLE_MANAGER');
      const capOf = async (who: { cookie: string }) =>
        (await as(who).get('staff/me')).body.data.adjustCap;
      expect(await capOf(moderator)).toEqual({ limit: 100_000, currency: 'USD', used: 0 });
      expect(await capOf(admin)).toBeNull();
      // no balances to adjust: no cap
      expect(await capOf(manager)).toBeNull();
      const buyer = await signUp(t.app, { cur: 'USD' });
      expect((await adjust(moderator, buyer.user.id, 25_000)).status).toBe(200);
      expect((await adjust(moderator, buyer.user.id, -5_000)).status).toBe(200);
      // one waiting for an admin counts nothing yet
      expect((await adjust(moderator, buyer.user.id, 90_000)).status).toBe(202);
      expect(await capOf(moderator)).toEqual({ limit: 100_000, currency: 'USD', used: 30_000 });
      // older than 24 hours: forgotten
      await t.database.db
        .updateTable('staff_adjustments')
        .set({ created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
        .where('requested_by', '=', moderator.user.id)
        .execute();
      expect((await capOf(moderator)).used).toBe(0);
    });

    it('lets parallel adjustments of one moderator pass the cap once, and forgets what is older than 24 hours', async () => {
      const moderator = await staff('ROLE_MODERATOR');
      const buyers = await Promise.all([1, 2, 3].map(() => signUp(t.app, { cur: 'USD' })));
      const answers = await Promise.all(
        buyers.map((buyer) => adjust(moderator, buyer.user.id, 60_000)),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 202, 202]);
      const credited = await Promise.all(
        buyers.map((buyer) => balanceOf(t.database, buyer.user.id)),
      );
      expect(credited.reduce((sum, value) => sum + value, 0)).toBe(60_000);
      // a day later, the cap is whole again
      await t.database.db
        .updateTable('staff_adjustments')
        .set({ created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
        .where('requested_by', '=', moderator.user.id)
        .execute();
      expect((await adjust(moderator, buyers[0]!.user.id, 90_000)).status).toBe(200);
    });

    it('refuses a reason that is invisible or reorders itself', async () => {
      const admin = await staff('ROLE_ADMIN');
      const buyer = await signUp(t.app, { cur: 'USD' });
      for (const reason of [
        '\u200B\u200B\u200B',
        '\uFEFF\u2060\u200D',
        'Refund \u202Ednufer',
        'ok \u2067x\u2069',
      ])
        expect([reason, (await adjust(admin, buyer.user.id, 100, reason)).status]).toEqual([
          reason,
          400,
        ]);
      expect(await balanceOf(t.database, buyer.user.id)).toBe(0);
    });
  });

  describe('the second factor', () => {
    it('opens one session per code: the code used is refused, also when two race', async () => {
      const member = await staff('ROLE_MANAGER');
      const signIn = (code: string) =>
        request(t.app).post('/api/staff/session').set('Cookie', member.cookie).send({ code });
      // the code that confirmed the app opened its session already
      expect((await signIn(totpCode(member.secret))).status).toBe(400);
      const next = totpCode(member.secret, 1);
      const raced = await Promise.all([signIn(next), signIn(next)]);
      expect(raced.map((res) => res.status).sort()).toEqual([200, 400]);
      const rows = await auditOf({ target: `user:${member.user.id}` });
      expect(rows.map((row) => row.action)).toEqual(
        expect.arrayContaining([
          'staff.totp.enrol',
          'staff.totp.confirm',
          'staff.signin',
          'staff.signin.failed',
        ]),
      );
      expect(rows.filter((row) => row.action === 'staff.signin.failed')).toHaveLength(2);
    });

    it('answers the secret and the recovery codes with Cache-Control: no-store, the cookie on the console’s paths only', async () => {
      const user = await accountWith(t, 'ROLE_SEO');
      const enrol = await request(t.app).post('/api/staff/totp/enrol').set('Cookie', user.cookie);
      expect(enrol.headers['cache-control']).toBe('no-store');
      const confirmed = await request(t.app)
        .post('/api/staff/totp/confirm')
        .set('Cookie', user.cookie)
        .send({ code: totpCode(enrol.body.data.secret) });
      expect(confirmed.status).toBe(200);
      expect(confirmed.headers['cache-control']).toBe('no-store');
      const cookies = ([] as string[]).concat(confirmed.headers['set-cookie'] ?? []);
      const paths = cookies
        .filter((line) => line.startsWith('staff='))
        .map((line) => /Path=([^;]+)/.exec(line)?.[1]);
      // the console's calls and its pages under every locale's prefix
      expect(paths.sort()).toEqual([
        '/api/staff',
        '/de/staff/',
        '/en/staff/',
        '/es/staff/',
        '/it/staff/',
        '/pt/staff/',
        '/staff/',
        '/tr/staff/',
      ]);
      // a recovery code used leaves its row
      const recovery = confirmed.body.data.recoveryCodes[0] as string;
      expect(
        (
          await request(t.app)
            .post('/api/staff/session')
            .set('Cookie', user.cookie)
            .send({ code: recovery })
        ).status,
      ).toBe(200);
      const rows = await auditOf({ target: `user:${user.user.id}`, action: 'staff.recovery.used' });
      expect(rows).toEqual([
        expect.objectContaining({
          after: expect.objectContaining({ ok: true, recoveryCodesLeft: 9 }),
        }),
      ]);
    });
  });

  describe('a staff session ends with the sign-in that opened it', () => {
    const console = (cookie: string) =>
      request(t.app).get('/api/staff/dashboard').set('Cookie', cookie);
    const signInAgain = async (member: { login: string; password: string }) => {
      const res = await request(t.app)
        .post('/api/login/local')
        .send({ login: member.login, password: member.password })
        .expect(200);
      return `auth=${res.body.data.token}`;
    };

    it('ends at logout, whose answer clears the staff cookie', async () => {
      const member = await staff('ROLE_MANAGER');
      expect((await console(member.cookie)).status).toBe(200);
      const staffCookie = staffCookieOf(member.confirmed);
      const out = await request(t.app).post('/api/logout').set('Cookie', member.cookie).expect(200);
      const cleared = ([] as string[])
        .concat(out.headers['set-cookie'] ?? [])
        .filter((line) => line.startsWith('staff=;'));
      expect(cleared.map((line) => /Path=([^;]+)/.exec(line)?.[1]).sort()).toEqual(
        [...STAFF_COOKIE_PATHS].sort(),
      );
      // the old staff cookie with a fresh password-only sign-in opens nothing
      const fresh = await signInAgain(member);
      expect((await console(`${fresh}; ${staffCookie}`)).status).toBe(401);
      expect(
        (await request(t.app).get('/api/staff/me').set('Cookie', `${fresh}; ${staffCookie}`)).body
          .data.signedIn,
      ).toBe(false);
    });

    it('ends with a password change, a password reset and a deletion request', async () => {
      const changer = await staff('ROLE_MANAGER');
      const changed = await request(t.app)
        .post('/api/user/password')
        .set('Cookie', changer.cookie)
        .set('Origin', ORIGIN)
        .send({
          current_password: changer.password,
          password: 'a brand new password',
          password_confirmation: 'a brand new password',
        });
      expect(changed.status).toBe(200);
      // the account's own sign-in goes on; its staff session does not
      expect(
        (await request(t.app).get('/api/user').set('Cookie', changer.cookie)).body.data.id,
      ).toBe(changer.user.id);
      expect((await console(changer.cookie)).status).toBe(401);

      const reset = await staff('ROLE_MANAGER');
      await request(t.app).post('/api/reset').send({ email: reset.email }).expect(200);
      const files = readdirSync(t.outbox).sort();
      const mail = readFileSync(path.join(t.outbox, files.at(-1)!), 'utf8');
      const code = /\/reset\/(\w+)\//.exec(mail)![1]!;
      const set = await request(t.app).post('/api/set_password').send({
        code,
        password: 'another new password',
        password_confirmation: 'another new password',
      });
      expect(set.status).toBe(200);
      const fresh = `auth=${set.body.data.token}; ${staffCookieOf(reset.confirmed)}`;
      expect((await console(fresh)).status).toBe(401);

      const leaving = await staff('ROLE_MANAGER');
      expect(
        (
          await request(t.app)
            .post('/api/user/delete')
            .set('Cookie', leaving.cookie)
            .set('Origin', ORIGIN)
            .send({ password: leaving.password })
        ).status,
      ).toBe(202);
      const rows = await t.database.db
        .selectFrom('staff_sessions')
        .select('revoked_at')
        .where('user_id', 'in', [changer.user.id, reset.user.id, leaving.user.id])
        .execute();
      expect(rows.every((session) => session.revoked_at !== null)).toBe(true);
    });
  });

  it('writes an audit row for each refused console call, with who, what and from where', async () => {
    const seo = await staff('ROLE_SEO');
    const customer = await signUp(t.app, { cur: 'USD' });
    expect((await as(seo).get('staff/orders')).status).toBe(403);
    expect((await as(customer).get('staff/users')).status).toBe(403);
    const seoRows = await auditOf({ target: `user:${seo.user.id}`, action: 'staff.refused' });
    expect(seoRows).toEqual([
      expect.objectContaining({
        staff: expect.objectContaining({ id: seo.user.id, role: 'seo' }),
        after: { call: 'GET /staff/orders', status: 403, reason: 'Your role cannot do this' },
        ip: expect.any(String),
      }),
    ]);
    const customerRows = await auditOf({
      target: `user:${customer.user.id}`,
      action: 'staff.refused',
    });
    expect(customerRows).toEqual([
      expect.objectContaining({
        staff: expect.objectContaining({ id: customer.user.id, role: 'user' }),
        after: expect.objectContaining({ call: 'GET /staff/users', status: 403 }),
      }),
    ]);
  });
});
