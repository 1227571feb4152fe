import type { Db } from '../../db/database.ts';

export async function loadPaymentMethodRows(db: Db) {
  const [methods, groups] = await Promise.all([
    db
      .selectFrom('payment_methods')
      .selectAll()
      .where('enabled', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db.selectFrom('payment_groups').selectAll().orderBy('sort').execute(),
  ]);
  return { methods, groups };
}
