import type { AnyDb } from './helpers.ts';

/**
 * Panel-exact ordering. A drip-feed order keeps its `runs` and their interval
 * (minutes); its runs are rows of its own (`parent_id`), each due at its time. An auto order
 * is a subscription: the account it watches, per post from `min` to `max` units for `posts`
 * posts, `delay` minutes after each new post, until `expiry`; its post orders are its rows.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').addColumn('runs', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('run_interval', 'integer').execute();
  await db.schema
    .createTable('order_subscriptions')
    .addColumn('order_id', 'integer', (col) =>
      col.primaryKey().references('orders.id').onDelete('cascade'),
    )
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('min', 'integer', (col) => col.notNull())
    .addColumn('max', 'integer', (col) => col.notNull())
    .addColumn('posts', 'integer', (col) => col.notNull())
    // how many of the account's latest posts before it began it also orders for
    .addColumn('old_posts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('delay', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expiry', 'text')
    // ACTIVE, PAUSED (the account cannot be watched), COMPLETED, CANCELED
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('posts_placed', 'integer', (col) => col.notNull().defaultTo(0))
    // the watcher's mark: posts after it are new
    .addColumn('cursor', 'text')
    .addColumn('next_check_at', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('order_subscriptions_due_idx')
    .on('order_subscriptions')
    .columns(['state', 'next_check_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('order_subscriptions').execute();
  await db.schema.alterTable('orders').dropColumn('run_interval').execute();
  await db.schema.alterTable('orders').dropColumn('runs').execute();
}
