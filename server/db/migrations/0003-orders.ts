import type { AnyDb } from './helpers.ts';
import { withId } from './helpers.ts';

/**
 * Orders with their status history, payments, and the balance ledger (docs/product.md §5,
 * Payments; docs/architecture.md: every balance change is a row).
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('payments'))
    .addColumn('public_id', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    // 'order' pays one order; 'deposit' tops the balance up
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('method_id', 'integer', (col) => col.notNull())
    .addColumn('gateway', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('gateway_ref', 'text')
    .addColumn('return_path', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema.createIndex('payments_status').on('payments').column('status').execute();

  await withId(db, db.schema.createTable('orders'))
    // the guest's handle on the order (receipt link), never guessable
    .addColumn('public_id', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('email', 'text')
    .addColumn('parent_id', 'integer', (col) => col.references('orders.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (col) => col.notNull().references('services.id'))
    .addColumn('tag', 'text', (col) => col.notNull())
    .addColumn('client', 'text', (col) => col.notNull())
    .addColumn('link', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('posts', 'integer')
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('cost', 'bigint', (col) => col.notNull())
    .addColumn('discount', 'bigint', (col) => col.notNull())
    .addColumn('method_id', 'integer', (col) => col.notNull())
    .addColumn('payment_id', 'integer', (col) => col.references('payments.id'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('region_value', 'text')
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('test', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('start_count', 'integer')
    .addColumn('remains', 'integer')
    .addColumn('provider_order_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('orders_status').on('orders').column('status').execute();
  await db.schema.createIndex('orders_payment').on('orders').column('payment_id').execute();

  await withId(db, db.schema.createTable('order_events'))
    .addColumn('order_id', 'integer', (col) =>
      col.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').column('order_id').execute();

  await withId(db, db.schema.createTable('transactions'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    // signed, minor units of the user's currency
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('balance_after', 'bigint', (col) => col.notNull())
    // balance_top_up, order_payment, refund, affiliate_program, withdraw_funds
    .addColumn('group', 'text', (col) => col.notNull())
    .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('set null'))
    .addColumn('payment_id', 'integer', (col) => col.references('payments.id'))
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('transactions_user')
    .on('transactions')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['transactions', 'order_events', 'orders', 'payments']) {
    await db.schema.dropTable(table).execute();
  }
}
