import request from 'supertest';
import { createCatalogService } from '#server/modules/catalog/catalog.service.ts';
import { ledger } from '#server/modules/ledger/ledger.service.ts';
import { createReferralsService } from '#server/modules/referrals/referrals.service.ts';
import { createLevelsService } from '#server/modules/users/levels.service.ts';
import { balanceOf, createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';

/**
 * Work done inside a transaction that needs catalogue data (a referral bonus in another
 * currency, a level raised by a settled payment) reads it through that transaction. With a
 * cold catalogue snapshot (it lives 5 minutes), loading it through the pool would wait forever
 * on SQLite, whose one connection the transaction holds.
 */
const within = <T>(work: Promise<T>, ms = 5_000) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms),
    ),
  ]);

describe.each(ENGINES)('catalogue reads inside a transaction, snapshot cold, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith({}, { engine });
  });
  afterAll(() => t.database.close());

  // a catalogue whose snapshot is never warm: every read outside a transaction reloads it
  const cold = () => createCatalogService({ db: t.database.db, ttlMs: 0 });

  it('pays a referral bonus in the referrer’s currency', async () => {
    const referrer = await signUp(t.app, { cur: 'USD' });
    const buyer = await signUp(t.app, { cur: 'RUB' });
    const { db } = t.database;
    await db
      .updateTable('users')
      .set({ referrer_id: referrer.user.id })
      .where('id', '=', buyer.user.id)
      .execute();
    const referrals = createReferralsService({
      catalog: cold(),
      notifications: t.services.notifications,
    });
    // an order of the buyer's, paid from the balance
    const at = new Date().toISOString();
    await db
      .transaction()
      .execute((trx) => ledger.credit(trx, { userId: buyer.user.id, amount: 100_000, at }));
    const placed = await request(t.app)
      .post('/api/c_orders/main')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({
        tag: 'INSTAGRAM_LIKES',
        link: 'https://www.instagram.com/p/C8xYz12AbCd/',
        quantity: 100,
        method: -1,
      });
    expect(placed.status).toBe(201);
    const order = await db
      .selectFrom('orders')
      .select(['id', 'public_id'])
      .where('public_id', '=', placed.body.data.order.id)
      .executeTakeFirstOrThrow();
    await within(
      db.transaction().execute((trx) =>
        referrals.rewardDelivery(trx, {
          buyerId: buyer.user.id,
          // 10 % of 8 250 ₽ is 825 ₽: 10 $ at the seeded 82.5 ₽ a dollar
          deliveredValue: 825_000,
          currency: 'RUB',
          orderId: order.id,
          orderPublicId: order.public_id,
          rowPublicId: order.public_id,
          at,
        }),
      ),
    );
    expect(await balanceOf(t.database, referrer.user.id)).toBe(1_000);
  });

  it('raises a discount level from the levels table', async () => {
    const user = await signUp(t.app, { cur: 'RUB' });
    const { db } = t.database;
    const levels = createLevelsService({
      db,
      catalog: cold(),
      payments: { paidIn: async () => 500_000 },
      notifications: t.services.notifications,
    });
    const at = new Date().toISOString();
    const raised = await within(
      db.transaction().execute(async (trx) => {
        await ledger.credit(trx, { userId: user.user.id, amount: 500_000, at });
        return levels.raise(trx, user.user.id, at);
      }),
    );
    expect(raised).toBe(2);
    const row = await db
      .selectFrom('users')
      .select('discount_level')
      .where('id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.discount_level)).toBe(2);
  });
});
