import {
  type Client,
  type CostPair,
  isMultiTag,
  MAX_LINKS,
  MAX_POSTS,
  orderLimits,
  type PriceTable,
  type ServiceFigures,
  type ServiceView,
} from '#shared/catalog.ts';
import { CATALOG_CACHE_TTL_MS } from '#shared/constants.ts';
import { convertMinor } from '#shared/currency-conversion.ts';
import { DEFAULT_LOCALE, type Locale } from '#shared/locales.ts';
import type { Currency } from '#shared/regions.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';
import {
  findServiceProvider,
  loadCatalogRows,
  loadCurrencyRows,
  loadLevelRows,
  setCurrencyRates,
  upsertPriceTier,
} from './catalog.repository.ts';
import {
  type DiscountLevelView,
  keyOf,
  memoized,
  type Snapshot,
  snapshotOf,
  toLevelView,
  type Viewer,
} from './catalog-snapshot.ts';
import { createCatalogStaff } from './catalog-staff.ts';
import {
  costOf,
  hiddenPagesOf,
  type MenuItem,
  matches,
  menuOf,
  type PriceQuery,
  priceTableOf,
  type ServiceQuery,
  viewOf,
} from './catalog-views.ts';

export type { MenuItem, PriceQuery, ServiceQuery };

export const GUEST: Viewer = { staff: false, level: 1 };

export type CatalogService = ReturnType<typeof createCatalogService>;

/**
 * Where the catalogue reads each service's figures of the last 30 days: the orders module's
 * `serviceStats` (its one reader of `service_stats`), handed in by server/services.ts.
 */
export interface FiguresSource {
  byTag(): Promise<Map<string, ServiceFigures>>;
}

/** What the catalogue's reads and writes work with: the database and its cached snapshot. */
export interface CatalogContext {
  db: Db;
  snapshot: () => Promise<Snapshot>;
  /** drops the snapshot: the next read loads it again */
  drop: () => void;
}

export async function listServices(
  { snapshot }: CatalogContext,
  query: ServiceQuery,
  viewer: Viewer,
): Promise<ServiceView[]> {
  const snap = await snapshot();
  const lang = query.lang ?? DEFAULT_LOCALE;
  return memoized(snap, keyOf('services', query, viewer), () =>
    snap.services
      .filter((service) => matches(service, query, viewer))
      .map((service) => viewOf(service, snap, query.client, lang, viewer)),
  );
}

/** The row id of a service (orders refer to it). */
export async function serviceIdOf({ snapshot }: CatalogContext, tag: string): Promise<number> {
  const service = (await snapshot()).byTag.get(tag);
  if (!service) throw new AppError(`Unknown service: ${tag}`, 404);
  return service.row.id;
}

/** One service as the viewer may order it, or a 404. */
export async function serviceFor(
  { snapshot }: CatalogContext,
  tag: string,
  client: Client,
  viewer: Viewer,
  lang?: Locale,
) {
  const snap = await snapshot();
  const service = snap.byTag.get(tag);
  if (!service || !matches(service, { client }, viewer))
    throw new AppError(`Unknown service: ${tag}`, 404);
  return viewOf(service, snap, client, lang ?? DEFAULT_LOCALE, viewer);
}

/**
 * prices/tiny and informers/tiny: per currency, tag and count, cost and discount. Counts
 * outside a service's limits for the viewer are left out.
 */
export async function priceTable(
  { snapshot }: CatalogContext,
  query: PriceQuery,
  viewer: Viewer,
): Promise<PriceTable> {
  const snap = await snapshot();
  return memoized(snap, keyOf('prices', query, viewer), () => priceTableOf(snap, query, viewer));
}

/** An order's [cost, discount] for a count within the viewer's limits. */
export async function orderCost(
  { snapshot }: CatalogContext,
  input: { tag: string; count: number; currency: Currency; client: Client },
  viewer: Viewer,
): Promise<CostPair> {
  const snap = await snapshot();
  const service = snap.byTag.get(input.tag);
  if (!service || !matches(service, { client: input.client }, viewer))
    throw new AppError(`Unknown service: ${input.tag}`, 404);
  const view = viewOf(service, snap, input.client, DEFAULT_LOCALE, viewer);
  const limits = orderLimits(view, viewer.staff);
  // auto and multi orders are priced on the total (posts or links × quantity): the
  // limits bound the quantity per post or link, so the total may reach that many times max
  const times = service.type === 'AUTO' ? MAX_POSTS : isMultiTag(service.row.tag) ? MAX_LINKS : 1;
  if (input.count < limits.min || input.count > limits.max * times)
    throw new AppError(`The quantity must be from ${limits.min} to ${limits.max * times}`, 400);
  return costOf(snap, service, input.client, input.currency, input.count, viewer);
}

/** user_services/tags_by_cur: the service menu per currency with the lowest order's price. */
export async function menu(
  { snapshot }: CatalogContext,
  client: Client,
  lang: Locale,
  currencies: Currency[],
  viewer: Viewer,
) {
  const snap = await snapshot();
  return memoized(snap, keyOf('menu', { client, lang, currencies }, viewer), () =>
    menuOf(snap, client, lang, currencies, viewer),
  );
}

/** New rates (roubles per unit, from the rates job); prices follow at once. */
export async function setRates(
  { db, drop }: CatalogContext,
  rates: Partial<Record<Currency, number>>,
  at: Date,
): Promise<void> {
  await setCurrencyRates(db, rates as Record<string, number>, at.toISOString());
  drop();
}

/** When the stored rates were last set (the oldest of them). */
export async function ratesUpdatedAt({ db }: CatalogContext): Promise<Date | null> {
  const rows = await loadCurrencyRows(db);
  const times = rows.filter((row) => row.code !== 'RUB').map((row) => Date.parse(row.updated_at));
  return times.length ? new Date(Math.min(...times)) : null;
}

