import type { AnyDb } from './helpers.ts';
import { withId } from './helpers.ts';

/**
 * Reseller API keys: one key per user, stored as its SHA-256 only (shown once when
 * made), with when and from where it was last used.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('api_keys'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    // the first characters, so the owner can tell which key a panel holds
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('last_used_ip', 'text')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
}
