import request from 'supertest';
import { AppError } from '#server/lib/app-error.ts';
import { ledger, NOT_ENOUGH_BALANCE } from '#server/modules/ledger/ledger.service.ts';
import {
  deliveredShare,
  IllegalTransitionError,
  ORDER_TRANSITIONS,
  rolledUpStatus,
} from '#server/modules/orders/lifecycle/order-lifecycle.ts';
import { FINAL_ORDER_STATUSES, ORDER_STATUSES } from '#shared/orders.ts';
import {
  balanceOf as balanceOfUser,
  createTestAppWith,
  ENGINES,
  signUp,
  type TestApp,
} from '../support/app.ts';

/**
 * The rules that moved into one place: the ledger service (the only writer of balances) and
 * the orders lifecycle (the only way an order changes state), driven through the services.
 */
const POST = 'https://www.instagram.com/p/C8xYz12AbCd/';
const POST_2 = 'https://www.instagram.com/p/C9aaaaaaaaa/';

describe('delivered share and roll-up (pure rules)', () => {
  it('refunds only the end of a paid order', () => {
    const row = { remains: 250, count: 1000 };
    expect(deliveredShare('RUNNING', 'COMPLETED', row)).toBe(1);
    expect(deliveredShare('RUNNING', 'PARTIAL', row)).toBe(0.75);
    expect(deliveredShare('RUNNING', 'CANCELED', row)).toBe(0);
    expect(deliveredShare('PAID', 'ERROR', row)).toBe(0);
    // not an end, or not a paid order: nothing to give back
    expect(deliveredShare('PAID', 'RUNNING', row)).toBeNull();
    expect(deliveredShare('CREATED', 'EXPIRED', row)).toBeNull();
    expect(deliveredShare('CREATED', 'ERROR', row)).toBeNull();
  });

  it('lets an ended order move nowhere, and every other state somewhere (docs/product.md)', () => {
    for (const status of ORDER_STATUSES)
      expect([status, ORDER_TRANSITIONS[status].length > 0]).toEqual([
        status,
        !FINAL_ORDER_STATUSES.includes(status),
      ]);
    expect(ORDER_TRANSITIONS.CREATED).toEqual(['PAID', 'EXPIRED']);
  });

  it('rolls a _MULTI order up from its rows', () => {
    expect(rolledUpStatus(['COMPLETED', 'RUNNING'])).toBe('RUNNING');
    expect(rolledUpStatus(['COMPLETED', 'COMPLETED'])).toBe('COMPLETED');
    expect(rolledUpStatus(['CANCELED', 'ERROR'])).toBe('CANCELED');
    expect(rolledUpStatus(['COMPLETED', 'CANCELED'])).toBe('PARTIAL');
    expect(rolledUpStatus(['PARTIAL', 'COMPLETED'])).toBe('PARTIAL');
  });
});

