import { sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Db } from './database.ts';
import { isPostgres } from './engine.ts';
import * as accounts from './migrations/0001-accounts.ts';
import * as catalog from './migrations/0002-catalog.ts';
import * as orders from './migrations/0003-orders.ts';
import * as intake from './migrations/0004-order-intake.ts';
import * as fulfilment from './migrations/0005-fulfilment.ts';
import * as cabinetOrders from './migrations/0006-cabinet-orders.ts';
import * as accountDeletion from './migrations/0007-account-deletion.ts';
import * as orderRefills from './migrations/0008-order-refills.ts';
import * as liveAndReferrals from './migrations/0009-live-and-referrals.ts';
import * as articles from './migrations/0010-articles.ts';
import * as apiKeys from './migrations/0011-api-keys.ts';
import * as orderIdempotency from './migrations/0012-order-idempotency.ts';
import * as webhooks from './migrations/0013-webhooks.ts';
import * as analytics from './migrations/0014-analytics.ts';
import * as dripFeedSubscriptions from './migrations/0015-drip-feed-subscriptions.ts';
import * as staff from './migrations/0016-staff.ts';
import * as staffCatalogue from './migrations/0017-staff-catalogue.ts';
import * as paymentEventsArticles from './migrations/0018-payment-events-articles.ts';
import * as userBlocks from './migrations/0019-user-blocks.ts';
import * as orderProviderCalls from './migrations/0020-order-provider-calls.ts';
import * as switchedProvider from './migrations/0021-order-switched-provider.ts';
import * as landingCopy from './migrations/0022-landing-copy.ts';
import * as staffBounds from './migrations/0023-staff-bounds.ts';
import * as paymentCurrency from './migrations/0024-payment-currency.ts';
import * as openSubscriptions from './migrations/0025-open-subscriptions.ts';
import * as serviceStats from './migrations/0026-service-stats.ts';

/** Every migration, in order; names never change once released. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-catalog': catalog,
  '0003-orders': orders,
  '0004-order-intake': intake,
  '0005-fulfilment': fulfilment,
  '0006-cabinet-orders': cabinetOrders,
  '0007-account-deletion': accountDeletion,
  '0008-order-refills': orderRefills,
  '0009-live-and-referrals': liveAndReferrals,
  '0010-articles': articles,
  '0011-api-keys': apiKeys,
  '0012-order-idempotency': orderIdempotency,
  '0013-webhooks': webhooks,
  '0014-analytics': analytics,
  '0015-drip-feed-subscriptions': dripFeedSubscriptions,
  '0016-staff': staff,
  '0017-staff-catalogue': staffCatalogue,
  '0018-payment-events-articles': paymentEventsArticles,
  '0019-user-blocks': userBlocks,
  '0020-order-provider-calls': orderProviderCalls,
  '0021-order-switched-provider': switchedProvider,
  '0022-landing-copy': landingCopy,
  '0023-staff-bounds': staffBounds,
  '0024-payment-currency': paymentCurrency,
  '0025-open-subscriptions': openSubscriptions,
  '0026-service-stats': serviceStats,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * A migrator whose bookkeeping tables live in the given schema, or on PostgreSQL in the
 * connection's current one: Kysely looks for `kysely_migration` in every schema when none is
 * named, so another schema's (a test's, another app's) would make it skip creating ours.
 */
async function migratorOf(db: Db, schema?: string): Promise<Migrator> {
  const own =
    schema ??
    (isPostgres(db)
      ? ((await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema ?? undefined)
      : undefined);
  return new Migrator({ db, provider, ...(own ? { migrationTableSchema: own } : {}) });
}

/**
 * Brings the schema up to date; throws (naming the migration) if one fails. `schema` keeps
 * Kysely's bookkeeping tables in a PostgreSQL schema of their own (tests run one per suite).
 */
export async function migrateToLatest(
  db: Db,
  { schema }: { schema?: string } = {},
): Promise<string[]> {
  const migrator = await migratorOf(db, schema);
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${(error as Error).message ?? error}`);
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/** The migrations this build knows that the database has not applied (readiness). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = await migratorOf(db);
  return (await migrator.getMigrations())
    .filter((migration) => !migration.executedAt)
    .map((migration) => migration.name);
}
