import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OrderProviderCallsTable, ProviderRow } from './fulfilment.table.ts';

/** SQL on `providers`: an enabled provider by its id, or undefined. */
export function enabledProvider(db: Db, id: string): Promise<ProviderRow | undefined> {
  return db
    .selectFrom('providers')
    .selectAll()
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .executeTakeFirst();
}

/** A provider by its id, enabled or not. */
export function providerRow(db: Db, id: string): Promise<ProviderRow | undefined> {
  return db.selectFrom('providers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every provider, by id. */
export function providerRows(db: Db): Promise<ProviderRow[]> {
  return db.selectFrom('providers').selectAll().orderBy('id').execute();
}

export async function insertProvider(db: Db, row: ProviderRow): Promise<void> {
  await db.insertInto('providers').values(row).execute();
}

export async function updateProvider(
  db: Db,
  id: string,
  changes: Partial<Omit<ProviderRow, 'id'>>,
): Promise<void> {
  await db.updateTable('providers').set(changes).where('id', '=', id).execute();
}

/** Counts one call to a provider in its hour (and a failure when it failed). */
export async function countProviderCall(
  db: Db,
  providerId: string,
  hour: string,
  failed: boolean,
): Promise<void> {
  const errors = failed ? 1 : 0;
  await db
    .insertInto('provider_calls')
    .values({ provider_id: providerId, hour, calls: 1, errors })
    .onConflict((oc) =>
      oc.columns(['provider_id', 'hour']).doUpdateSet((eb) => ({
        calls: eb('provider_calls.calls', '+', 1),
        errors: eb('provider_calls.errors', '+', errors),
      })),
    )
    .execute();
}

/** Calls and failures per provider from an hour on. */
export async function providerCallTotals(
  db: Db,
  fromHour: string,
): Promise<Map<string, { calls: number; errors: number }>> {
  const rows = await db
    .selectFrom('provider_calls')
    .select((eb) => [
      'provider_id',
      eb.fn.sum<number>('calls').as('calls'),
      eb.fn.sum<number>('errors').as('errors'),
    ])
    .where('hour', '>=', fromHour)
    .groupBy('provider_id')
    .execute();
  return new Map(
    rows.map((row) => [row.provider_id, { calls: Number(row.calls), errors: Number(row.errors) }]),
  );
}

/** Notes a call an order made to its provider and the answer. */
export async function insertOrderCall(db: Db, row: Insertable<OrderProviderCallsTable>) {
  await db.insertInto('order_provider_calls').values(row).execute();
}

/** The calls of these orders, oldest first. */
export function orderCallsOf(db: Db, orderIds: number[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom('order_provider_calls')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
}
