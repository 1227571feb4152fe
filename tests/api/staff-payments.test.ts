import request from 'supertest';
import { ledger } from '#server/modules/ledger/ledger.service.ts';
import type { Role } from '#shared/roles.ts';
import { balanceOf, countRows, createTestAppWith, ENGINES, type TestApp } from '../support/app.ts';
import { accountWith, staffMember } from '../support/staff.ts';

/**
 * The staff console's money on SQLite and PostgreSQL: payments filtered and read
 * with their gateway events (capability `payments`); withdrawal requests paid or rejected with
 * a note through the service `npm run withdrawals` uses (capability `withdrawals`): the money
 * back through the ledger, the customer notified, an audit row, a second decision refused.
 */
const ORDER = {
  tag: 'INSTAGRAM_LIKES',
  link: 'https://www.instagram.com/p/C8xYz12Pay1/',
  quantity: 1000,
  currency: 'USD',
  method: 7, // PayPal: through the sandbox here
  email: 'guest@example.com',
  agreement: true,
  return_path: '/en/',
};

describe.each(ENGINES)('the staff console’s payments and withdrawals on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { engine });
  });
  afterAll(() => t.database.close());

  const account = (role: Role | null, lang = 'en') => accountWith(t, role, lang);
  const staff = (role: Role) => staffMember(t, role);

  /** A customer with $50 of referral bonuses and a withdrawal request of `amount`. */
  async function requester(amount: number, lang = 'en') {
    const user = await account(null, lang);
    await t.database.db
      .transaction()
      .execute((trx) =>
        ledger.bonus(trx, { userId: user.user.id, amount: 5_000, at: new Date().toISOString() }),
      );
    const request_ = await t.services.withdrawals.request(user.user.id, {
      amount,
      method: 'paypal',
      details: user.email,
    });
    return { ...user, withdrawal: request_.id };
  }

  const decide = (cookie: string, id: string, body: object) =>
    request(t.app).post(`/api/staff/withdrawals/${id}/decision`).set('Cookie', cookie).send(body);

  it('shows on a user’s page their payments and their referrals', async () => {
    const moderator = await staff('ROLE_MODERATOR');
    const referrer = await requester(2_000);
    const { ref_code } = await t.database.db
      .selectFrom('users')
      .select('ref_code')
      .where('id', '=', referrer.user.id)
      .executeTakeFirstOrThrow();
    const registered = await request(t.app)
      .post('/api/register')
      .send({
        email: `referred.${referrer.user.id}@example.com`,
        login: `referred${referrer.user.id}`,
        password: 'correct horse battery',
        password_confirmation: 'correct horse battery',
        cur: 'USD',
        ref: ref_code,
      });
    expect(registered.status).toBe(201);
    const referred = registered.body.data as { token: string; user: { id: number } };
    const deposit = await request(t.app)
      .post('/api/deposit')
      .set('Authorization', `Bearer ${referred.token}`)
      .send({ amount: 2000, method: 7, agreement: true, return_path: '/en/cp/payment/' });
    expect(deposit.status).toBe(201);
    t.services.sandbox!.payment(
      new URL(deposit.body.data.redirect).pathname.split('/')[3]!,
    )!.status = 'SUCCESS';
    await request(t.app).get(`/api/payment/${deposit.body.data.payment.id}`).expect(200);

    const page = (id: number) =>
      request(t.app).get(`/api/staff/users/${id}`).set('Cookie', moderator.cookie);
    const theirs = (await page(referred.user.id)).body.data;
    expect(theirs.payments).toEqual([
      expect.objectContaining({
        public_id: deposit.body.data.payment.id,
        purpose: 'deposit',
        amount: 2000,
        status: 'SUCCESS',
      }),
    ]);
    expect(theirs.referrals).toMatchObject({
      referrer: { id: referrer.user.id, email: referrer.email },
      referred: 0,
      earned: 0,
    });
    expect((await page(referrer.user.id)).body.data.referrals).toEqual({
      referrer: null,
      code: ref_code,
      referred: 1,
      currency: 'USD',
      earned: 5_000,
      pending: 2_000,
      withdrawn: 0,
      available: 3_000,
    });
  });

  it('lists, pays and rejects withdrawal requests once, with the money back, the notice and the audit row', async () => {
    const admin = await staff('ROLE_ADMIN');
    const first = await requester(2_000, 'de');
    const second = await requester(1_500);
    expect(await balanceOf(t.database, first.user.id)).toBe(3_000);

    const waiting = await request(t.app)
      .get('/api/staff/withdrawals')
      .query({ status: 'PENDING' })
      .set('Cookie', admin.cookie);
    expect(waiting.status).toBe(200);
    const ids = waiting.body.data.items.map((item: { id: string }) => item.id);
    expect(ids).toEqual(expect.arrayContaining([first.withdrawal, second.withdrawal]));
    expect(
      waiting.body.data.items.find((item: { id: string }) => item.id === first.withdrawal),
    ).toMatchObject({
      user: { id: first.user.id, email: first.email },
      amount: 2_000,
      currency: 'USD',
      method: 'paypal',
      status: 'PENDING',
    });

    // a rejection needs a note the customer reads: refused without one, nothing changed
    for (const body of [
      { status: 'REJECTED' },
      { status: 'REJECTED', note: '  ' },
      { status: 'MAYBE', note: 'x' },
      { status: 'PAID', note: 'x'.repeat(501) },
      { status: 'PAID', extra: 1 },
      {},
      [],
    ]) {
      const refused = await decide(admin.cookie, first.withdrawal, body);
      expect([body, refused.status]).toEqual([body, 400]);
    }
    expect(await balanceOf(t.database, first.user.id)).toBe(3_000);
    expect((await t.services.withdrawals.byId(first.withdrawal))?.status).toBe('PENDING');

    const rejected = await decide(admin.cookie, first.withdrawal, {
      status: 'REJECTED',
      note: 'The PayPal address does not exist',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({
      id: first.withdrawal,
      status: 'REJECTED',
      note: 'The PayPal address does not exist',
      decided_by: admin.login,
    });
    // the held money is back, through the ledger (as `npm run withdrawals` gives it back)
    expect(await balanceOf(t.database, first.user.id)).toBe(5_000);
    const rows = await ledger.latestOf(t.database.db, first.user.id, 5);
    expect(rows[0]).toMatchObject({
      group: 'withdraw_funds',
      amount: 2_000,
      note: `withdrawal returned: ${first.withdrawal}`,
    });
    // the customer is told, in their language
    const notes = await t.services.notifications.page(first.user.id, { lang: 'de' });
    expect(notes.items[0]!.notification_type).toMatchObject({ type: 'withdraw.REJECTED' });
    expect(notes.items[0]!.notification_type.message).toContain(
      'The PayPal address does not exist',
    );
    expect(notes.items[0]!.notification_type.message).toContain('abgelehnt');

    // decided once: a second decision of either kind is 409 and changes nothing
    const balance = await balanceOf(t.database, first.user.id);
    const auditRows = await countRows(t.database.db, 'staff_audit');
    for (const body of [{ status: 'PAID' }, { status: 'REJECTED', note: 'again, no' }]) {
      const again = await decide(admin.cookie, first.withdrawal, body);
      expect(again.status).toBe(409);
    }
    expect(await balanceOf(t.database, first.user.id)).toBe(balance);
    expect(await countRows(t.database.db, 'staff_audit')).toBe(auditRows);
    expect((await decide(admin.cookie, 'no-such-request', { status: 'PAID' })).status).toBe(404);

    const paid = await decide(admin.cookie, second.withdrawal, { status: 'PAID' });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'PAID', note: null });
    expect(await balanceOf(t.database, second.user.id)).toBe(3_500);
    expect(
      (await t.services.notifications.page(second.user.id, { lang: 'en' })).items[0]!
        .notification_type,
    ).toMatchObject({ type: 'withdraw.PAID' });

    const log = await request(t.app)
      .get('/api/staff/audit')
      .query({ target: `withdrawal:${first.withdrawal}` })
      .set('Cookie', admin.cookie);
    expect(log.body.data.items).toEqual([
      expect.objectContaining({
        action: 'withdrawal.reject',
        staff: expect.objectContaining({ id: admin.user.id, role: 'admin' }),
        before: expect.objectContaining({ status: 'PENDING', note: null }),
        after: expect.objectContaining({
          status: 'REJECTED',
          note: 'The PayPal address does not exist',
        }),
      }),
    ]);
    const one = await request(t.app)
      .get(`/api/staff/withdrawals/${second.withdrawal}`)
      .set('Cookie', admin.cookie);
    expect(one.body.data).toMatchObject({ status: 'PAID', decided_by: admin.login });
  });

  it('lets one of two staff deciding at once win; the other gets 409', async () => {
    const [admin, moderator] = [await staff('ROLE_ADMIN'), await staff('ROLE_MODERATOR')];
    const customer = await requester(2_500);
    const answers = await Promise.all([
      decide(admin.cookie, customer.withdrawal, { status: 'REJECTED', note: 'Not this time' }),
      decide(moderator.cookie, customer.withdrawal, { status: 'PAID' }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const row = await t.services.withdrawals.byId(customer.withdrawal);
    const expected = row!.status === 'REJECTED' ? 5_000 : 2_500;
    expect(await balanceOf(t.database, customer.user.id)).toBe(expected);
    const log = await request(t.app)
      .get('/api/staff/audit')
      .query({ target: `withdrawal:${customer.withdrawal}` })
      .set('Cookie', admin.cookie);
    expect(log.body.data.items).toHaveLength(1);
    expect(
      (await t.services.notifications.page(customer.user.id, { lang: 'en' })).items.filter((item) =>
        item.notification_type.type.startsWith('withdraw.'),
      ),
    ).toHaveLength(1);
  });

  it('gives withdrawals to moderators and admins, payments to admins only', async () => {
    const calls: [string, 'get' | 'post', string, object?][] = [
      ['payments', 'get', '/api/staff/payments'],
      ['payments', 'get', '/api/staff/payments/999999'],
      ['withdrawals', 'get', '/api/staff/withdrawals'],
      ['withdrawals', 'get', '/api/staff/withdrawals/nope'],
      ['withdrawals', 'post', '/api/staff/withdrawals/nope/decision', { status: 'PAID' }],
    ];
    const allowed: Record<string, string[]> = {
      ROLE_ADMIN: ['payments', 'withdrawals'],
      ROLE_MODERATOR: ['withdrawals'],
      ROLE_MANAGER: [],
      ROLE_SEO: [],
      ROLE_PROXY: [],
    };
    for (const [role, capabilities] of Object.entries(allowed)) {
      const member = await staff(role as Role);
      for (const [capability, method, path, body] of calls) {
        const res = await request(t.app)
          [method](path)
          .set('Cookie', member.cookie)
          .send(body ?? {});
        const expected = capabilities.includes(capability) ? (path.endsWith('s') ? 200 : 404) : 403;
        expect([role, path, res.status]).toEqual([role, path, expected]);
      }
    }
    const customer = await account(null);
    for (const [, method, path] of calls)
      expect((await request(t.app)[method](path).set('Cookie', customer.cookie)).status).toBe(403);
  });

  it('finds payments by number, payer, status, purpose, gateway and day, with their gateway events', async () => {
    const admin = await staff('ROLE_ADMIN');
    const placed = await request(t.app)
      .post('/api/c_orders/main')
      .send({ ...ORDER, email: 'payer@example.com' });
    expect(placed.status).toBe(201);
    const { payment, order, redirect } = placed.body.data;
    const ref = new URL(redirect).pathname.split('/')[3]!;
    // the buyer pays on the sandbox's page: its webhook settles the payment
    await request(t.app)
      .post(`/sandbox/checkout/${ref}/`)
      .type('form')
      .send({ outcome: 'pay' })
      .expect(303);
    // the waiting page's poll after that finds nothing left to settle
    await request(t.app).get(`/api/payment/${payment.id}`).expect(200);

    const list = (query: object) =>
      request(t.app).get('/api/staff/payments').query(query).set('Cookie', admin.cookie);
    const found = await list({ q: payment.id });
    expect(found.status).toBe(200);
    expect(found.body.data.items).toHaveLength(1);
    const row = found.body.data.items[0];
    expect(row).toMatchObject({
      public_id: payment.id,
      purpose: 'order',
      gateway: 'sandbox',
      gateway_ref: ref,
      status: 'SUCCESS',
      user: null,
    });
    const today = new Date().toISOString().slice(0, 10);
    for (const query of [
      { q: String(row.id) },
      { q: ref },
      { status: 'SUCCESS', purpose: 'order', gateway: 'sandbox', method: '7' },
      { from: today, to: today },
    ])
      expect((await list(query)).body.data.items.map((item: { id: number }) => item.id)).toContain(
        row.id,
      );
    for (const query of [
      { q: payment.id, status: 'WAITING' },
      { q: payment.id, purpose: 'deposit' },
      { q: payment.id, gateway: 'stripe' },
      { q: payment.id, to: '2020-01-01' },
      { q: payment.id, user: '1' },
    ])
      expect((await list(query)).body.data.items).toEqual([]);
    for (const query of [
      { status: 'PAID' },
      { purpose: 'gift' },
      { from: 'yesterday' },
      { user: 'x' },
      { page: '0' },
      { nope: '1' },
    ])
      expect((await list(query)).status).toBe(400);

    const detail = await request(t.app)
      .get(`/api/staff/payments/${payment.id}`)
      .set('Cookie', admin.cookie);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      id: row.id,
      status: 'SUCCESS',
      order: {
        id: order.id,
        service_names: { ru: expect.stringMatching(/[а-яё]/i), en: expect.any(String) },
      },
      deposit: null,
      events: [
        { source: 'checkout', status: 'WAITING', settled: false, detail: ref },
        { source: 'webhook', status: 'SUCCESS', settled: true },
      ],
    });
    expect(
      (await request(t.app).get(`/api/staff/payments/${row.id}`).set('Cookie', admin.cookie)).body
        .data.public_id,
    ).toBe(payment.id);
    expect(
      (await request(t.app).get('/api/staff/payments/nope').set('Cookie', admin.cookie)).status,
    ).toBe(404);

    // a top-up settled by the gateway's answer to a poll: a poll event, credited
    const payer = await account(null);
    const deposit = await request(t.app)
      .post('/api/deposit')
      .set('Authorization', `Bearer ${payer.token}`)
      .send({ amount: 2000, method: 7, agreement: true, return_path: '/en/cp/payment/' });
    expect(deposit.status).toBe(201);
    const depositRef = new URL(deposit.body.data.redirect).pathname.split('/')[3]!;
    t.services.sandbox!.payment(depositRef)!.status = 'SUCCESS';
    await request(t.app).get(`/api/payment/${deposit.body.data.payment.id}`).expect(200);
    const mine = await list({ user: String(payer.user.id), purpose: 'deposit' });
    expect(mine.body.data.items).toEqual([
      expect.objectContaining({
        public_id: deposit.body.data.payment.id,
        user: { id: payer.user.id, login: payer.login, email: payer.email },
        status: 'SUCCESS',
      }),
    ]);
    const topUp = await request(t.app)
      .get(`/api/staff/payments/${deposit.body.data.payment.id}`)
      .set('Cookie', admin.cookie);
    expect(topUp.body.data).toMatchObject({
      order: null,
      deposit: { credited: true },
      events: [
        { source: 'checkout', status: 'WAITING' },
        { source: 'poll', status: 'SUCCESS', settled: true },
      ],
    });
  });
});
