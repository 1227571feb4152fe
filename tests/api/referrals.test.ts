import request from 'supertest';
import type { Db } from '#server/db/database.ts';
import { balanceOf, createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';

/**
 * The referral program end to end on the API (docs/product.md §8, docs/api.md `user/refs`):
 * `?ref=` kept in a first-party cookie (first touch wins), sign-up and guest orders carrying
 * it, the bonus on a delivered order, `user/refs` and `user/refs/total`, and withdraw
 * requests held until staff decide.
 */
type Account = Awaited<ReturnType<typeof signUp>>;
const LINK = 'https://www.instagram.com/p/C1a2B3c4D5e/';

describe.each(ENGINES)('referral program on %s', (engine) => {
  let t: TestApp;
  let db: Db;
  const bearer = (req: request.Test, account: Account) =>
    req.set('Authorization', `Bearer ${account.token}`);
  const userRow = (id: number) =>
    db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const setBalance = (account: Account, balance: number) =>
    db.updateTable('users').set({ balance }).where('id', '=', account.user.id).execute();

  /** A referred buyer pays 1 000 Instagram likes (RUB 185) from the balance; it completes. */
  async function completedOrderOf(buyer: Account): Promise<string> {
    await setBalance(buyer, 100_000);
    const res = await bearer(request(t.app).post('/api/c_orders/main'), buyer).send({
      tag: 'INSTAGRAM_LIKES',
      link: LINK,
      quantity: 1000,
      method: -1,
    });
    expect(res.status).toBe(201);
    const id: string = res.body.data.order.id;
    const work = t.services.orders.workOn();
    const row = () =>
      db.selectFrom('orders').selectAll().where('public_id', '=', id).executeTakeFirstOrThrow();
    await work.move(await row(), 'PAID', 'RUNNING', 'submitted');
    await work.move(await row(), 'RUNNING', 'COMPLETED', 'done');
    return id;
  }

  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { engine });
    db = t.database.db;
  });
  afterAll(() => t.database.close());

  describe('capture', () => {
    it('keeps ?ref= in a 30-day first-party cookie and serves the page without it', async () => {
      const res = await request(t.app).get('/en/?ref=AbCd2345&utm_source=tg').expect(302);
      expect(res.headers.location).toBe('/en/?utm_source=tg');
      const cookie = res.headers['set-cookie']![0]!;
      expect(cookie).toMatch(/^ref=AbCd2345;/);
      expect(cookie).toMatch(/Max-Age=2592000/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
    });

    it('lets the first link win, drops a malformed code and ignores a logged-in visitor', async () => {
      const second = await request(t.app)
        .get('/?ref=Zzzz9999')
        .set('Cookie', 'ref=AbCd2345')
        .expect(302);
      expect(second.headers.location).toBe('/');
      expect(second.headers['set-cookie']).toBeUndefined();
      for (const bad of ['short', 'ThisIsTooLong1', 'ab%3Ccd%3E12', ''])
        expect(
          (await request(t.app).get(`/tiktok/?ref=${bad}`).expect(302)).headers['set-cookie'],
        ).toBeUndefined();
      // an odd address stays on this site and keeps its path
      const odd = await request(t.app)
        .get('//evil.example/tiktok/?ref=AbCd2345&a=%20b')
        .expect(301);
      // one path for the whole app first, then the capture
      expect(odd.headers.location).toBe('/evil.example/tiktok/?ref=AbCd2345&a=%20b');
      const captured = await request(t.app).get(odd.headers.location!).expect(302);
      expect(captured.headers.location).toBe('/evil.example/tiktok/?a=+b');
      const user = await signUp(t.app);
      const res = await request(t.app).get('/?ref=AbCd2345').set('Cookie', user.cookie);
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('makes whoever signs up with the cookie a referral at discount level 2', async () => {
      const referrer = await signUp(t.app);
      const res = await request(t.app)
        .post('/api/register')
        .set('Cookie', `ref=${referrer.user.refCode}`)
        .send({
          email: `ref-${engine}@example.com`,
          login: `ref${engine}`,
          password: 'correct horse battery',
          password_confirmation: 'correct horse battery',
        })
        .expect(201);
      const row = await userRow(res.body.data.user.id);
      expect(row.referrer_id).toBe(referrer.user.id);
      expect(Number(row.discount_level)).toBe(2);
      const total = await bearer(request(t.app).get('/api/user/refs/total'), referrer).expect(200);
      expect(total.body.data).toMatchObject({ referrals: 1, earned: 0, available: 0 });
    });

    /** A guest's card order placed with a referral cookie; answers its public id. */
    const guestOrderWith = async (code: string, email: string): Promise<string> =>
      (
        await request(t.app)
          .post('/api/c_orders/main')
          .set('Cookie', `ref=${code}`)
          .send({
            tag: 'INSTAGRAM_LIKES',
            link: LINK,
            quantity: 1000,
            currency: 'RUB',
            method: 3,
            email,
          })
          .expect(201)
      ).body.data.order.id;
    const claim = (account: Account, orderId: string) =>
      bearer(request(t.app).post(`/api/c_orders/${orderId}/claim`), account).expect(200);

    it('links a guest who ordered with the cookie when they sign up and claim the order', async () => {
      const referrer = await signUp(t.app);
      const orderId = await guestOrderWith(referrer.user.refCode, 'guest-ref@example.com');
      // signed up later, in another browser: the order remembers the code
      const guest = await signUp(t.app);
      await claim(guest, orderId);
      expect((await userRow(guest.user.id)).referrer_id).toBe(referrer.user.id);
      expect(Number((await userRow(guest.user.id)).discount_level)).toBe(2);
    });

    it('never links a user to their own code, nor an account older than the order', async () => {
      const owner = await signUp(t.app);
      await claim(owner, await guestOrderWith(owner.user.refCode, 'self@example.com'));
      expect((await userRow(owner.user.id)).referrer_id).toBeNull();
      // an account that existed before the order was not brought by the link
      const referrer = await signUp(t.app);
      await claim(owner, await guestOrderWith(referrer.user.refCode, 'old@example.com'));
      expect((await userRow(owner.user.id)).referrer_id).toBeNull();
      expect(Number((await userRow(owner.user.id)).discount_level)).toBe(1);
    });
  });

  describe('bonuses and totals', () => {
    it('lists a delivered order’s 10 % with the masked customer, and totals it', async () => {
      const referrer = await signUp(t.app, { cur: 'RUB' });
      const buyer = await signUp(t.app, {
        cur: 'RUB',
        email: `anna.${engine}@example.com`,
      });
      await db
        .updateTable('users')
        .set({ referrer_id: referrer.user.id })
        .where('id', '=', buyer.user.id)
        .execute();
      const orderId = await completedOrderOf(buyer);
      const refs = await bearer(request(t.app).get('/api/user/refs'), referrer).expect(200);
      expect(refs.body.data.meta).toEqual({ total: 1, page: 1, limit: 10 });
      expect(refs.body.data.items[0]).toMatchObject({
        amount: 1_850,
        currency: 'RUB',
        referral: `an***@example.com`,
        order: { id: orderId, tag: 'INSTAGRAM_LIKES', count: 1000 },
      });
      const total = await bearer(request(t.app).get('/api/user/refs/total'), referrer).expect(200);
      expect(total.body.data).toEqual({
        currency: 'RUB',
        earned: 1_850,
        bonuses: 1,
        referrals: 1,
        pending: 0,
        withdrawn: 0,
        available: 1_850,
        min_withdraw: 100_000,
        link_code: referrer.user.refCode,
      });
      // the buyer's own orders bring them nothing
      expect((await bearer(request(t.app).get('/api/user/refs'), buyer)).body.data.items).toEqual(
        [],
      );
    });

    it('pages bonuses 10 at a time and refuses bad paging with a 400', async () => {
      const referrer = await signUp(t.app);
      for (const query of ['page=0', 'limit=11', 'x=1'])
        expect((await bearer(request(t.app).get(`/api/user/refs?${query}`), referrer)).status).toBe(
          400,
        );
      for (const path of ['/api/user/refs', '/api/user/refs/total', '/api/user/withdrawals'])
        expect((await request(t.app).get(path)).status).toBe(401);
    });
  });

  describe('withdraw requests', () => {
    /** A USD referrer with $40 of bonuses and $60 of their own top-ups on the balance. */
    async function earner(): Promise<Account> {
      const account = await signUp(t.app, { cur: 'USD', lang: 'en' });
      await db.transaction().execute(async (trx) => {
        const { ledger } = await import('#server/modules/ledger/ledger.service.ts');
        const at = new Date().toISOString();
        await ledger.credit(trx, { userId: account.user.id, amount: 6_000, at });
        await ledger.bonus(trx, { userId: account.user.id, amount: 4_000, at });
      });
      return account;
    }
    const ask = (account: Account, body: object) =>
      bearer(request(t.app).post('/api/user/withdrawals'), account).send(body);

    it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
      const account = await earner();
      const good = { amount: '20', method: 'paypal', details: 'me@example.com' };
      const bad: [object, string][] = [
        [{ ...good, amount: 'abc' }, 'amount'],
        [{ ...good, amount: '1.234' }, 'amount'],
        [{ ...good, amount: '-5' }, 'amount'],
        [{ ...good, amount: 0 }, 'amount'],
        [{ ...good, amount: 12.345 }, 'amount'],
        [{ ...good, method: 'cash' }, 'method'],
        [{ ...good, details: '' }, 'details'],
        [{ ...good, details: '   ' }, 'details'],
        [{ ...good, details: 'a\u0000b' }, 'details'],
        [{ ...good, details: 'x'.repeat(201) }, 'details'],
        [{ ...good, extra: 1 }, 'extra'],
        [{ amount: '20', method: 'paypal' }, 'details'],
      ];
      for (const [body, field] of bad) {
        const res = await ask(account, body);
        expect([res.status, Object.keys(res.body.errors ?? { _: 1 })]).toEqual([400, [field]]);
      }
      expect((await ask(account, [good])).status).toBe(400);
      expect(await balanceOf(t.database, account.user.id)).toBe(10_000);
      expect((await request(t.app).post('/api/user/withdrawals').send(good)).status).toBe(401);
    });

    it('pays out only affiliate income, from the minimum, one request at a time', async () => {
      const account = await earner();
      // $15 is the minimum; $41 is more than the $40 earned, though the balance holds $100
      expect(
        (await ask(account, { amount: '14.99', method: 'paypal', details: 'me@x.io' })).body,
      ).toMatchObject({
        statusCode: 400,
        message: 'The amount is below the minimum for a withdrawal',
      });
      expect(
        (await ask(account, { amount: 41, method: 'paypal', details: 'me@x.io' })).status,
      ).toBe(400);
      const made = await ask(account, { amount: '25,50', method: 'paypal', details: ' me@x.io ' });
      expect(made.status).toBe(201);
      expect(made.body.data).toMatchObject({
        amount: 2_550,
        currency: 'USD',
        method: 'paypal',
        details: 'me@x.io',
        status: 'PENDING',
      });
      expect(await balanceOf(t.database, account.user.id)).toBe(7_450);
      expect((await ask(account, { amount: 15, method: 'card', details: '4242' })).status).toBe(
        409,
      );
      const total = (await bearer(request(t.app).get('/api/user/refs/total'), account)).body.data;
      expect(total).toMatchObject({ earned: 4_000, pending: 2_550, available: 1_450 });
      const list = (await bearer(request(t.app).get('/api/user/withdrawals'), account)).body.data;
      expect(list.items.map((item: { id: string }) => item.id)).toEqual([made.body.data.id]);

      // staff turn it down: the money comes back and the user is told
      const decided = await t.services.withdrawals.decide(made.body.data.id, {
        status: 'REJECTED',
        note: 'The PayPal address does not exist.',
        by: 'test',
      });
      expect(decided?.status).toBe('REJECTED');
      expect(
        await t.services.withdrawals.decide(made.body.data.id, {
          status: 'PAID',
          note: null,
          by: 'test',
        }),
      ).toBeNull();
      expect(await balanceOf(t.database, account.user.id)).toBe(10_000);
      const [note] = (await bearer(request(t.app).get('/api/user/notifications'), account)).body
        .data.items;
      expect(note.notification_type).toMatchObject({
        icon: 'withdraw',
        type: 'withdraw.REJECTED',
        name: 'Withdrawal declined',
        message:
          'Your withdrawal request for $25.50 was declined and the money is back on your balance. The PayPal address does not exist.',
      });

      // a new request, paid: it stays out of the balance and counts as withdrawn
      const again = await ask(account, { amount: 40, method: 'card', details: '4242 4242' });
      expect(again.status).toBe(201);
      await t.services.withdrawals.decide(again.body.data.id, {
        status: 'PAID',
        note: null,
        by: 't',
      });
      expect(await balanceOf(t.database, account.user.id)).toBe(6_000);
      expect(
        (await bearer(request(t.app).get('/api/user/refs/total'), account)).body.data,
      ).toMatchObject({ pending: 0, withdrawn: 4_000, available: 0 });
      const groups = await db
        .selectFrom('transactions')
        .select(['group', 'amount'])
        .where('user_id', '=', account.user.id)
        .where('group', '=', 'withdraw_funds')
        .orderBy('id')
        .execute();
      expect(groups.map((row) => Number(row.amount))).toEqual([-2_550, 2_550, -4_000]);
    });

    it('keeps the account currency while a request waits (its money comes back in it)', async () => {
      const account = await earner();
      expect((await ask(account, { amount: 40, method: 'card', details: '4242' })).status).toBe(
        201,
      );
      await db.updateTable('users').set({ balance: 0 }).where('id', '=', account.user.id).execute();
      const change = await bearer(request(t.app).patch('/api/user'), account).send({ cur: 'EUR' });
      expect([change.status, change.body.message]).toEqual([
        409,
        'The currency can only be changed once your withdrawal request has been decided',
      ]);
      expect((await userRow(account.user.id)).cur).toBe('USD');
    });

    it('holds money for one of several concurrent requests only', async () => {
      const account = await earner();
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          ask(account, { amount: 30, method: 'usdt_trc20', details: 'TXYZ123' }),
        ),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      expect(await balanceOf(t.database, account.user.id)).toBe(7_000);
    });
  });
});
