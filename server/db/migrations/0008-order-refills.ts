import type { AnyDb } from './helpers.ts';
import { withId } from './helpers.ts';

/**
 * Refills a buyer asked for: the provider's refill id and its last known status,
 * one row per request, so a second request waits while one is still running.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('order_refills'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id'))
    .addColumn('provider_refill_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('order_refills_order_idx')
    .on('order_refills')
    .column('order_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('order_refills').execute();
}
