import type { AnyDb } from './helpers.ts';

/**
 * A subscription without a post count (`posts` 0: every new post until its last day or a
 * cancel) is not paid in advance: each post order is charged `post_cost` (minor units of the
 * order's currency) from the balance when it is placed. A short balance pauses it
 * (`paused_for` `funds`) until the balance covers the next post order; `account` is the pause
 * of an account that cannot be seen (earlier paused rows, null, are that one too).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('order_subscriptions').addColumn('post_cost', 'bigint').execute();
  await db.schema.alterTable('order_subscriptions').addColumn('paused_for', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('order_subscriptions').dropColumn('paused_for').execute();
  await db.schema.alterTable('order_subscriptions').dropColumn('post_cost').execute();
}
