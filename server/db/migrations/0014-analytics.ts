import type { AnyDb } from './helpers.ts';
import { withId } from './helpers.ts';

/**
 * Analytics: web-vitals measurements by page kind, and the outbox of events the
 * worker forwards to GA4 and Metrika (never on the request path).
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('web_vitals'))
    .addColumn('page_kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('value', 'real', (col) => col.notNull())
    .addColumn('rating', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('web_vitals_recent')
    .on('web_vitals')
    .columns(['created_at', 'page_kind', 'name'])
    .execute();

  await withId(db, db.schema.createTable('analytics_outbox'))
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('analytics_outbox_due')
    .on('analytics_outbox')
    .column('next_attempt_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('analytics_outbox').execute();
  await db.schema.dropTable('web_vitals').execute();
}
