import { AppError } from '#server/lib/app-error.ts';
import { SERVICE_TYPES, type ServiceType } from '#shared/catalog.ts';
import { PLATFORMS } from '#shared/platforms.ts';
import { per1000Major, type TierInversion, tierFor, tierInversion } from '#shared/pricing.ts';
import type {
  StaffImportBody,
  StaffServiceBody,
  StaffTiersBody,
} from '#shared/schemas/staff-catalogue.schemas.ts';
import type {
  StaffImportDiff,
  StaffPrices,
  StaffService,
  StaffTierSet,
  UpstreamServiceView,
} from '#shared/staff-catalogue.ts';
import type { CatalogService } from '../../catalog/catalog.service.ts';
import type { NewService, TierGroup } from '../../catalog/catalog-staff.ts';
import type { ProvidersAdmin } from '../../fulfilment/providers-admin.service.ts';
import type { Audit } from '../audit.service.ts';
import type { StaffActor } from '../staff-access.ts';

export const STAFF_CATALOGUE_ERRORS = {
  provider: 'Unknown provider',
  ascending: 'Tier starts go up, each above the one before',
  firstTier: 'The first tier starts at or below the service’s smallest minimum',
  upstream: 'The provider does not list this service',
  platform: 'Give the platform: the provider’s category names none',
  limits: 'The provider’s minimum and maximum are not usable',
  noRates: 'No currency rate to convert the provider’s currency',
  unreachable: 'The provider’s services list could not be read',
} as const;

/** A price list where a larger quantity costs more per unit (shared/pricing.ts tierInversion). */
export function invertedTiersMessage({ smaller, larger }: TierInversion): string {
  return (
    `The price per 1000 at ${larger.from}+ (${per1000Major(larger.micro)}) is above the price ` +
    `at ${smaller.from}+ (${per1000Major(smaller.micro)}): a larger quantity may not cost more per unit`
  );
}

/** The kind a new service of a type is (an import that names none). */
const KIND: Record<ServiceType, string> = {
  LIKES: 'likes',
  SUBS: 'followers',
  FRIENDS: 'friends',
  VIEWS: 'views',
  AUTO: 'auto-likes',
  COMMENTS: 'comments',
  REPOSTS: 'reposts',
  SHORTS: 'reels-views',
  STAT: 'views',
  REACTIONS: 'reactions',
  OTHER: 'views',
};

/** Words of a provider's service that tell its type. */
const TYPE_WORDS: [RegExp, ServiceType][] = [
  [/auto/i, 'AUTO'],
  [/comment/i, 'COMMENTS'],
  [/follow|subscri/i, 'SUBS'],
  [/friend/i, 'FRIENDS'],
  [/repost|share/i, 'REPOSTS'],
  [/reaction/i, 'REACTIONS'],
  [/like/i, 'LIKES'],
  [/view|play/i, 'VIEWS'],
];

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** What createStaffCatalogue is made with. */
export interface StaffCatalogueDeps {
  catalog: CatalogService;
  providers: ProvidersAdmin;
  audit: Audit;
}

/** What the functions below work with: the dependencies. */
export function staffCatalogueContext({ catalog, providers, audit }: StaffCatalogueDeps) {
  return { catalog, providers, audit };
}

export type StaffCatalogueContext = ReturnType<typeof staffCatalogueContext>;

export function noteOf({ audit }: StaffCatalogueContext, actor: StaffActor) {
  return (trx: Parameters<Audit['record']>[0], entry: Parameters<Audit['record']>[2]) =>
    audit.record(trx, actor, entry);
}

/** Roubles per unit of each stored currency. */
export async function rates({ catalog }: StaffCatalogueContext): Promise<Map<string, number>> {
  return new Map((await catalog.currencies()).map((rate) => [rate.code, rate.amount]));
}

/** A provider's rate per 1000 (its currency, major units) in minor units of `currency`. */
export function per1000In(
  rate: string,
  from: string,
  currency: string,
  known: Map<string, number>,
): number | null {
  const value = Number(rate);
  const rateFrom = known.get(from);
  const rateTo = known.get(currency);
  if (!Number.isFinite(value) || !rateFrom || !rateTo) return null;
  return round((value * 100 * rateFrom) / rateTo, 3);
}

export function setOf(group: TierGroup, providerPer1000: number | null): StaffTierSet {
  const tiers = [...group.tiers].sort((a, b) => a.from - b.from);
  const first = tiers[0]!;
  const at1000 = tiers.some((tier) => tier.from <= 1000) ? tierFor(tiers, 1000) : first;
  const markupOf = (micro: number) =>
    providerPer1000 ? round(micro / 1000 / providerPer1000, 2) : null;
  return {
    client: group.client,
    currency: group.currency,
    tiers: tiers.map((tier) => ({
      from: tier.from,
      micro: tier.micro,
      per1000: tier.micro / 1000,
      markup: markupOf(tier.micro),
    })),
    per1000: at1000.micro / 1000,
    provider_per1000: providerPer1000,
    markup: markupOf(at1000.micro),
  };
}

