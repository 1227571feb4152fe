import type { AnyDb } from './helpers.ts';
import { withId } from './helpers.ts';

/**
 * Account deletion requests: what the customer asked and when; an operator handles
 * them (docs/operations.md). The row outlives the account (user_id set null, e-mail kept) as
 * the record that the request was honoured.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('account_deletion_requests'))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('requested_at', 'text', (col) => col.notNull())
    // pending, done (account anonymised) or withdrawn (the customer changed their mind)
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('handled_at', 'text')
    .execute();
  await db.schema
    .createIndex('account_deletion_requests_user')
    .on('account_deletion_requests')
    .column('user_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('account_deletion_requests').execute();
}
