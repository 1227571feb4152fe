import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PriceTierRow, ServiceRow, ServicesTable } from './catalog.table.ts';

/** SQL of the staff console's catalogue writes (services, their texts and price tiers). */

export function serviceRowByTag(db: Db, tag: string): Promise<ServiceRow | undefined> {
  return db.selectFrom('services').selectAll().where('tag', '=', tag).executeTakeFirst();
}

export function textRowsOf(db: Db, serviceId: number) {
  return db
    .selectFrom('service_texts')
    .selectAll()
    .where('service_id', '=', serviceId)
    .orderBy('lang')
    .execute();
}

export function tierRowsOf(db: Db, serviceId: number): Promise<PriceTierRow[]> {
  return db
    .selectFrom('price_tiers')
    .selectAll()
    .where('service_id', '=', serviceId)
    .orderBy('client')
    .orderBy('currency')
    .orderBy('from_count')
    .execute();
}

type ServiceChanges = Omit<Updateable<ServicesTable>, 'id' | 'tag'>;

export async function updateService(db: Db, id: number, changes: ServiceChanges): Promise<void> {
  await db.updateTable('services').set(changes).where('id', '=', id).execute();
}

export async function upsertText(
  db: Db,
  text: { service_id: number; lang: string; name: string; description: string },
): Promise<void> {
  await db
    .insertInto('service_texts')
    .values(text)
    .onConflict((oc) =>
      oc
        .columns(['service_id', 'lang'])
        .doUpdateSet({ name: text.name, description: text.description }),
    )
    .execute();
}

/** Replaces a service's tiers of one client and currency. */
export async function replaceTiers(
  db: Db,
  serviceId: number,
  client: string,
  currency: string,
  tiers: { from: number; micro: number }[],
): Promise<void> {
  await db
    .deleteFrom('price_tiers')
    .where('service_id', '=', serviceId)
    .where('client', '=', client)
    .where('currency', '=', currency)
    .execute();
  if (tiers.length)
    await db
      .insertInto('price_tiers')
      .values(
        tiers.map((tier) => ({
          service_id: serviceId,
          client,
          currency,
          from_count: tier.from,
          micro: tier.micro,
        })),
      )
      .execute();
}

export async function insertService(
  db: Db,
  row: Omit<
    ServicesTable,
    'id' | 'provider_id' | 'fallback_provider_id' | 'fallback_service' | 'provider_rate'
  > & {
    provider_id: string;
    provider_rate: string;
  },
): Promise<number> {
  const saved = await db
    .insertInto('services')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return saved.id;
}

export async function lastSort(db: Db): Promise<number> {
  const row = await db
    .selectFrom('services')
    .select((eb) => eb.fn.max<number>('sort').as('sort'))
    .executeTakeFirst();
  return Number(row?.sort ?? 0);
}
