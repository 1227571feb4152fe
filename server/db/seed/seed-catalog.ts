import de from '#locales/de.json' with { type: 'json' };
import en from '#locales/en.json' with { type: 'json' };
import es from '#locales/es.json' with { type: 'json' };
import it from '#locales/it.json' with { type: 'json' };
import pt from '#locales/pt.json' with { type: 'json' };
import ru from '#locales/ru.json' with { type: 'json' };
import tr from '#locales/tr.json' with { type: 'json' };
import { CLIENTS } from '#shared/catalog.ts';
import { LOCALES, type Locale } from '#shared/locales.ts';
import { DISCOUNT_LEVELS } from '#shared/pricing.ts';
import { CURRENCIES } from '#shared/regions.ts';
import { LANDING_MESSAGES } from '../../modules/content/landing-messages.ts';
import type { Db } from '../database.ts';
import {
  CURRENCY_SEEDS,
  labelsOf,
  PAYMENT_GROUP_SEEDS,
  PAYMENT_METHOD_SEEDS,
  SERVICE_SEEDS,
  type ServiceSeed,
  SIMULATOR_PROVIDER,
  tiersOf,
} from './catalog-data.ts';

/** The interface messages (names) and the landings' own texts (the services' short lines). */
const INTERFACE: Record<Locale, Record<string, string>> = { ru, en, de, es, it, pt, tr };
const MESSAGES = Object.fromEntries(
  LOCALES.map((lang) => [lang, { ...INTERFACE[lang], ...LANDING_MESSAGES[lang] }]),
) as Record<Locale, Record<string, string>>;

/** Name and short description of a seeded service in one language, from the locale files. */
function textsOf(seed: ServiceSeed, lang: Locale): { name: string; description: string } {
  const messages = MESSAGES[lang];
  if (seed.platform === 'fake') {
    const key = `catalog.fake.${seed.tag === 'FAKE_LIKES' ? 'likes' : 'followers'}`;
    return { name: messages[`${key}.name`]!, description: messages[`${key}.short`]! };
  }
  const name = messages[`service.${seed.page}.name`]!;
  const description = messages[`service.${seed.page}.short`]!;
  if (!seed.tag.endsWith('_MULTI')) return { name, description };
  return {
    name: messages['catalog.multiName']!.replace('{name}', name),
    description: messages['catalog.multiShort']!,
  };
}

const minor = (major: number) => Math.round(major * 100);

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 400) {
    await insert(rows.slice(start, start + 400));
  }
}

/**
 * Writes the catalogue of catalog-data.ts: services are upserted by tag, and their texts and
 * price tiers replaced; currencies, levels, groups and methods upserted. Running it again
 * changes nothing; it runs in one transaction, so a failure leaves the old catalogue.
 * Currency rates already stored are kept (the worker refreshes them).
 */
export async function seedCatalog(db: Db, now = new Date()): Promise<{ services: number }> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    // the built-in simulator is the provider until an operator connects a real panel
    await trx
      .insertInto('providers')
      .values(SIMULATOR_PROVIDER)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const serviceRows = SERVICE_SEEDS.map((seed) => ({
      tag: seed.tag,
      platform: seed.platform,
      kind: seed.kind,
      page_id: seed.page,
      labels: JSON.stringify(labelsOf(seed)),
      min: seed.staff[0],
      max: seed.staff[1],
      min_order: seed.main[0],
      max_order: seed.main[1],
      lk_min_order: seed.lk[0],
      lk_max_order: seed.lk[1],
      link_kinds: JSON.stringify(seed.linkKinds),
      discount_group: seed.discountGroup,
      provider_id: SIMULATOR_PROVIDER.id,
      provider_service: seed.tag,
      sort: seed.sort,
      updated_at: at,
    }));
    const ids = new Map<string, number>();
    for (const row of serviceRows) {
      // an operator's provider mapping outlives a re-seed: it is set on insert only
      const { tag: _tag, provider_id: _provider, provider_service: _service, ...changes } = row;
      const saved = await trx
        .insertInto('services')
        .values(row)
        .onConflict((oc) => oc.column('tag').doUpdateSet(changes))
        .returning(['id', 'tag'])
        .executeTakeFirstOrThrow();
      ids.set(saved.tag, saved.id);
    }
    const serviceIds = [...ids.values()];
    await trx.deleteFrom('service_texts').where('service_id', 'in', serviceIds).execute();
    await trx.deleteFrom('price_tiers').where('service_id', 'in', serviceIds).execute();

    const texts = SERVICE_SEEDS.flatMap((seed) =>
      LOCALES.map((lang) => ({ service_id: ids.get(seed.tag)!, lang, ...textsOf(seed, lang) })),
    );
    await insertInChunks(texts, (chunk) => trx.insertInto('service_texts').values(chunk).execute());

    const tiers = SERVICE_SEEDS.flatMap((seed) =>
      CLIENTS.flatMap((client) =>
        CURRENCIES.flatMap((currency) =>
          tiersOf(seed, client, currency).map((tier) => ({
            service_id: ids.get(seed.tag)!,
            client,
            currency,
            from_count: tier.from,
            micro: tier.micro,
          })),
        ),
      ),
    );
    await insertInChunks(tiers, (chunk) => trx.insertInto('price_tiers').values(chunk).execute());

    for (const code of CURRENCIES) {
      await trx
        .insertInto('currencies')
        .values({ code, amount: CURRENCY_SEEDS[code], updated_at: at })
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
    }

    for (const level of DISCOUNT_LEVELS) {
      const row = {
        level: level.level,
        from_rub: minor(level.from.RUB),
        from_usd: minor(level.from.USD),
        from_eur: minor(level.from.EUR),
        percents: JSON.stringify(level.percent),
        personal_manager: level.personalManager ? 1 : 0,
      };
      const { level: _level, ...changes } = row;
      await trx
        .insertInto('discount_levels')
        .values(row)
        .onConflict((oc) => oc.column('level').doUpdateSet(changes))
        .execute();
    }

    for (const group of PAYMENT_GROUP_SEEDS) {
      await trx
        .insertInto('payment_groups')
        .values(group)
        .onConflict((oc) => oc.column('id').doUpdateSet({ sort: group.sort }))
        .execute();
    }
    for (const [index, method] of PAYMENT_METHOD_SEEDS.entries()) {
      const limits = Object.fromEntries(
        Object.entries(method.limits).map(([cur, range]) => [
          cur,
          { min: minor(range.min), max: minor(range.max) },
        ]),
      );
      const row = {
        id: method.id,
        code: method.code,
        gateway: method.gateway,
        group_id: method.group,
        sort: index,
        currencies: JSON.stringify(method.currencies),
        limits: JSON.stringify(limits),
        country_filter: method.filter,
        countries: JSON.stringify(method.countries),
        show_agreement_flag: method.agreement ? 1 : 0,
        enabled: 1,
      };
      const { id: _id, ...changes } = row;
      await trx
        .insertInto('payment_methods')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(changes))
        .execute();
    }
  });
  return { services: SERVICE_SEEDS.length };
}

/** Seeds only an empty catalogue, so a start never overwrites what operators changed. */
export async function seedCatalogIfEmpty(db: Db): Promise<boolean> {
  const any = await db.selectFrom('services').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  await seedCatalog(db);
  return true;
}
