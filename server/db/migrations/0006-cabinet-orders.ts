import type { AnyDb } from './helpers.ts';

/**
 * Cabinet orders: an auto order's range per post (`quantity` is its least,
 * `quantity_max` its most; docs/product.md §13 prices the average × posts) and a comments order's own
 * comments, one a line, as the provider gets them.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').addColumn('quantity_max', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('comments', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('comments').execute();
  await db.schema.alterTable('orders').dropColumn('quantity_max').execute();
}
