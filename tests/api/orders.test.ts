import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import request from 'supertest';
import type { Db } from '#server/db/database.ts';
import { createTestAppWith, ENGINES, IP, signUp, type TestApp } from '../support/app.ts';

/**
 * Orders and payments (docs/product.md §3, §15 Payment, docs/api.md Orders/Payments; docs/product.md §5, Payments):
 * POST c_orders/main, the sandbox gateway's checkout and signed webhook, POST deposit,
 * GET payment/{id}(/ecommerce), GET c_orders(/{id}), and the balance ledger.
 *
 * Every amount is in minor units and worked out by hand from the seed's price points:
 * Instagram likes cost RUB 19 for 100 (19 kop a like) and RUB 185 for 1 000 (18.5 kop a like
 * from 1 000), USD 0.99 for 100 and 6.99 for 1 000. So 1 000 likes are 18 500 kop with a
 * discount of 1 000 × 19 − 18 500 = 500, or 699 ¢ with 1 000 × 0.99 − 699 = 291.
 * TikTok reposts are priced as followers: USD 1.49 for 100, so 10 reposts are 14.9 → 15 ¢,
 * under the 50 ¢ minimum of card_world (Stripe USD 0.50).
 */

type Account = Awaited<ReturnType<typeof signUp>>;

const ORIGIN = 'https://shop.test';
const SECRET = 'sandbox-development-secret';
const SIGNATURE = 'x-sandbox-signature';
const ORDER = '/api/c_orders/main';

const IG_POST = 'https://www.instagram.com/p/C1a2B3c4D5e/';
const IG_POST_2 = 'https://www.instagram.com/p/C9aaaaaaaaa/';
const IG_ACCOUNT = 'https://www.instagram.com/nasa/';
const TT_VIDEO = 'https://www.tiktok.com/@khaby.lame/video/7234567890123456789';

/** 1 000 Instagram likes */
const LIKES_1000 = { RUB: { cost: 18_500, discount: 500 }, USD: { cost: 699, discount: 291 } };

const PUBLIC_ID = /^[A-Za-z0-9]{20}$/;
const CHECKOUT = /^https:\/\/shop\.test\/sandbox\/checkout\/(sbx_[0-9a-f-]{36})\/$/;

/** A guest paying 1 000 Instagram likes by the Russian card (offered only in Russia). */
const GUEST_RUB = {
  tag: 'INSTAGRAM_LIKES',
  link: IG_POST,
  quantity: 1_000,
  currency: 'RUB',
  method: 1,
  email: 'guest@example.com',
  agreement: true,
};
/** The same in dollars by card_world. */
const GUEST_USD = { ...GUEST_RUB, currency: 'USD', method: 2 };
/** A logged-in user paying by SberPay (RUB, every country, no agreement box). */
const USER_SBERPAY = { tag: 'INSTAGRAM_LIKES', link: IG_POST, quantity: 1_000, method: 3 };
/** … and from the balance. */
const USER_BALANCE = { ...USER_SBERPAY, method: -1 };

const sign = (body: string, secret = SECRET) =>
  createHmac('sha256', secret).update(body).digest('hex');

const setBalance = (db: Db, account: Account, balance: number) =>
  db.updateTable('users').set({ balance }).where('id', '=', account.user.id).execute();

const balanceOf = async (db: Db, account: Account) =>
  Number(
    (
      await db
        .selectFrom('users')
        .select('balance')
        .where('id', '=', account.user.id)
        .executeTakeFirstOrThrow()
    ).balance,
  );

const ledgerOf = (db: Db, account: Account) =>
  db
    .selectFrom('transactions')
    .selectAll()
    .where('user_id', '=', account.user.id)
    .orderBy('id')
    .execute();

/** Rows in every table an order or a payment writes to. */
async function rowCounts(db: Db) {
  const count = async (table: 'orders' | 'payments' | 'order_events' | 'transactions') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    orders: await count('orders'),
    payments: await count('payments'),
    order_events: await count('order_events'),
    transactions: await count('transactions'),
  };
}

const historyOf = (res: request.Response) =>
  res.body.data.history.map((row: { status: string; note: string | null }) => [
    row.status,
    row.note,
  ]);

