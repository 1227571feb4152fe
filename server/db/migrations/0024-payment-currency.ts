import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

/**
 * A payment may be charged in another currency than what it pays for (a rouble account paying
 * by a card that takes dollars, converted at the shop's rate): `amount`/`currency` stay what
 * the gateway charged, `credit_amount`/`credit_currency` what it is worth to the shop (the
 * order's cost, or what a top-up credits to the balance). Earlier rows were charged in their
 * own currency.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('payments').addColumn('credit_amount', 'bigint').execute();
  await db.schema.alterTable('payments').addColumn('credit_currency', 'text').execute();
  await sql`UPDATE payments SET credit_amount = amount, credit_currency = currency`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('credit_currency').execute();
  await db.schema.alterTable('payments').dropColumn('credit_amount').execute();
}
