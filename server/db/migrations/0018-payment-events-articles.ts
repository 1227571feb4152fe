import type { AnyDb } from './helpers.ts';
import { withId } from './helpers.ts';

/**
 * The staff console's payments and articles: every outcome a payment's gateway
 * gave us (checkout, webhook, poll, re-check, expiry) as a row of `payment_events`; articles
 * keep their Markdown source, whether they are published, and when staff last edited them
 * (the start-up seeding from content/articles/ leaves such rows alone).
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('payment_events'))
    .addColumn('payment_id', 'integer', (col) =>
      col.notNull().references('payments.id').onDelete('cascade'),
    )
    // checkout, webhook, poll, recheck, expiry
    .addColumn('source', 'text', (col) => col.notNull())
    // what the gateway said: WAITING, SUCCESS or ERROR
    .addColumn('status', 'text', (col) => col.notNull())
    // 1 when this outcome settled the payment
    .addColumn('settled', 'integer', (col) => col.notNull().defaultTo(0))
    // the gateway's event id or ref, or why it failed
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('payment_events_payment_idx')
    .on('payment_events')
    .columns(['payment_id', 'id'])
    .execute();
  await db.schema.alterTable('articles').addColumn('body', 'text').execute();
  await db.schema
    .alterTable('articles')
    .addColumn('published', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('articles').addColumn('staff_edited_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('articles').dropColumn('staff_edited_at').execute();
  await db.schema.alterTable('articles').dropColumn('published').execute();
  await db.schema.alterTable('articles').dropColumn('body').execute();
  await db.schema.dropTable('payment_events').execute();
}
