import type { AnyDb } from './helpers.ts';
import { withId } from './helpers.ts';

/**
 * The catalogue: services with their texts per language, price tiers per client and
 * currency, currency rates, discount levels, payment groups and methods; the discount level
 * a user holds.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('services'))
    .addColumn('tag', 'text', (col) => col.notNull().unique())
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('page_id', 'text')
    .addColumn('labels', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('min', 'integer', (col) => col.notNull())
    .addColumn('max', 'integer', (col) => col.notNull())
    .addColumn('min_order', 'integer', (col) => col.notNull())
    .addColumn('max_order', 'integer', (col) => col.notNull())
    .addColumn('lk_min_order', 'integer', (col) => col.notNull())
    .addColumn('lk_max_order', 'integer', (col) => col.notNull())
    .addColumn('link_kinds', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('discount_group', 'text', (col) => col.notNull())
    .addColumn('provider_service', 'text')
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('services_platform').on('services').column('platform').execute();

  await db.schema
    .createTable('service_texts')
    .addColumn('service_id', 'integer', (col) =>
      col.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('service_texts_pk', ['service_id', 'lang'])
    .execute();

  await db.schema
    .createTable('price_tiers')
    .addColumn('service_id', 'integer', (col) =>
      col.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('client', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('from_count', 'integer', (col) => col.notNull())
    // millionths of a minor unit per unit (shared/pricing.ts)
    .addColumn('micro', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('price_tiers_pk', ['service_id', 'client', 'currency', 'from_count'])
    .execute();

  await db.schema
    .createTable('currencies')
    .addColumn('code', 'text', (col) => col.primaryKey())
    // roubles per one unit of the currency
    .addColumn('amount', 'double precision', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('discount_levels')
    .addColumn('level', 'integer', (col) => col.primaryKey())
    // total paid in, minor units of each currency
    .addColumn('from_rub', 'bigint', (col) => col.notNull())
    .addColumn('from_usd', 'bigint', (col) => col.notNull())
    .addColumn('from_eur', 'bigint', (col) => col.notNull())
    .addColumn('percents', 'text', (col) => col.notNull())
    .addColumn('personal_manager', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('payment_groups')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('sort', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('gateway', 'text', (col) => col.notNull())
    .addColumn('group_id', 'text', (col) => col.references('payment_groups.id'))
    .addColumn('sort', 'integer', (col) => col.notNull())
    .addColumn('currencies', 'text', (col) => col.notNull())
    // {"RUB":{"min":100,"max":25000000}}: minor units per currency
    .addColumn('limits', 'text', (col) => col.notNull())
    .addColumn('country_filter', 'text', (col) => col.notNull().defaultTo('every'))
    .addColumn('countries', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('show_agreement_flag', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('discount_level', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('discount_level').execute();
  for (const table of [
    'payment_methods',
    'payment_groups',
    'discount_levels',
    'currencies',
    'price_tiers',
    'service_texts',
    'services',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
