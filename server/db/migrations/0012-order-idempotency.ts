import type { AnyDb } from './helpers.ts';

/**
 * Reseller retries: an order placed with an idempotency key keeps it, and the
 * unique index makes a second placement with the same key fail inside its own transaction,
 * so a retry, however concurrent, never places or charges twice.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').addColumn('idempotency_key', 'text').execute();
  await db.schema
    .createIndex('orders_idempotency')
    .on('orders')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('orders_idempotency').execute();
  await db.schema.alterTable('orders').dropColumn('idempotency_key').execute();
}
