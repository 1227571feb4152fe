import type { Db } from '../../db/database.ts';

/** The whole catalogue in four queries: it is small (about 70 services) and read far more than written. */
export async function loadCatalogRows(db: Db) {
  const [services, texts, tiers, currencies, levels] = await Promise.all([
    db.selectFrom('services').selectAll().orderBy('sort').orderBy('id').execute(),
    db.selectFrom('service_texts').selectAll().execute(),
    db.selectFrom('price_tiers').selectAll().orderBy('service_id').orderBy('from_count').execute(),
    db.selectFrom('currencies').selectAll().orderBy('code').execute(),
    db.selectFrom('discount_levels').selectAll().orderBy('level').execute(),
  ]);
  return { services, texts, tiers, currencies, levels };
}

export type CatalogRows = Awaited<ReturnType<typeof loadCatalogRows>>;

/** The currency rates alone, through the caller's transaction (a bonus in another currency). */
export function loadCurrencyRows(db: Db) {
  return db.selectFrom('currencies').selectAll().orderBy('code').execute();
}

/** The discount levels alone, through the caller's transaction (a payment's settlement). */
export function loadLevelRows(db: Db) {
  return db.selectFrom('discount_levels').selectAll().orderBy('level').execute();
}

/** Sets one price tier (staff price edits); the caller drops the cache. */
export async function upsertPriceTier(
  db: Db,
  tier: { service_id: number; client: string; currency: string; from_count: number; micro: number },
): Promise<void> {
  await db
    .insertInto('price_tiers')
    .values(tier)
    .onConflict((oc) =>
      oc
        .columns(['service_id', 'client', 'currency', 'from_count'])
        .doUpdateSet({ micro: tier.micro }),
    )
    .execute();
}

/** Where a service is bought: its provider and id there, and its fallback's. */
export interface ServiceProvider {
  provider_id: string | null;
  provider_service: string | null;
  fallback_provider_id: string | null;
  fallback_service: string | null;
}

/** The provider a service is bought from and its id there; undefined for an unknown service. */
export function findServiceProvider(
  db: Db,
  serviceId: number,
): Promise<ServiceProvider | undefined> {
  return db
    .selectFrom('services')
    .select(['provider_id', 'provider_service', 'fallback_provider_id', 'fallback_service'])
    .where('id', '=', serviceId)
    .executeTakeFirst();
}

/** Sets the rates of some currencies (roubles per unit) and when they were set. */
export async function setCurrencyRates(
  db: Db,
  rates: Record<string, number>,
  at: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [code, amount] of Object.entries(rates))
      await trx
        .updateTable('currencies')
        .set({ amount, updated_at: at })
        .where('code', '=', code)
        .execute();
  });
}