/**
 * Minor units of one currency in another at the stored rates (shared/currency-conversion.ts),
 * 0 without a rate; inside a transaction pass `trx`, which reads the rates through it (an
 * SQLite connection held by a transaction cannot also load the snapshot).
 */
export async function convert(
  { snapshot }: CatalogContext,
  minor: number,
  from: string,
  to: string,
  trx?: Db,
): Promise<number> {
  if (from === to) return minor;
  const rates = trx
    ? (await loadCurrencyRows(trx)).map((row) => ({
        code: row.code,
        amount: Number(row.amount),
      }))
    : (await snapshot()).currencies;
  return convertMinor(minor, from, to, rates) ?? 0;
}

/** Every service with its staff limits: what the built-in simulator sells. */
export async function stock({
  snapshot,
}: CatalogContext): Promise<{ tag: string; platform: string; min: number; max: number }[]> {
  return (await snapshot()).services.map(({ row }) => ({
    tag: row.tag,
    platform: row.platform,
    min: row.min,
    max: row.max,
  }));
}

/**
 * The discount levels: from the snapshot, or read through `trx` inside a transaction (an
 * SQLite connection held by a transaction cannot also load the snapshot).
 */
export async function levels({ snapshot }: CatalogContext, trx?: Db): Promise<DiscountLevelView[]> {
  if (trx) return (await loadLevelRows(trx)).map(toLevelView);
  return (await snapshot()).levels;
}

/** Staff price edit: writes the tier, then drops the cache so the next read sees it. */
export async function setPriceTier(
  { db, snapshot, drop }: CatalogContext,
  tag: string,
  tier: { client: Client; currency: Currency; from: number; micro: number },
): Promise<void> {
  const snap = await snapshot();
  const service = snap.byTag.get(tag);
  if (!service) throw new AppError(`Unknown service: ${tag}`, 404);
  await upsertPriceTier(db, {
    service_id: service.row.id,
    client: tier.client,
    currency: tier.currency,
    from_count: tier.from,
    micro: tier.micro,
  });
  drop();
}

/**
 * The service pages (shared/service-pages.ts) none of whose services the storefront sells
 * now: staff hid or disabled them. Their pages answer 404 and nothing links to them.
 */
export async function hiddenServicePages({ snapshot }: CatalogContext): Promise<string[]> {
  const snap = await snapshot();
  return memoized(snap, 'hidden-service-pages', () => hiddenPagesOf(snap));
}

/**
 * The catalogue, prices and discount levels, read from one in-memory snapshot that lives
 * CATALOG_CACHE_TTL_MS (services and costs cache 5 minutes) and is dropped at once when this
 * process changes catalogue data. Other instances follow within the TTL.
 */
export function createCatalogService({
  db,
  ttlMs = CATALOG_CACHE_TTL_MS,
  now = () => Date.now(),
}: {
  db: Db;
  ttlMs?: number;
  now?: () => number;
}) {
  let figuresSource: FiguresSource | null = null;
  // the figures change hourly (the worker's job): read with the rest of the snapshot, once a TTL
  const cache = ttlCache(
    async () => {
      const [rows, figures] = await Promise.all([
        loadCatalogRows(db),
        figuresSource ? figuresSource.byTag() : null,
      ]);
      return snapshotOf(rows, figures);
    },
    ttlMs,
    now,
  );
  const ctx: CatalogContext = { db, snapshot: () => cache.get(), drop: () => cache.drop() };
  return Object.freeze({
    // the staff console's reads and writes; each write drops the snapshot
    staff: createCatalogStaff({ db, invalidate: () => cache.drop() }),

    /** Services carry their figures (`stats`) from now on, read from `source`. */
    figuresFrom(source: FiguresSource): void {
      figuresSource = source;
      cache.drop();
    },

    services: (query: ServiceQuery, viewer: Viewer) => listServices(ctx, query, viewer),
    serviceId: (tag: string) => serviceIdOf(ctx, tag),
    service: (tag: string, client: Client, viewer: Viewer, lang?: Locale) =>
      serviceFor(ctx, tag, client, viewer, lang),
    priceTable: (query: PriceQuery, viewer: Viewer) => priceTable(ctx, query, viewer),
    orderCost: (
      input: { tag: string; count: number; currency: Currency; client: Client },
      viewer: Viewer,
    ) => orderCost(ctx, input, viewer),
    menu: (client: Client, lang: Locale, currencies: Currency[], viewer: Viewer) =>
      menu(ctx, client, lang, currencies, viewer),
    currencies: async () => (await ctx.snapshot()).currencies,
    setRates: (rates: Partial<Record<Currency, number>>, at: Date) => setRates(ctx, rates, at),
    ratesUpdatedAt: () => ratesUpdatedAt(ctx),
    convert: (minor: number, from: string, to: string, trx?: Db) =>
      convert(ctx, minor, from, to, trx),
    /** Which provider sells a service, and under what id there (read fresh: operators map it). */
    providerOf: (serviceId: number) => findServiceProvider(db, serviceId),
    stock: () => stock(ctx),
    levels: (trx?: Db) => levels(ctx, trx),
    setPriceTier: (
      tag: string,
      tier: { client: Client; currency: Currency; from: number; micro: number },
    ) => setPriceTier(ctx, tag, tier),
    hiddenServicePages: () => hiddenServicePages(ctx),
    /** Drops the snapshot: call after any write to catalogue tables. */
    invalidate(): void {
      cache.drop();
    },
  });
}

export type { DiscountLevelView, Viewer };
