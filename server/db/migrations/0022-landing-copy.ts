import type { AnyDb } from './helpers.ts';

/**
 * Staff's edits of the landings' texts (the console's landing copy, capability
 * `content`): one row per language and key, over the text the code ships (locales/landing/).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('landing_copy')
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('landing_copy_pk', ['lang', 'key'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('landing_copy').execute();
}