export async function upstreamList({ providers }: StaffCatalogueContext, providerId: string) {
  try {
    return await providers.services(providerId);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(`${STAFF_CATALOGUE_ERRORS.unreachable}: ${(error as Error).message}`, 502);
  }
}

export async function mustExist({ providers }: StaffCatalogueContext, id: string | undefined) {
  if (id !== undefined && !(await providers.exists(id)))
    throw new AppError(`${STAFF_CATALOGUE_ERRORS.provider}: ${id}`, 400);
}

export async function edit(
  ctx: StaffCatalogueContext,
  actor: StaffActor,
  tag: string,
  body: StaffServiceBody,
): Promise<StaffService> {
  const { catalog } = ctx;
  await mustExist(ctx, body.provider_id);
  await mustExist(ctx, body.fallback?.provider_id);
  return catalog.staff.edit(tag, body, noteOf(ctx, actor));
}

/** A service's tiers per client and currency beside the provider's rate and the markup. */
export async function prices(ctx: StaffCatalogueContext, tag: string): Promise<StaffPrices> {
  const { catalog, providers } = ctx;
  const service = await catalog.staff.service(tag);
  const groups = await catalog.staff.tiers(tag);
  const { provider_id: id, provider_service: serviceId } = service.mapping;
  let rate: string | null = null;
  let currency: string | null = null;
  let error: string | null = null;
  if (id && serviceId) {
    try {
      const list = await providers.services(id);
      currency = list.currency;
      rate = list.list.find((entry) => entry.service === serviceId)?.rate ?? null;
      if (rate === null) error = STAFF_CATALOGUE_ERRORS.upstream;
    } catch (failure) {
      error = (failure as Error).message;
    }
  }
  const known = await rates(ctx);
  return {
    tag,
    provider: { id, service: serviceId, currency, rate, error },
    sets: groups.map((group) =>
      setOf(
        group,
        rate !== null && currency ? per1000In(rate, currency, group.currency, known) : null,
      ),
    ),
  };
}

export async function setPrices(
  ctx: StaffCatalogueContext,
  actor: StaffActor,
  tag: string,
  body: StaffTiersBody,
): Promise<StaffPrices> {
  const { catalog } = ctx;
  const service = await catalog.staff.service(tag);
  const tiers = body.tiers.map((tier) => ({ from: tier.from, micro: tier.micro }));
  for (let index = 1; index < tiers.length; index += 1)
    if (tiers[index]!.from <= tiers[index - 1]!.from)
      throw new AppError(STAFF_CATALOGUE_ERRORS.ascending, 400);
  if (tiers[0]!.from > Math.min(service.min, service.min_order, service.lk_min_order))
    throw new AppError(STAFF_CATALOGUE_ERRORS.firstTier, 400);
  const inverted = tierInversion(tiers);
  if (inverted) throw new AppError(invertedTiersMessage(inverted), 400);
  await catalog.staff.setTiers(
    tag,
    { client: body.client as TierGroup['client'], currency: body.currency, tiers },
    noteOf(ctx, actor),
  );
  return prices(ctx, tag);
}

/** The provider's `services` list against our mapping. */
export async function diff(
  ctx: StaffCatalogueContext,
  providerId: string,
): Promise<StaffImportDiff> {
  const { catalog } = ctx;
  const { currency, list } = await upstreamList(ctx, providerId);
  const ours = await catalog.staff.list();
  const mapped = new Map<string, StaffService>();
  const anyMapping = new Set<string>();
  for (const service of ours) {
    const { mapping } = service;
    if (mapping.provider_id === providerId && mapping.provider_service) {
      mapped.set(mapping.provider_service, service);
      anyMapping.add(mapping.provider_service);
    }
    if (mapping.fallback_provider_id === providerId && mapping.fallback_service)
      anyMapping.add(mapping.fallback_service);
  }
  const theirs = new Map(list.map((entry) => [entry.service, entry]));
  const changed: StaffImportDiff['changed'] = [];
  const gone: StaffImportDiff['gone'] = [];
  for (const [id, service] of mapped) {
    const entry = theirs.get(id);
    if (!entry) {
      gone.push({ tag: service.tag, service: id });
      continue;
    }
    const rateChanged =
      service.mapping.provider_rate !== null &&
      Number(service.mapping.provider_rate) !== Number(entry.rate);
    if (rateChanged || entry.min > service.min || entry.max < service.max)
      changed.push({
        tag: service.tag,
        service: id,
        ours: { rate: service.mapping.provider_rate, min: service.min, max: service.max },
        theirs: { rate: entry.rate, min: entry.min, max: entry.max },
      });
  }
  return {
    provider: { id: providerId, currency },
    added: list.filter((entry) => !anyMapping.has(entry.service)),
    changed,
    gone,
  };
}