/** Fisher–Yates with a fixed seed, so a failure can be replayed. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe.each(ENGINES)('orders and payments API on %s', (engine) => {
  let t: TestApp;
  let db: Db;
  /** one listening server: concurrent requests really run concurrently */
  let server: http.Server;
  /** RUB, level 1 */
  let rub: Account;
  /** ROLE_ADMIN, RUB */
  let staff: Account;

  const api = () => request(server);

  interface As {
    account?: Account;
    /** Authorization: Bearer instead of the cookie (no Origin needed) */
    bearer?: boolean;
    ip?: string;
    referer?: string;
    origin?: string;
  }
  const as = (req: request.Test, who: As = {}) => {
    if (who.account && who.bearer) req.set('Authorization', `Bearer ${who.account.token}`);
    else if (who.account) req.set('Cookie', who.account.cookie);
    if (!who.bearer) req.set('Origin', who.origin ?? ORIGIN);
    if (who.ip) req.set('X-Forwarded-For', who.ip);
    if (who.referer) req.set('Referer', who.referer);
    return req;
  };
  const order = (body: object, who: As = {}) => as(api().post(ORDER), who).send(body);
  const deposit = (body: object, who: As) => as(api().post('/api/deposit'), who).send(body);
  const checkout = (redirect: string, outcome: string) =>
    api().post(new URL(redirect).pathname).type('form').send({ outcome });
  const webhook = (event: object, { gateway = 'sandbox', signature = '' } = {}) => {
    const body = JSON.stringify(event);
    return api()
      .post(`/api/payments/webhook/${gateway}`)
      .set('Content-Type', 'application/json')
      .set(SIGNATURE, signature || sign(body))
      .send(body);
  };

  beforeAll(async () => {
    t = await createTestAppWith(
      { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
      { engine },
    );
    db = t.database.db;
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    rub = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
    staff = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
    await db
      .updateTable('users')
      .set({ roles: '["ROLE_ADMIN"]' })
      .where('id', '=', staff.user.id)
      .execute();
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.database.close();
  });

  describe('a guest paying by card through the sandbox', () => {
    it('creates the order and a waiting payment, and pays it on the hosted checkout', async () => {
      const before = await rowCounts(db);
      const res = await order(GUEST_RUB, {
        ip: IP.russia,
        referer: 'https://shop.test/en/instagram-likes/?utm_source=x',
      });
      expect(res.status).toBe(201);
      const { order: placed, payment, redirect } = res.body.data;
      expect(placed).toEqual({
        id: expect.stringMatching(PUBLIC_ID),
        tag: 'INSTAGRAM_LIKES',
        link: IG_POST,
        quantity: 1_000,
        posts: null,
        count: 1_000,
        currency: 'RUB',
        cost: 18_500,
        discount: 500,
        status: 'CREATED',
        test: false,
        created_at: expect.any(String),
      });
      expect(payment).toEqual({ id: expect.stringMatching(PUBLIC_ID), status: 'WAITING' });
      expect(redirect).toMatch(CHECKOUT);
      // one order, one payment, one history row
      expect(await rowCounts(db)).toEqual({
        ...before,
        orders: before.orders + 1,
        payments: before.payments + 1,
        order_events: before.order_events + 1,
      });
      const stored = await db
        .selectFrom('payments')
        .selectAll()
        .where('public_id', '=', payment.id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        user_id: null,
        purpose: 'order',
        method_id: 1,
        gateway: 'sandbox',
        currency: 'RUB',
        status: 'WAITING',
        return_path: '/en/instagram-likes/',
        gateway_ref: CHECKOUT.exec(redirect)![1],
        settled_at: null,
      });
      expect(Number(stored.amount)).toBe(18_500);

      // the hosted page shows the amount
      const page = await api().get(new URL(redirect).pathname);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('185.00 RUB');
      expect(page.text).toContain('× 1000');

      // before paying: waiting, no ecommerce event
      const waiting = await api().get(`/api/payment/${payment.id}`);
      expect(waiting.body.data).toMatchObject({ status: 'WAITING', order: { status: 'CREATED' } });
      const early = await api().get(`/api/payment/${payment.id}/ecommerce`);
      expect(early.status).toBe(409);
      expect(early.body.message).toBe('The payment is not complete');

      const paid = await checkout(redirect, 'pay');
      expect(paid.status).toBe(303);
      expect(paid.headers.location).toBe(
        `https://shop.test/en/instagram-likes/?action=PaymentSuccess&payment=${payment.id}`,
      );

      const polled = await api().get(`/api/payment/${payment.id}`);
      expect(polled.status).toBe(200);
      expect(polled.body.data).toEqual({
        id: payment.id,
        status: 'SUCCESS',
        purpose: 'order',
        method: 'card_ru',
        amount: 18_500,
        currency: 'RUB',
        created_at: expect.any(String),
        settled_at: expect.any(String),
        order: { ...placed, status: 'PAID' },
      });

      const receipt = await api().get(`/api/c_orders/${placed.id}`);
      expect(receipt.status).toBe(200);
      expect(receipt.body.data).toMatchObject({ id: placed.id, status: 'PAID', cost: 18_500 });
      expect(historyOf(receipt)).toEqual([
        ['CREATED', null],
        ['PAID', 'paid'],
      ]);

      const ecommerce = await api().get(`/api/payment/${payment.id}/ecommerce`);
      expect(ecommerce.status).toBe(200);
      expect(ecommerce.body.data).toEqual({
        transaction_id: payment.id,
        value: 185,
        currency: 'RUB',
        // one package: price × quantity is the value, the count is the variant
        items: [{ item_id: 'INSTAGRAM_LIKES', item_variant: '1000', quantity: 1, price: 185 }],
      });
      // a guest's card payment writes no ledger row
      expect((await rowCounts(db)).transactions).toBe(before.transactions);
    });

    it('prices a dollar guest in cents; a decline leaves the order CREATED with a failed row', async () => {
      const res = await order(GUEST_USD, { referer: 'https://shop.test/en/' });
      expect(res.status).toBe(201);
      const { order: placed, payment, redirect } = res.body.data;
      expect(placed).toMatchObject({ currency: 'USD', ...LIKES_1000.USD, status: 'CREATED' });
      expect((await api().get(new URL(redirect).pathname)).text).toContain('6.99 USD');

      const declined = await checkout(redirect, 'decline');
      expect(declined.status).toBe(303);
      expect(declined.headers.location).toBe(
        `https://shop.test/en/?action=PaymentCancel&payment=${payment.id}`,
      );
      const polled = await api().get(`/api/payment/${payment.id}`);
      expect(polled.body.data).toMatchObject({
        status: 'ERROR',
        amount: 699,
        currency: 'USD',
        settled_at: expect.any(String),
        order: { id: placed.id, status: 'CREATED' },
      });
      const receipt = await api().get(`/api/c_orders/${placed.id}`);
      expect(receipt.body.data.status).toBe('CREATED');
      expect(historyOf(receipt)).toEqual([
        ['CREATED', null],
        ['CREATED', 'payment failed'],
      ]);
      expect((await api().get(`/api/payment/${payment.id}/ecommerce`)).status).toBe(409);
    });

    it('keeps a pending payment WAITING until the buyer pays after all', async () => {
      // SberPay: roubles in every country, no agreement box
      const res = await order({ ...GUEST_RUB, method: 3, agreement: undefined });
      expect(res.status).toBe(201);
      const { order: placed, payment, redirect } = res.body.data;

      const pending = await checkout(redirect, 'pending');
      expect(pending.status).toBe(303);
      // no Referer: back to the home page
      expect(pending.headers.location).toBe(
        `https://shop.test/?action=PaymentWaiting&payment=${payment.id}`,
      );
      for (let poll = 0; poll < 2; poll++) {
        const polled = await api().get(`/api/payment/${payment.id}`);
        expect(polled.body.data).toMatchObject({
          status: 'WAITING',
          settled_at: null,
          order: { status: 'CREATED' },
        });
      }
      expect(historyOf(await api().get(`/api/c_orders/${placed.id}`))).toEqual([['CREATED', null]]);

      expect((await checkout(redirect, 'pay')).status).toBe(303);
      expect((await api().get(`/api/payment/${payment.id}`)).body.data).toMatchObject({
        status: 'SUCCESS',
        order: { status: 'PAID' },
      });
    });

    it('returns to the home page when the Referer is another site', async () => {
      const res = await order(GUEST_USD, { referer: 'https://evil.test/en/instagram-likes/' });
      expect(res.status).toBe(201);
      const back = await checkout(res.body.data.redirect, 'pending');
      expect(back.headers.location).toBe(
        `https://shop.test/?action=PaymentWaiting&payment=${res.body.data.payment.id}`,
      );
    });

    it('refuses an unknown checkout or outcome', async () => {
      const unknown = '/sandbox/checkout/sbx_00000000-0000-0000-0000-000000000000/';
      expect((await api().get(unknown)).status).toBe(404);
      expect((await api().post(unknown).type('form').send({ outcome: 'pay' })).status).toBe(400);
      const res = await order(GUEST_USD);
      expect((await checkout(res.body.data.redirect, 'steal')).status).toBe(400);
      // names of Object.prototype are no outcome either, and leave the payment payable
      for (const outcome of ['__proto__', 'constructor', 'toString', 'hasOwnProperty'])
        expect((await checkout(res.body.data.redirect, outcome)).status).toBe(400);
      expect((await api().get(`/api/payment/${res.body.data.payment.id}`)).body.data.status).toBe(
        'WAITING',
      );
      expect((await checkout(res.body.data.redirect, 'pay')).status).toBe(303);
      expect((await api().get(`/api/payment/${res.body.data.payment.id}`)).body.data.status).toBe(
        'SUCCESS',
      );
    });
  });

  describe('orders that are refused write nothing', () => {
    type Who = 'guest' | 'user' | 'staff';
    const cases: [string, object, { who?: Who; ip?: string }, number, string][] = [
      [
        'an unknown tag',
        { ...GUEST_RUB, tag: 'INSTAGRAM_NOPE' },
        { ip: IP.russia },
        404,
        'Unknown service: INSTAGRAM_NOPE',
      ],
      ['a malformed tag', { ...GUEST_RUB, tag: 'likes' }, {}, 400, 'Unknown service'],
      [
        'a staff-only FAKE service for a user',
        { ...USER_SBERPAY, tag: 'FAKE_LIKES' },
        { who: 'user' },
        404,
        'Unknown service: FAKE_LIKES',
      ],
      [
        'an account link for likes on a post',
        { ...GUEST_RUB, link: IG_ACCOUNT },
        { ip: IP.russia },
        400,
        // the API speaks English: the service is named in English too, whatever the visitor's
        // language (a guest without a locale cookie reads Russian pages)
        `This is not a valid link for Instagram likes: ${IG_ACCOUNT}`,
      ],
      [
        'a TikTok link for Instagram likes',
        { ...GUEST_RUB, link: TT_VIDEO },
        { ip: IP.russia },
        400,
        `This is not a valid link for Instagram likes: ${TT_VIDEO}`,
      ],
      ['a blank link', { ...GUEST_RUB, link: '   ' }, {}, 400, 'Enter the login or link'],
      [
        'a quantity below min_order',
        { ...GUEST_RUB, quantity: 99 },
        { ip: IP.russia },
        400,
        'The quantity must be from 100 to 100000',
      ],
      [
        'a quantity above max_order',
        { ...GUEST_RUB, quantity: 100_001 },
        { ip: IP.russia },
        400,
        'The quantity must be from 100 to 100000',
      ],
      [
        'a user below min_order',
        { ...USER_SBERPAY, quantity: 50 },
        { who: 'user' },
        400,
        'The quantity must be from 100 to 100000',
      ],
      ['a fractional quantity', { ...GUEST_RUB, quantity: 1.5 }, {}, 400, 'Provide an integer'],
      ['a quantity as a string', { ...GUEST_RUB, quantity: '1000' }, {}, 400, 'Provide an integer'],
      [
        'a guest without an e-mail',
        { ...GUEST_RUB, email: undefined },
        { ip: IP.russia },
        400,
        'Please enter your email',
      ],
      [
        'a guest with a null e-mail',
        { ...GUEST_RUB, email: null },
        { ip: IP.russia },
        400,
        'Please enter your email',
      ],
      [
        'a guest with a bad e-mail',
        { ...GUEST_RUB, email: 'not an email' },
        { ip: IP.russia },
        400,
        'Please enter a valid email: no spaces, special characters or Cyrillic letters',
      ],
      [
        'a guest without a currency',
        { ...GUEST_RUB, currency: undefined },
        { ip: IP.russia },
        400,
        'Unknown currency: use RUB, USD or EUR',
      ],
      [
        'an unknown currency',
        { ...GUEST_RUB, currency: 'GBP' },
        { ip: IP.russia },
        400,
        'Unknown currency: use RUB, USD or EUR',
      ],
      [
        'the Russian card for dollars',
        { ...GUEST_USD, method: 1 },
        { ip: IP.russia },
        400,
        'This payment method is not available for this order',
      ],
      [
        'the Russian card outside Russia',
        GUEST_RUB,
        { ip: IP.usa },
        400,
        'This payment method is not available for this order',
      ],
      [
        'SEPA outside Europe',
        { ...GUEST_USD, currency: 'EUR', method: 8 },
        { ip: IP.usa },
        400,
        'This payment method is not available for this order',
      ],
      [
        'an unknown method',
        { ...GUEST_USD, method: 42 },
        {},
        400,
        'This payment method is not available for this order',
      ],
      [
        'a card amount under the method minimum (15 ¢ < 50 ¢)',
        { ...GUEST_USD, tag: 'TIKTOK_REPOSTS', link: TT_VIDEO, quantity: 10 },
        {},
        400,
        'The amount is below the minimum of this payment method',
      ],
      [
        'a missing agreement for card_world',
        { ...GUEST_USD, agreement: undefined },
        {},
        400,
        'Must check the box',
      ],
      [
        'a false agreement for card_world',
        { ...GUEST_USD, agreement: false },
        {},
        400,
        'Must check the box',
      ],
      [
        'a missing agreement for PayPal',
        { ...GUEST_USD, method: 7, agreement: undefined },
        {},
        400,
        'Must check the box',
      ],
      [
        'an agreement that is not exactly true',
        { ...GUEST_USD, agreement: 'true' },
        {},
        400,
        'Must check the box',
      ],
      [
        'the balance for a guest',
        { ...GUEST_RUB, method: -1, agreement: undefined },
        {},
        400,
        'Log in and top up your balance to pay from it',
      ],
      [
        'a test order from a guest',
        { ...GUEST_RUB, test: true },
        { ip: IP.russia },
        403,
        'Only staff may place test orders',
      ],
      [
        'a test order from a user',
        { ...USER_SBERPAY, test: true },
        { who: 'user' },
        403,
        'Only staff may place test orders',
      ],
      [
        'a forged cost',
        { ...GUEST_RUB, cost: 1 },
        { ip: IP.russia },
        400,
        'This field is not expected',
      ],
      [
        'a forged discount for a user',
        { ...USER_SBERPAY, discount: 18_499 },
        { who: 'user' },
        400,
        'This field is not expected',
      ],
      [
        'more than 20 links in a _MULTI order',
        {
          ...GUEST_RUB,
          tag: 'INSTAGRAM_LIKES_MULTI',
          quantity: 100,
          link: Array.from({ length: 21 }, () => IG_POST).join('\n'),
        },
        { ip: IP.russia },
        400,
        'Up to 20 links in one order',
      ],
      [
        'a staff order above max',
        { ...USER_SBERPAY, quantity: 1_000_001 },
        { who: 'staff' },
        400,
        'The quantity must be from 1 to 1000000',
      ],
    ];

    it.each(cases)('refuses %s', async (_name, body, { who = 'guest', ip }, status, message) => {
      const account = who === 'user' ? rub : who === 'staff' ? staff : undefined;
      const before = await rowCounts(db);
      const res = await order(body, { ...(account ? { account } : {}), ...(ip ? { ip } : {}) });
      expect({ status: res.status, body: res.body }).toEqual({
        status,
        body: expect.objectContaining({ status: 'error', statusCode: status, message }),
      });
      expect(await rowCounts(db)).toEqual(before);
    });

    it('names the forged field', async () => {
      const res = await order({ ...GUEST_RUB, cost: 1 }, { ip: IP.russia });
      expect(res.body.errors).toEqual({ cost: 'This field is not expected' });
    });

    it('refuses a cookie-carried order from another site, but not a Bearer one', async () => {
      const before = await rowCounts(db);
      const foreign = await order(USER_SBERPAY, { account: rub, origin: 'https://evil.test' });
      expect(foreign.status).toBe(403);
      expect(foreign.body.message).toBe('Requests from other sites are not accepted');
      expect(await rowCounts(db)).toEqual(before);
      const bearer = await order(USER_SBERPAY, { account: rub, bearer: true });
      expect(bearer.status).toBe(201);
      // a user pays in their own currency and needs no e-mail in the body
      expect(bearer.body.data.order).toMatchObject({ currency: 'RUB', ...LIKES_1000.RUB });
    });

    it('lets staff order below min_order within min/max, and place test orders', async () => {
      const small = await order({ ...USER_SBERPAY, quantity: 50 }, { account: staff });
      expect(small.status).toBe(201);
      // 50 × 19 kop
      expect(small.body.data.order).toMatchObject({
        quantity: 50,
        count: 50,
        cost: 950,
        discount: 0,
        test: false,
      });
      const test = await order({ ...USER_SBERPAY, test: true }, { account: staff, bearer: true });
      expect(test.status).toBe(201);
      expect(test.body.data.order).toMatchObject({ test: true, ...LIKES_1000.RUB });
      const row = await db
        .selectFrom('orders')
        .select(['test', 'user_id', 'email'])
        .where('public_id', '=', test.body.data.order.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ test: 1, user_id: staff.user.id, email: staff.email });
    });
  });

  describe('paying from the balance', () => {
    it('debits the balance and marks the order PAID in the same step', async () => {
      const buyer = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
      await setBalance(db, buyer, 100_000);
      const res = await order(USER_BALANCE, { account: buyer });
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual({
        order: expect.objectContaining({
          currency: 'RUB',
          cost: 18_500,
          discount: 500,
          status: 'PAID',
        }),
        payment: null,
        redirect: null,
      });
      expect(await balanceOf(db, buyer)).toBe(81_500);
      const user = await as(api().get('/api/user'), { account: buyer });
      expect(user.body.data.balance).toBe(81_500);

      const placed = await db
        .selectFrom('orders')
        .selectAll()
        .where('public_id', '=', res.body.data.order.id)
        .executeTakeFirstOrThrow();
      expect(placed).toMatchObject({ status: 'PAID', payment_id: null, method_id: -1 });
      const ledger = await ledgerOf(db, buyer);
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({
        group: 'order_payment',
        currency: 'RUB',
        order_id: placed.id,
        payment_id: null,
      });
      expect(Number(ledger[0]!.amount)).toBe(-18_500);
      expect(Number(ledger[0]!.balance_after)).toBe(81_500);
      expect(historyOf(await api().get(`/api/c_orders/${placed.public_id}`))).toEqual([
        ['CREATED', null],
        ['PAID', 'paid from balance'],
      ]);
    });

    it("takes the user's discount level off and prices in the user's own currency", async () => {
      const levelled = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
      await db
        .updateTable('users')
        .set({ discount_level: 3, balance: 20_000 })
        .where('id', '=', levelled.user.id)
        .execute();
      // level 3, likes 10 %: 18 500 − 1 850; discount against 1 000 × 19 = 19 000
      const res = await order({ ...USER_BALANCE, currency: 'USD' }, { account: levelled });
      expect(res.status).toBe(201);
      expect(res.body.data.order).toMatchObject({
        currency: 'RUB',
        cost: 16_650,
        discount: 2_350,
        status: 'PAID',
      });
      expect(await balanceOf(db, levelled)).toBe(3_350);
    });

    it('answers 402 when the balance is short by a kopeck, and changes nothing', async () => {
      const poor = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
      await setBalance(db, poor, 18_499);
      const before = await rowCounts(db);
      const res = await order(USER_BALANCE, { account: poor, bearer: true });
      expect(res.status).toBe(402);
      expect(res.body).toMatchObject({
        status: 'error',
        statusCode: 402,
        message: 'Not enough money on the balance',
      });
      expect(await balanceOf(db, poor)).toBe(18_499);
      expect(await rowCounts(db)).toEqual(before);
      expect(await ledgerOf(db, poor)).toEqual([]);
      // exactly enough is enough
      await setBalance(db, poor, 18_500);
      expect((await order(USER_BALANCE, { account: poor, bearer: true })).status).toBe(201);
      expect(await balanceOf(db, poor)).toBe(0);
    });

    it('never takes the balance below zero under 50 concurrent orders', async () => {
      const racer = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
      const initial = 20 * 18_500;
      await setBalance(db, racer, initial);
      const before = await rowCounts(db);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => order(USER_BALANCE, { account: racer, bearer: true })),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(20);
      expect(statuses.filter((status) => status === 402)).toHaveLength(30);
      for (const res of answers.filter((answer) => answer.status === 402))
        expect(res.body.message).toBe('Not enough money on the balance');

      const final = await balanceOf(db, racer);
      expect(final).toBe(0);
      const ledger = await ledgerOf(db, racer);
      expect(ledger).toHaveLength(20);
      const sum = ledger.reduce((total, row) => total + Number(row.amount), 0);
      expect(sum).toBe(-370_000);
      expect(sum).toBe(final - initial);
      // every debit saw the one before it: 351 500, 333 000, … 0
      expect(ledger.map((row) => Number(row.balance_after)).sort((a, b) => b - a)).toEqual(
        Array.from({ length: 20 }, (_, i) => initial - (i + 1) * 18_500),
      );
      // the losers left no order behind
      const orders = await db
        .selectFrom('orders')
        .select(['status'])
        .where('user_id', '=', racer.user.id)
        .execute();
      expect(orders).toHaveLength(20);
      expect(orders.every((row) => row.status === 'PAID')).toBe(true);
      expect(await rowCounts(db)).toEqual({
        orders: before.orders + 20,
        payments: before.payments,
        order_events: before.order_events + 40,
        transactions: before.transactions + 20,
      });
    });
  });

  describe('POST deposit and the gateway webhook', () => {
    const startDeposit = async (account: Account) => {
      const res = await deposit(
        { amount: 50_000, method: 3 },
        { account, referer: 'https://shop.test/cp/balance/' },
      );
      expect(res.status).toBe(201);
      return res.body.data as { payment: { id: string; status: string }; redirect: string };
    };
    it('asks for the payment policy box where the method does, exactly true', async () => {
      const dollars = await signUp(t.app, { cur: 'USD', lang: 'en' });
      const before = await rowCounts(db);
      for (const body of [
        { amount: 5_000, method: 2 },
        { amount: 5_000, method: 2, agreement: false },
      ]) {
        const res = await deposit(body, {
          account: dollars,
          referer: 'https://shop.test/en/cp/payment/',
        });
        expect([res.status, res.body.message]).toEqual([400, 'Must check the box']);
      }
      expect(await rowCounts(db)).toEqual(before);
      const res = await deposit(
        { amount: 5_000, method: 2, agreement: true },
        { account: dollars, referer: 'https://shop.test/en/cp/payment/' },
      );
      expect(res.status).toBe(201);
    });

    const event = (publicId: string, status: string, eventId: string = randomUUID()) => ({
      eventId,
      publicId,
      status,
    });
    const topUps = async (account: Account) =>
      (await ledgerOf(db, account)).filter((row) => row.group === 'balance_top_up');

    it('starts a waiting top-up through the sandbox', async () => {
      const depositor = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
      const data = await startDeposit(depositor);
      expect(data).toEqual({
        payment: { id: expect.stringMatching(PUBLIC_ID), status: 'WAITING' },
        redirect: expect.stringMatching(CHECKOUT),
      });
      const polled = await api().get(`/api/payment/${data.payment.id}`);
      expect(polled.body.data).toMatchObject({
        status: 'WAITING',
        purpose: 'deposit',
        amount: 50_000,
        currency: 'RUB',
        order: null,
      });
      expect(await balanceOf(db, depositor)).toBe(0);
      // paying on the hosted page credits it and comes back to the balance page
      const paid = await checkout(data.redirect, 'pay');
      expect(paid.headers.location).toBe(
        `https://shop.test/cp/balance/?action=PaymentSuccess&payment=${data.payment.id}`,
      );
      expect(await balanceOf(db, depositor)).toBe(50_000);
      const ecommerce = await api().get(`/api/payment/${data.payment.id}/ecommerce`);
      expect(ecommerce.body.data).toEqual({
        transaction_id: data.payment.id,
        value: 500,
        currency: 'RUB',
        items: [{ item_id: 'BALANCE_TOP_UP', quantity: 1, price: 500 }],
      });
    });

    it('refuses a guest, the balance as a method, and amounts outside the limits', async () => {
      const depositor = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
      const before = await rowCounts(db);
      const guest = await deposit({ amount: 50_000, method: 3 }, {});
      expect([guest.status, guest.body.message]).toEqual([401, 'Log in to top up your balance']);
      for (const body of [
        { amount: 50_000, method: -1 },
        // the Russian card outside Russia (the test client is a local address)
        { amount: 50_000, method: 1 },
        { amount: 50_000, method: 2 },
      ]) {
        const res = await deposit(body, { account: depositor });
        expect([res.status, res.body.message]).toEqual([
          400,
          'This payment method is not available for a top-up',
        ]);
      }
      // SberPay: RUB 1 – 1 000 000
      for (const amount of [99, 100_000_001]) {
        const res = await deposit({ amount, method: 3 }, { account: depositor });
        expect([res.status, res.body.message]).toEqual([
          400,
          'The amount must be from 100 to 100000000',
        ]);
      }
      expect((await deposit({ amount: 500.5, method: 3 }, { account: depositor })).status).toBe(
        400,
      );
      expect(await rowCounts(db)).toEqual(before);
    });

    it('credits once however often and in whatever order the webhook arrives (SUCCESS first)', async () => {
      const depositor = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
      await setBalance(db, depositor, 1_000);
      const { payment } = await startDeposit(depositor);
      const success = event(payment.id, 'SUCCESS');
      // the order used: SUCCESS, then ERROR, then the same SUCCESS replayed, then a SUCCESS
      // with a new event id; settling is first-wins, so the payment stays SUCCESS
      const sequence = [success, event(payment.id, 'ERROR'), success, event(payment.id, 'SUCCESS')];
      const settled: boolean[] = [];
      for (const body of sequence) {
        const res = await webhook(body);
        expect(res.status).toBe(200);
        settled.push(res.body.data.settled);
      }
      expect(settled).toEqual([true, false, false, false]);
      expect(await balanceOf(db, depositor)).toBe(51_000);
      const rows = await topUps(depositor);
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]!.amount)).toBe(50_000);
      expect(Number(rows[0]!.balance_after)).toBe(51_000);
      const polled = await api().get(`/api/payment/${payment.id}`);
      expect(polled.body.data.status).toBe('SUCCESS');
    });

    it('credits once under concurrent replays in shuffled order', async () => {
      const depositor = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
      const { payment } = await startDeposit(depositor);
      const success = event(payment.id, 'SUCCESS');
      const burst = shuffled(
        [success, success, success, success, event(payment.id, 'SUCCESS'), success],
        7,
      );
      const answers = await Promise.all(burst.map((body) => webhook(body)));
      expect(answers.map((res) => res.status)).toEqual(burst.map(() => 200));
      expect(answers.filter((res) => res.body.data.settled)).toHaveLength(1);
      expect(await balanceOf(db, depositor)).toBe(50_000);
      expect(await topUps(depositor)).toHaveLength(1);
    });

    it('settles a concurrent SUCCESS/ERROR race one way only', async () => {
      const depositor = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
      const { payment } = await startDeposit(depositor);
      const success = event(payment.id, 'SUCCESS');
      // three SUCCESS replays and one ERROR, shuffled, all at once: whichever settles first
      // wins, and the balance agrees with it
      const burst = shuffled([success, event(payment.id, 'ERROR'), success, success], 3);
      const answers = await Promise.all(burst.map((body) => webhook(body)));
      expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
      const winners = answers.flatMap((res, i) => (res.body.data.settled ? [burst[i]!] : []));
      expect(winners).toHaveLength(1);
      const status = (await api().get(`/api/payment/${payment.id}`)).body.data.status;
      expect(status).toBe(winners[0]!.status);
      const credited = status === 'SUCCESS' ? 50_000 : 0;
      expect(await balanceOf(db, depositor)).toBe(credited);
      expect(await topUps(depositor)).toHaveLength(credited ? 1 : 0);
    });

    it('refuses a bad signature and changes nothing', async () => {
      const depositor = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
      const { payment } = await startDeposit(depositor);
      const body = event(payment.id, 'SUCCESS');
      const text = JSON.stringify(body);
      const before = await rowCounts(db);
      for (const signature of [
        sign(text, 'another-secret-of-16+'),
        sign(`${text} `),
        'f'.repeat(64),
        'not-hex',
      ]) {
        const res = await webhook(body, { signature });
        expect([res.status, res.body.message]).toEqual([400, 'Invalid signature']);
      }
      const unsigned = await api()
        .post('/api/payments/webhook/sandbox')
        .set('Content-Type', 'application/json')
        .send(text);
      expect([unsigned.status, unsigned.body.message]).toEqual([400, 'Invalid signature']);
      // a signed body that is not an event
      const junk = JSON.stringify({ publicId: payment.id, status: 'PAID' });
      const invalid = await api()
        .post('/api/payments/webhook/sandbox')
        .set('Content-Type', 'application/json')
        .set(SIGNATURE, sign(junk))
        .send(junk);
      expect([invalid.status, invalid.body.message]).toEqual([400, 'Invalid signature']);
      expect(await rowCounts(db)).toEqual(before);
      expect(await balanceOf(db, depositor)).toBe(0);
      expect((await api().get(`/api/payment/${payment.id}`)).body.data.status).toBe('WAITING');
    });

    it('answers 404 for a signed event of an unknown payment', async () => {
      const res = await webhook(event('A'.repeat(20), 'SUCCESS'));
      expect([res.status, res.body.message]).toEqual([404, 'Unknown payment']);
    });

    it('refuses a malformed gateway name with 404', async () => {
      const body = event('A'.repeat(20), 'SUCCESS');
      for (const gateway of ['Sandbox', 'sandbox1', 'x']) {
        const res = await webhook(body, { gateway });
        expect([res.status, res.body.message]).toEqual([404, 'Unknown gateway']);
      }
    });

    it('refuses a well-formed but unknown gateway name with 404, and changes nothing', async () => {
      const depositor = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
      const { payment } = await startDeposit(depositor);
      const before = await rowCounts(db);
      const res = await webhook(event(payment.id, 'SUCCESS'), { gateway: 'paypal' });
      expect([res.status, res.body.message]).toEqual([404, 'Unknown gateway']);
      expect(await rowCounts(db)).toEqual(before);
      expect(await balanceOf(db, depositor)).toBe(0);
    });
  });

  describe('GET c_orders, c_orders/{id}, payment/{id}', () => {
    it('needs a login', async () => {
      const res = await api().get('/api/c_orders');
      expect([res.status, res.body.message]).toEqual([401, 'Log in to see your orders']);
    });

    it("lists only the user's orders, newest first, with the total and paging", async () => {
      const lister = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
      const other = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
      const ids: string[] = [];
      for (const quantity of [100, 500, 1_000]) {
        const res = await order({ ...USER_SBERPAY, quantity }, { account: lister });
        expect(res.status).toBe(201);
        ids.push(res.body.data.order.id);
      }
      expect((await order(USER_SBERPAY, { account: other })).status).toBe(201);

      const all = await as(api().get('/api/c_orders'), { account: lister });
      expect(all.status).toBe(200);
      expect(all.body.data.meta).toEqual({ total: 3, page: 1, limit: 20 });
      expect(all.body.data.items.map((item: { id: string }) => item.id)).toEqual(
        [...ids].reverse(),
      );
      // 1 000 × 18.5, 500 × 19, 100 × 19 kop
      expect(
        all.body.data.items.map((item: { quantity: number; cost: number; discount: number }) => [
          item.quantity,
          item.cost,
          item.discount,
        ]),
      ).toEqual([
        [1_000, 18_500, 500],
        [500, 9_500, 0],
        [100, 1_900, 0],
      ]);

      const page1 = await as(api().get('/api/c_orders?page=1&limit=2'), {
        account: lister,
        bearer: true,
      });
      expect(page1.body.data.meta).toEqual({ total: 3, page: 1, limit: 2 });
      expect(page1.body.data.items.map((item: { id: string }) => item.id)).toEqual([
        ids[2],
        ids[1],
      ]);
      const page2 = await as(api().get('/api/c_orders?page=2&limit=2'), { account: lister });
      expect(page2.body.data.items.map((item: { id: string }) => item.id)).toEqual([ids[0]]);
      const page3 = await as(api().get('/api/c_orders?page=3&limit=2'), { account: lister });
      expect(page3.body.data).toEqual({ items: [], meta: { total: 3, page: 3, limit: 2 } });
      const capped = await as(api().get('/api/c_orders?limit=500'), { account: lister });
      expect(capped.body.data.meta).toEqual({ total: 3, page: 1, limit: 100 });
    });

    it.each([
      ['page=0', 'Provide an integer'],
      ['page=-1', 'Provide an integer'],
      ['page=1.5', 'Provide an integer'],
      ['limit=abc', 'Provide an integer'],
      ['limit=0', 'Provide an integer'],
      ['limit=1000000', 'Provide an integer'],
      ['page=1&page=2', 'Provide an integer'],
      ['sort=id', 'This field is not expected'],
    ])('refuses ?%s', async (query, message) => {
      const res = await as(api().get(`/api/c_orders?${query}`), { account: rub });
      expect([res.status, res.body.message]).toEqual([400, message]);
    });

    it('answers 404 for unknown or malformed ids', async () => {
      const unknown = 'Z'.repeat(20);
      for (const [url, message] of [
        [`/api/c_orders/${unknown}`, 'Order not found'],
        ['/api/c_orders/short', 'Order not found'],
        [`/api/payment/${unknown}`, 'Payment not found'],
        [`/api/payment/${unknown}/ecommerce`, 'Payment not found'],
        ['/api/payment/bad-id!', 'Payment not found'],
      ] as const) {
        const res = await api().get(url);
        expect([url, res.status, res.body.message]).toEqual([url, 404, message]);
      }
    });
  });

  // analytics (GA4/Metrika) read price as the unit price: price × quantity must be the value
  it('gives ecommerce items whose price × quantity is the value', async () => {
    const buyer = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
    const res = await order(USER_SBERPAY, { account: buyer });
    await checkout(res.body.data.redirect, 'pay');
    const ecommerce = await api().get(`/api/payment/${res.body.data.payment.id}/ecommerce`);
    const { value, items } = ecommerce.body.data as {
      value: number;
      items: { price: number; quantity: number }[];
    };
    const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
    expect(total).toBeCloseTo(value, 2);
  });

  describe('a _MULTI order', () => {
    it('costs the total count and pays one parent and a row per link together', async () => {
      const before = await rowCounts(db);
      const res = await order({
        ...GUEST_RUB,
        tag: 'INSTAGRAM_LIKES_MULTI',
        link: `${IG_POST}\r\n\r\n  ${IG_POST_2}  \n`,
        quantity: 100,
        method: 3,
        agreement: undefined,
      });
      expect(res.status).toBe(201);
      const { order: placed, payment, redirect } = res.body.data;
      // priced as 200 likes: 200 × 19 kop, below the 1 000 tier
      expect(placed).toMatchObject({
        tag: 'INSTAGRAM_LIKES_MULTI',
        link: `${IG_POST}\n${IG_POST_2}`,
        quantity: 100,
        count: 200,
        cost: 3_800,
        discount: 0,
        status: 'CREATED',
      });
      expect(await rowCounts(db)).toEqual({
        ...before,
        orders: before.orders + 3,
        payments: before.payments + 1,
        order_events: before.order_events + 3,
      });
      const parent = await db
        .selectFrom('orders')
        .selectAll()
        .where('public_id', '=', placed.id)
        .executeTakeFirstOrThrow();
      const children = await db
        .selectFrom('orders')
        .selectAll()
        .where('parent_id', '=', parent.id)
        .orderBy('id')
        .execute();
      expect(parent).toMatchObject({ parent_id: null, count: 200 });
      expect(parent.payment_id).not.toBeNull();
      expect(
        children.map((row) => [row.link, row.quantity, row.count, Number(row.cost), row.status]),
      ).toEqual([
        [IG_POST, 100, 100, 0, 'CREATED'],
        [IG_POST_2, 100, 100, 0, 'CREATED'],
      ]);

      expect((await checkout(redirect, 'pay')).status).toBe(303);
      const polled = await api().get(`/api/payment/${payment.id}`);
      expect(polled.body.data).toMatchObject({
        status: 'SUCCESS',
        amount: 3_800,
        order: { id: placed.id, status: 'PAID' },
      });
      const rows = await db
        .selectFrom('orders')
        .select(['public_id', 'status'])
        .where((eb) => eb.or([eb('id', '=', parent.id), eb('parent_id', '=', parent.id)]))
        .execute();
      expect(rows.map((row) => row.status)).toEqual(['PAID', 'PAID', 'PAID']);
      for (const row of rows)
        expect(historyOf(await api().get(`/api/c_orders/${row.public_id}`))).toEqual([
          ['CREATED', null],
          ['PAID', 'paid'],
        ]);
      const ecommerce = await api().get(`/api/payment/${payment.id}/ecommerce`);
      expect(ecommerce.body.data.items).toEqual([
        { item_id: 'INSTAGRAM_LIKES_MULTI', item_variant: '200', quantity: 1, price: 38 },
      ]);
    });

    it('lists a _MULTI order once in the cabinet', async () => {
      const buyer = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
      const res = await order(
        {
          ...USER_SBERPAY,
          tag: 'INSTAGRAM_LIKES_MULTI',
          link: `${IG_POST}\n${IG_POST_2}`,
          quantity: 100,
        },
        { account: buyer },
      );
      expect(res.status).toBe(201);
      const list = await as(api().get('/api/c_orders'), { account: buyer });
      expect(list.body.data.meta.total).toBe(1);
      // the cabinet's view is the order's and more (progress, rows, actions)
      expect(list.body.data.items).toHaveLength(1);
      expect(list.body.data.items[0]).toMatchObject(res.body.data.order);
      expect(list.body.data.items[0].children).toHaveLength(2);
    });
  });
});
