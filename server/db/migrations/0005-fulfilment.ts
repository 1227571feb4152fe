import type { AnyDb } from './helpers.ts';
import { withId } from './helpers.ts';

/**
 * Fulfilment: upstream providers, what the worker needs on each order (leases, the submit
 * intent, retries, sync time, refunds) and stored notifications.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('providers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // an SMM panel API v2 URL, or 'internal' for the built-in simulator
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('api_key', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();

  await db.schema
    .alterTable('services')
    .addColumn('provider_id', 'text', (col) => col.references('providers.id'))
    .execute();
  // an existing catalogue is bought from the built-in simulator, which sells by tag, until an
  // operator maps its services to a real provider
  await db
    .insertInto('providers')
    .values({
      id: 'simulator',
      url: 'internal',
      api_key: 'simulator-key',
      currency: 'USD',
      enabled: 1,
    })
    .execute();
  await db
    .updateTable('services')
    .set((eb) => ({ provider_id: 'simulator', provider_service: eb.ref('tag') }))
    .execute();

  for (const [name, type] of [
    ['provider_id', 'text'],
    ['submit_attempts', 'integer'],
    // set before the provider is called: a worker that dies mid-call leaves it behind
    ['submit_started_at', 'text'],
    ['next_attempt_at', 'text'],
    ['lease_owner', 'text'],
    ['lease_until', 'text'],
    ['synced_at', 'text'],
    ['charge', 'text'],
    // minor units given back to the balance (partial, canceled, error)
    ['refunded', 'bigint'],
    // a submit whose outcome is unknown: never sent again, an operator checks it
    ['needs_check', 'integer'],
  ] as const) {
    await db.schema
      .alterTable('orders')
      .addColumn(name, type, (col) =>
        ['submit_attempts', 'refunded', 'needs_check'].includes(name)
          ? col.notNull().defaultTo(0)
          : col,
      )
      .execute();
  }

  // the checkout page of a payment, so an order recovered after a crash can still be paid
  await db.schema.alterTable('payments').addColumn('checkout_url', 'text').execute();

  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    // order_status, refund, bonus …
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    // in the user's language when it was made
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user')
    .on('notifications')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  for (const name of [
    'needs_check',
    'refunded',
    'charge',
    'synced_at',
    'lease_until',
    'lease_owner',
    'next_attempt_at',
    'submit_started_at',
    'submit_attempts',
    'provider_id',
  ]) {
    await db.schema.alterTable('orders').dropColumn(name).execute();
  }
  await db.schema.alterTable('payments').dropColumn('checkout_url').execute();
  await db.schema.alterTable('services').dropColumn('provider_id').execute();
  await db.schema.dropTable('providers').execute();
}
