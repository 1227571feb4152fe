import type { AnyDb } from './helpers.ts';

/**
 * Each service's figures from the shop's own orders of the last 30 days, as the worker
 * last worked them out: one row per service tag, replaced as a whole on each refresh.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('service_stats')
    .addColumn('tag', 'text', (col) => col.primaryKey())
    .addColumn('start_median_min', 'integer')
    .addColumn('speed_p90_min_per_1000', 'integer')
    .addColumn('completion_rate', 'double precision')
    .addColumn('refill_rate_30d', 'double precision')
    .addColumn('orders_30d', 'integer', (col) => col.notNull())
    .addColumn('computed_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('service_stats').execute();
}