describe.each(ENGINES)('ledger and lifecycle on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { engine });
  });
  afterAll(async () => {
    await t.database.close();
  });

  const db = () => t.database.db;
  const balanceOf = (userId: number) => balanceOfUser(t.database, userId);
  const ledgerOf = (userId: number) =>
    db()
      .selectFrom('transactions')
      .select(['amount', 'group', 'balance_after', 'currency'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const orderRow = (publicId: string) =>
    db()
      .selectFrom('orders')
      .selectAll()
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();

  /** A RUB buyer who pays from the balance; answers the placed order's public id. */
  async function paidOrder(body: Record<string, unknown>) {
    const buyer = await signUp(t.app, { cur: 'RUB', lang: 'en' });
    const at = new Date().toISOString();
    await db()
      .transaction()
      .execute((trx) => ledger.credit(trx, { userId: buyer.user.id, amount: 100_000, at }));
    const res = await request(t.app)
      .post('/api/c_orders/main')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ method: -1, ...body });
    expect(res.status).toBe(201);
    return { buyer, orderId: res.body.data.order.id as string };
  }

  describe('the ledger service', () => {
    it('credits with a ledger row that carries the balance after and the currency', async () => {
      const { user } = await signUp(t.app, { cur: 'USD' });
      const at = new Date().toISOString();
      const after = await db()
        .transaction()
        .execute((trx) => ledger.credit(trx, { userId: user.id, amount: 2_500, at }));
      expect(after).toBe(2_500);
      expect(await ledgerOf(user.id)).toEqual([
        { amount: 2_500, group: 'balance_top_up', balance_after: 2_500, currency: 'USD' },
      ]);
    });

    it('never debits below zero: 402, and nothing of the transaction is kept', async () => {
      const { user } = await signUp(t.app, { cur: 'RUB' });
      const at = new Date().toISOString();
      await db()
        .transaction()
        .execute((trx) => ledger.credit(trx, { userId: user.id, amount: 500, at }));
      const failed = await db()
        .transaction()
        .execute(async (trx) => {
          await ledger.refund(trx, { userId: user.id, amount: 100, at });
          await ledger.debit(trx, { userId: user.id, amount: 601, at });
        })
        .catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(AppError);
      expect((failed as AppError).statusCode).toBe(402);
      expect((failed as AppError).message).toBe(NOT_ENOUGH_BALANCE);
      expect(await balanceOf(user.id)).toBe(500);
      expect((await ledgerOf(user.id)).map((row) => row.group)).toEqual(['balance_top_up']);
    });

    it('refuses an amount that would turn the direction around', async () => {
      const { user } = await signUp(t.app);
      const at = new Date().toISOString();
      for (const amount of [-100, 1.5, Number.NaN])
        await expect(
          db()
            .transaction()
            .execute((trx) => ledger.credit(trx, { userId: user.id, amount, at })),
        ).rejects.toThrow(/ledger: balance_top_up/);
      expect(await balanceOf(user.id)).toBe(0);
    });
  });

  describe('the order lifecycle', () => {
    it('gives nothing back for an order that was never paid, whatever it is moved to', async () => {
      const buyer = await signUp(t.app, { cur: 'RUB' });
      const res = await request(t.app)
        .post('/api/c_orders/main')
        .set('Authorization', `Bearer ${buyer.token}`)
        .send({ tag: 'INSTAGRAM_LIKES', link: POST, quantity: 1000, method: 3, agreement: true });
      expect(res.status).toBe(201);
      const order = await orderRow(res.body.data.order.id);
      expect(order.status).toBe('CREATED');
      const work = t.services.orders.workOn();
      expect(await work.move(order, 'CREATED', 'EXPIRED', 'test')).toBe(true);
      expect(await balanceOf(buyer.user.id)).toBe(0);
      expect(await ledgerOf(buyer.user.id)).toEqual([]);
    });

    it('refuses a move the transitions table does not allow, writing nothing', async () => {
      const { buyer, orderId } = await paidOrder({
        tag: 'INSTAGRAM_LIKES',
        link: POST,
        quantity: 1000,
      });
      const work = t.services.orders.workOn();
      const paid = await orderRow(orderId);
      const before = await ledgerOf(buyer.user.id);
      // a paid order cannot be "expired", nor a created one fail; an ended one never moves
      await expect(work.move(paid, 'PAID', 'EXPIRED', 'test')).rejects.toThrow(
        new IllegalTransitionError('PAID', 'EXPIRED'),
      );
      await expect(work.move(paid, 'CREATED', 'ERROR', 'test')).rejects.toThrow(
        'An order cannot move from CREATED to ERROR',
      );
      await expect(work.move(paid, 'COMPLETED', 'RUNNING', 'test')).rejects.toThrow(
        IllegalTransitionError,
      );
      expect((await orderRow(orderId)).status).toBe('PAID');
      expect(await ledgerOf(buyer.user.id)).toEqual(before);
    });

    it('moves an order once when two workers race: one history row, one refund', async () => {
      const { buyer, orderId } = await paidOrder({
        tag: 'INSTAGRAM_LIKES',
        link: POST,
        quantity: 1000,
      });
      const work = t.services.orders.workOn();
      const paid = await orderRow(orderId);
      expect(await work.move(paid, 'PAID', 'RUNNING', 'submitted')).toBe(true);
      const running = await orderRow(orderId);
      const outcomes = await Promise.all([
        work.move(running, 'RUNNING', 'CANCELED', 'a'),
        work.move(running, 'RUNNING', 'CANCELED', 'b'),
      ]);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect((await ledgerOf(buyer.user.id)).map((row) => [row.group, row.amount])).toEqual([
        ['balance_top_up', 100_000],
        ['order_payment', -18_500],
        ['refund', 18_500],
      ]);
      const history = (await request(t.app).get(`/api/c_orders/${orderId}`)).body.data.history;
      expect(history.map((row: { status: string }) => row.status)).toEqual([
        'CREATED',
        'PAID',
        'RUNNING',
        'CANCELED',
      ]);
    });

    it('rolls a _MULTI order up from its rows and refunds only the row that failed', async () => {
      const { buyer, orderId } = await paidOrder({
        tag: 'INSTAGRAM_LIKES_MULTI',
        link: `${POST}\n${POST_2}`,
        quantity: 100,
      });
      const parent = await orderRow(orderId);
      expect(parent.status).toBe('PAID');
      const rows = await db()
        .selectFrom('orders')
        .selectAll()
        .where('parent_id', '=', parent.id)
        .orderBy('id')
        .execute();
      const work = t.services.orders.workOn();
      for (const row of rows) await work.move(row, 'PAID', 'RUNNING', 'submitted');
      expect((await orderRow(orderId)).status).toBe('RUNNING');

      await work.move(await orderRow(rows[0]!.public_id), 'RUNNING', 'COMPLETED', 'done');
      expect((await orderRow(orderId)).status).toBe('RUNNING');
      await work.move(await orderRow(rows[1]!.public_id), 'RUNNING', 'CANCELED', 'gone');
      expect((await orderRow(orderId)).status).toBe('PARTIAL');

      // the canceled row stood for half of the price paid by the parent
      const refunds = (await ledgerOf(buyer.user.id)).filter((row) => row.group === 'refund');
      expect(refunds.map((row) => row.amount)).toEqual([Number(parent.cost) / 2]);
      expect(Number((await orderRow(rows[1]!.public_id)).refunded)).toBe(Number(parent.cost) / 2);
      const notes = await db()
        .selectFrom('notifications')
        .select(['type', 'data'])
        .where('user_id', '=', buyer.user.id)
        .orderBy('id')
        .execute();
      // each change is told of the order the buyer knows: the parent's id
      expect(notes.map((note) => note.type)).toEqual([
        'order.PAID',
        'order.RUNNING',
        'order.RUNNING',
        'order.COMPLETED',
        'order.CANCELED',
      ]);
      for (const note of notes) expect(JSON.parse(note.data).order).toBe(orderId);
    });
  });
});
