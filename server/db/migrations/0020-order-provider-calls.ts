import type { AnyDb } from './helpers.ts';
import { withId } from './helpers.ts';

/**
 * What each order asked of its provider and what it answered (the staff console's
 * order page): the `add`, the status answers that changed something (the start, the end),
 * cancels and refills, failures included. Kept with the order.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('order_provider_calls'))
    .addColumn('order_id', 'integer', (col) => col.notNull())
    .addColumn('provider_id', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('request', 'text')
    .addColumn('answer', 'text')
    .addColumn('ok', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('order_provider_calls_order_idx')
    .on('order_provider_calls')
    .column('order_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('order_provider_calls').execute();
}
