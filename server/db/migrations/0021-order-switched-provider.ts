import type { AnyDb } from './helpers.ts';

/**
 * The provider staff switched a paid order to (the console's "switch provider"):
 * one of its service's providers (main or fallback), tried first when it is sent.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').addColumn('switched_to', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('switched_to').execute();
}