/** Chosen services of a provider as new services of ours, mapped to it. */
export async function importServices(
  ctx: StaffCatalogueContext,
  actor: StaffActor,
  providerId: string,
  body: StaffImportBody,
) {
  const { catalog } = ctx;
  const { currency, list } = await upstreamList(ctx, providerId);
  const theirs = new Map(list.map((entry) => [entry.service, entry]));
  const known = await rates(ctx);
  const items = body.items.map((item): NewService => {
    const entry = theirs.get(item.service);
    if (!entry) throw new AppError(`${STAFF_CATALOGUE_ERRORS.upstream}: ${item.service}`, 400);
    const platform = item.platform ?? platformOf(entry);
    if (!platform) throw new AppError(`${STAFF_CATALOGUE_ERRORS.platform}: ${item.service}`, 400);
    const type = (item.type as ServiceType | undefined) ?? typeOf(entry);
    if (!(entry.min >= 1 && entry.max >= entry.min && Number.isSafeInteger(entry.max)))
      throw new AppError(`${STAFF_CATALOGUE_ERRORS.limits}: ${item.service}`, 400);
    const micro: Record<string, number> = {};
    for (const code of known.keys()) {
      const per1000 = per1000In(entry.rate, currency, code, known);
      if (per1000 === null) throw new AppError(STAFF_CATALOGUE_ERRORS.noRates, 400);
      micro[code] = Math.max(1, Math.round(per1000 * body.markup * 1000));
    }
    return {
      tag: item.tag,
      platform,
      kind: item.kind ?? KIND[type],
      type,
      name: entry.name.slice(0, 200) || item.tag,
      min: entry.min,
      max: entry.max,
      provider_id: providerId,
      provider_service: entry.service,
      provider_rate: entry.rate,
      micro,
    };
  });
  return { services: await catalog.staff.import(items, noteOf(ctx, actor)) };
}

/**
 * The staff console's catalogue, prices, import and providers: the
 * catalogue's and fulfilment's services with the actor's audit row in each write's
 * transaction, and the rules that join them (a mapping names known providers; a price tier
 * list goes up and never costs more per unit at a larger quantity; an import prices from the
 * provider's rate × a markup).
 */
export function createStaffCatalogue(deps: StaffCatalogueDeps) {
  const ctx = staffCatalogueContext(deps);
  const { catalog, providers } = ctx;
  return Object.freeze({
    list: () => catalog.staff.list(),
    service: (tag: string) => catalog.staff.service(tag),
    edit: (actor: StaffActor, tag: string, body: StaffServiceBody) => edit(ctx, actor, tag, body),
    prices: (tag: string) => prices(ctx, tag),
    setPrices: (actor: StaffActor, tag: string, body: StaffTiersBody) =>
      setPrices(ctx, actor, tag, body),
    diff: (providerId: string) => diff(ctx, providerId),
    import: (actor: StaffActor, providerId: string, body: StaffImportBody) =>
      importServices(ctx, actor, providerId, body),
    providers: {
      list: (balance: boolean) => providers.list({ balance }),
      add: (actor: StaffActor, body: Parameters<ProvidersAdmin['add']>[0]) =>
        providers.add(body, noteOf(ctx, actor)),
      test: (actor: StaffActor, id: string) => providers.test(id, noteOf(ctx, actor)),
      setEnabled: (actor: StaffActor, id: string, enabled: boolean) =>
        providers.setEnabled(id, enabled, noteOf(ctx, actor)),
    },
  });
}

/** The platform a provider's category or name names, if one. */
function platformOf(entry: UpstreamServiceView): string | null {
  const words = `${entry.category} ${entry.name}`.toLowerCase();
  return PLATFORMS.find((platform) => words.includes(platform)) ?? null;
}

/** The type a provider's service reads as (OTHER when nothing tells). */
function typeOf(entry: UpstreamServiceView): ServiceType {
  const words = `${entry.type} ${entry.name} ${entry.category}`;
  const upper = entry.type.toUpperCase();
  if ((SERVICE_TYPES as readonly string[]).includes(upper)) return upper as ServiceType;
  return TYPE_WORDS.find(([pattern]) => pattern.test(words))?.[1] ?? 'OTHER';
}

export type StaffCatalogue = ReturnType<typeof createStaffCatalogue>;
