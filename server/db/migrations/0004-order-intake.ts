import type { AnyDb } from './helpers.ts';
import { withId } from './helpers.ts';

/** Orders accepted at once (POST c_orders/async) and placed by the worker. */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('order_intake'))
    .addColumn('public_id', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    // the order form's payload and what the request knew (language, country, return page)
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('context', 'text', (col) => col.notNull())
    // QUEUED → PROCESSING → DONE | FAILED
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('order_intake_status').on('order_intake').column('status').execute();
  // the order an intake became: a worker that died mid-way finds it instead of placing twice
  await db.schema
    .alterTable('orders')
    .addColumn('intake_id', 'integer', (col) => col.references('order_intake.id'))
    .execute();
  await db.schema.createIndex('orders_intake').on('orders').column('intake_id').unique().execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('orders_intake').execute();
  await db.schema.alterTable('orders').dropColumn('intake_id').execute();
  await db.schema.dropTable('order_intake').execute();
}
