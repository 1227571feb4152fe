import request from 'supertest';
import type { Db } from '#server/db/database.ts';
import { ledger } from '#server/modules/ledger/ledger.service.ts';
import { createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';

/**
 * GET user/transactions and user/transactions/totals (docs/product.md §3 Transactions, docs/api.md User data):
 * the user's ledger rows with the order or payment each belongs to, filtered by group and
 * whole UTC days, paged by 'Show lines', and summed per group in the account currency.
 */
type Account = Awaited<ReturnType<typeof signUp>>;

const PUBLIC_ID = /^[A-Za-z0-9]{20}$/;
const LIST = '/api/user/transactions';
const TOTALS = '/api/user/transactions/totals';
/** 1 000 Instagram likes from the balance: RUB 185 (the seed's price list) */
const LIKES_FROM_BALANCE = {
  tag: 'INSTAGRAM_LIKES',
  link: 'https://www.instagram.com/p/C1a2B3c4D5e/',
  quantity: 1_000,
  method: -1,
};

interface Row {
  id: number;
  group: string;
  amount: number;
  currency: string;
  balance_after: number;
  created_at: string;
  note: string | null;
  order: { id: string; tag: string; count: number } | null;
  payment: { id: string; purpose: string } | null;
}

describe.each(ENGINES)('user/transactions on %s', (engine) => {
  let t: TestApp;
  let db: Db;
  let buyer: Account;
  let other: Account;
  let paymentId: string;
  let orderId: string;

  const get = (url: string, account: Account | null = buyer) => {
    const req = request(t.app).get(url);
    return account ? req.set('Authorization', `Bearer ${account.token}`) : req;
  };
  const items = async (url: string): Promise<Row[]> => {
    const res = await get(url);
    expect(res.status).toBe(200);
    return res.body.data.items;
  };
  /** A row written through the ledger at a chosen time (the history's dates). */
  const move = (
    kind: 'refund' | 'bonus' | 'withdraw',
    amount: number,
    at: string,
    orderRow?: number,
  ) =>
    db
      .transaction()
      .execute((trx) =>
        ledger[kind](trx, { userId: buyer.user.id, amount, at, orderId: orderRow ?? null }),
      );

  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { engine });
    db = t.database.db;
    buyer = await signUp(t.app, { cur: 'RUB', lang: 'ru' });
    other = await signUp(t.app, { cur: 'RUB', lang: 'ru' });

    // a top-up of RUB 1 000 paid in the sandbox …
    const deposit = await request(t.app)
      .post('/api/deposit')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ amount: 100_000, method: 3 });
    expect(deposit.status).toBe(201);
    paymentId = deposit.body.data.payment.id;
    const paid = await request(t.app)
      .post(new URL(deposit.body.data.redirect).pathname)
      .type('form')
      .send({ outcome: 'pay' });
    expect(paid.status).toBe(303);
    // … an order paid from it …
    const placed = await request(t.app)
      .post('/api/c_orders/main')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send(LIKES_FROM_BALANCE);
    expect(placed.status).toBe(201);
    orderId = placed.body.data.order.id;
    const orderRow = await db
      .selectFrom('orders')
      .select('id')
      .where('public_id', '=', orderId)
      .executeTakeFirstOrThrow();
    // … and older rows of the other groups, on known days
    await move('refund', 5_000, '2024-03-10T00:00:00.000Z', orderRow.id);
    await move('bonus', 700, '2024-03-10T23:59:59.999Z');
    await move('withdraw', 1_000, '2024-03-11T00:00:00.000Z');
    for (let day = 1; day <= 12; day++)
      await move('bonus', 100, `2024-02-${String(day).padStart(2, '0')}T10:00:00.000Z`);
    // a row from before a currency change: listed, but not summed in roubles
    await db
      .insertInto('transactions')
      .values({
        user_id: buyer.user.id,
        amount: 999,
        currency: 'USD',
        balance_after: 999,
        group: 'balance_top_up',
        order_id: null,
        payment_id: null,
        note: null,
        created_at: '2023-12-31T12:00:00.000Z',
      })
      .execute();
  });
  afterAll(() => t.database.close());

  it('answers 401 without a user', async () => {
    for (const url of [LIST, TOTALS, `${LIST}?limit=7`]) {
      const res = await get(url, null);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        status: 'error',
        message: 'Log in to see your payment history',
        statusCode: 401,
      });
    }
  });

  it('lists every row newest first with the order or payment it belongs to', async () => {
    const res = await get(LIST);
    expect(res.body.status).toBe('success');
    expect(res.body.data.meta).toEqual({ total: 18, page: 1, limit: 20 });
    const rows: Row[] = res.body.data.items;
    expect(rows.map((row) => row.group).slice(0, 5)).toEqual([
      'order_payment',
      'balance_top_up',
      'withdraw_funds',
      'affiliate_program',
      'refund',
    ]);
    const [payment, topUp, withdrawal, , refund] = rows;
    expect(topUp).toEqual({
      id: expect.any(Number),
      group: 'balance_top_up',
      amount: 100_000,
      currency: 'RUB',
      balance_after: 100_000,
      created_at: expect.any(String),
      note: null,
      order: null,
      payment: { id: paymentId, purpose: 'deposit' },
    });
    expect(paymentId).toMatch(PUBLIC_ID);
    expect(payment).toMatchObject({
      amount: -18_500,
      balance_after: 81_500,
      order: { id: orderId, tag: 'INSTAGRAM_LIKES', count: 1_000 },
      payment: null,
    });
    expect(refund).toMatchObject({ amount: 5_000, order: { id: orderId }, balance_after: 86_500 });
    expect(withdrawal).toMatchObject({ amount: -1_000, created_at: '2024-03-11T00:00:00.000Z' });
    expect(rows.at(-1)).toMatchObject({ currency: 'USD', amount: 999 });
  });

  it('filters by one group or several', async () => {
    expect((await items(`${LIST}?group=refund`)).map((row) => row.amount)).toEqual([5_000]);
    const moves = await items(`${LIST}?group=balance_top_up,order_payment`);
    expect(moves.map((row) => row.group)).toEqual([
      'order_payment',
      'balance_top_up',
      'balance_top_up',
    ]);
    const bonuses = await get(`${LIST}?group=affiliate_program&limit=100`);
    expect(bonuses.body.data.meta.total).toBe(13);
  });

  it('filters by whole UTC days, both ends included', async () => {
    const day = await items(`${LIST}?from=2024-03-10&to=2024-03-10`);
    expect(day.map((row) => row.created_at)).toEqual([
      '2024-03-10T23:59:59.999Z',
      '2024-03-10T00:00:00.000Z',
    ]);
    expect((await items(`${LIST}?from=2024-03-11`)).map((row) => row.group)).toEqual([
      'order_payment',
      'balance_top_up',
      'withdraw_funds',
    ]);
    expect(await items(`${LIST}?to=2023-12-31`)).toHaveLength(1);
    expect(await items(`${LIST}?from=2024-03-10&to=2024-03-11&group=refund`)).toHaveLength(1);
    expect(await items(`${LIST}?from=2025-01-01&to=2025-01-31&group=refund`)).toEqual([]);
  });

  it('pages by Show lines', async () => {
    const first = await get(`${LIST}?limit=10`);
    expect(first.body.data.meta).toEqual({ total: 18, page: 1, limit: 10 });
    expect(first.body.data.items).toHaveLength(10);
    const second = await get(`${LIST}?limit=10&page=2`);
    expect(second.body.data.items).toHaveLength(8);
    const rows: Row[] = [...first.body.data.items, ...second.body.data.items];
    expect(new Set(rows.map((row) => row.id)).size).toBe(18);
    const times = rows.map((row) => row.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await get(`${LIST}?limit=10&page=3`)).body.data.items).toEqual([]);
  });

  it('shows nobody else’s rows', async () => {
    const res = await get(LIST, other);
    expect(res.body.data).toEqual({ items: [], meta: { total: 0, page: 1, limit: 20 } });
  });

  it.each([
    ['an unknown key', '?sort=amount', { sort: 'This field is not expected' }],
    ['a date that does not exist', '?from=2024-02-30', { from: 'Dates are YYYY-MM-DD' }],
    ['a date in another form', '?to=10.03.2024', { to: 'Dates are YYYY-MM-DD' }],
    [
      'a start after the end',
      '?from=2024-03-11&to=2024-03-10',
      { from: 'The start date must not be after the end date' },
    ],
    ['7 lines', '?limit=7', { limit: 'Show lines: 10, 20, 50, 100' }],
    ['page 0', '?page=0', { page: 'The page is a whole number from 1' }],
    [
      'an unknown group',
      '?group=refund,gifts',
      {
        group:
          'Groups are one or more of balance_top_up, order_payment, refund, affiliate_program, withdraw_funds, adjustment, separated by commas',
      },
    ],
    ['a repeated key', '?group=refund&group=order_payment', { group: expect.any(String) }],
  ])('refuses %s with a 400 naming the field', async (_what, query, errors) => {
    const res = await get(`${LIST}${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 'error',
      message: Object.values(errors)[0],
      statusCode: 400,
      errors,
    });
  });

  it('sums each group in the account currency and counts the rows of another apart', async () => {
    const res = await get(TOTALS);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      currency: 'RUB',
      groups: {
        balance_top_up: 100_000,
        order_payment: -18_500,
        refund: 5_000,
        affiliate_program: 700 + 12 * 100,
        withdraw_funds: -1_000,
        adjustment: 0,
      },
      count: {
        balance_top_up: 1,
        order_payment: 1,
        refund: 1,
        affiliate_program: 13,
        withdraw_funds: 1,
        adjustment: 0,
      },
      other_currency_rows: 1,
    });
  });

  it('sums over a date range and refuses what the list refuses', async () => {
    const march = await get(`${TOTALS}?from=2024-03-01&to=2024-03-31`);
    expect(march.body.data).toMatchObject({
      groups: { balance_top_up: 0, order_payment: 0, refund: 5_000, affiliate_program: 700 },
      count: { affiliate_program: 1, withdraw_funds: 1 },
      other_currency_rows: 0,
    });
    for (const query of ['?group=refund', '?from=2024-03-11&to=2024-03-10', '?to=2024-13-01']) {
      expect((await get(`${TOTALS}${query}`)).status).toBe(400);
    }
    expect((await get(TOTALS, other)).body.data.groups).toEqual({
      balance_top_up: 0,
      order_payment: 0,
      refund: 0,
      affiliate_program: 0,
      withdraw_funds: 0,
      adjustment: 0,
    });
  });
});
