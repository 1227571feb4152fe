import type { AnyDb } from './helpers.ts';

/**
 * A blocked account (the staff console): no sign-in, no API key, no live socket,
 * until staff unblock it. The time it was blocked, or null.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('blocked_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('blocked_at').execute();
}
