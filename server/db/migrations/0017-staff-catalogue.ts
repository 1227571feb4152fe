import type { AnyDb } from './helpers.ts';

/**
 * The staff console's catalogue and providers: a service's fallback
 * provider (and its service id there), the provider's rate per 1000 last seen (an import's
 * diff tells a changed rate by it), and each provider's calls and failures per hour (its
 * error rate over the last 24 h, written by the worker, read by the console).
 *
 * Providers' API keys are not sealed here: SECRETS_KEY belongs to the app's config, not to
 * the migration, so a key stays plain (no `v1.` prefix) until staff write it again; the
 * provider registry opens sealed keys and uses plain ones as they are.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('services')
    .addColumn('fallback_provider_id', 'text', (col) => col.references('providers.id'))
    .execute();
  await db.schema.alterTable('services').addColumn('fallback_service', 'text').execute();
  await db.schema.alterTable('services').addColumn('provider_rate', 'text').execute();
  await db.schema
    .createTable('provider_calls')
    .addColumn('provider_id', 'text', (col) => col.notNull())
    // the hour, ISO-8601 to the hour: 2025-01-31T14
    .addColumn('hour', 'text', (col) => col.notNull())
    .addColumn('calls', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('errors', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('provider_calls_pk', ['provider_id', 'hour'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('provider_calls').execute();
  for (const column of ['provider_rate', 'fallback_service', 'fallback_provider_id'])
    await db.schema.alterTable('services').dropColumn(column).execute();
}
