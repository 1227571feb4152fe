import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';
import { withId } from './helpers.ts';

/**
 * Resellers' status webhooks: one endpoint per user (URL and signing secret), and
 * the deliveries: an outbox row per event, written with the change it tells of and sent by
 * the worker with retries for 24 hours.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('webhook_endpoints'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('webhook_deliveries'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text', (col) => col.notNull().unique())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('delivered_at', 'text')
    .execute();
  // the worker's question: which pending deliveries are due
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .column('next_attempt_at')
    .where(sql.ref('state'), '=', 'PENDING')
    .execute();
  // the page's question: a user's latest deliveries
  await db.schema
    .createIndex('webhook_deliveries_user')
    .on('webhook_deliveries')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
