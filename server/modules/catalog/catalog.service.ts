import {
  type Client,
  type CostPair,
  FAKE_PLATFORM,
  isMultiTag,
  MAX_LINKS,
  MAX_POSTS,
  multiTwinOf,
  NO_FIGURES,
  orderLimits,
  type PriceTable,
  type ServiceFigures,
  type ServiceType,
  type ServiceView,
} from '../../../shared/catalog.ts';
import { CATALOG_CACHE_TTL_MS } from '../../../shared/constants.ts';
import { convertMinor } from '../../../shared/currency-conversion.ts';
import { isLinkKind } from '../../../shared/link-rules.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/locales.ts';
import type { ServiceKind } from '../../../shared/platforms.ts';
import { type DiscountGroup, quote } from '../../../shared/pricing.ts';
import type { Currency } from '../../../shared/regions.ts';
import { SERVICE_PAGES, SHOWN_SERVICE_LABELS } from '../../../shared/service-pages.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseJson, ttlCache } from '../../lib/ttl-cache.ts';
import {
  findServiceProvider,
  loadCatalogRows,
  loadCurrencyRows,
  loadLevelRows,
  setCurrencyRates,
  upsertPriceTier,
} from './catalog.repository.ts';
import {
  type CatalogService_,
  type DiscountLevelView,
  keyOf,
  memoized,
  type Snapshot,
  snapshotOf,
  toLevelView,
  type Viewer,
} from './catalog-snapshot.ts';
import { createCatalogStaff } from './catalog-staff.ts';

export const GUEST: Viewer = { staff: false, level: 1 };

/** One entry of the service menu: `from` is the price of the smallest order. */
export interface MenuItem {
  tag: string;
  name: string;
  type: ServiceType;
  page: string | null;
  from: number;
}

export interface ServiceQuery {
  client: Client;
  lang?: Locale;
  /** every one of these labels must be on the service */
  labels?: string[];
  platform?: string;
  type?: ServiceType;
  tag?: string;
  /** a case-insensitive part of the name or the tag */
  search?: string;
}

export interface PriceQuery extends ServiceQuery {
  currencies: Currency[];
  counts: number[];
}

export type CatalogService = ReturnType<typeof createCatalogService>;

/**
 * Where the catalogue reads each service's figures of the last 30 days: the orders module's
 * `serviceStats` (its one reader of `service_stats`), handed in by server/services.ts.
 */
export interface FiguresSource {
  byTag(): Promise<Map<string, ServiceFigures>>;
}

/**
 * The catalogue, prices and discount levels, read from one in-memory snapshot that lives
 * CATALOG_CACHE_TTL_MS (SPEC §9: services and costs cache 5 minutes) and is dropped at once
 * when this process changes catalogue data. Other instances follow within the TTL.
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
  const snapshot = () => cache.get();
  // the staff console's reads and writes; each write drops the snapshot
  const staff = createCatalogStaff({ db, invalidate: () => cache.drop() });

  const visibleTo = (service: CatalogService_, viewer: Viewer) =>
    viewer.staff || service.row.platform !== FAKE_PLATFORM;

  function matches(service: CatalogService_, query: ServiceQuery, viewer: Viewer): boolean {
    if (!visibleTo(service, viewer)) return false;
    if (!service.labels.includes(query.client)) return false;
    if (query.labels && !query.labels.every((label) => service.labels.includes(label)))
      return false;
    if (query.platform && service.row.platform !== query.platform) return false;
    if (query.type && service.type !== query.type) return false;
    if (query.tag && service.row.tag !== query.tag) return false;
    if (query.search) {
      const needle = query.search.toLowerCase();
      const name = service.texts.get(query.lang ?? DEFAULT_LOCALE)?.name ?? '';
      if (!name.toLowerCase().includes(needle) && !service.row.tag.toLowerCase().includes(needle))
        return false;
    }
    return true;
  }

  function viewOf(
    service: CatalogService_,
    snap: Snapshot,
    client: Client,
    lang: Locale,
    viewer: Viewer,
  ): ServiceView {
    const { row } = service;
    const text = service.texts.get(lang) ?? service.texts.get(DEFAULT_LOCALE);
    const twin = isMultiTag(row.tag) ? undefined : snap.byTag.get(multiTwinOf(row.tag));
    const lk = client === 'CLIENT_LK';
    return {
      tag: row.tag,
      platform: row.platform as ServiceView['platform'],
      kind: row.kind as ServiceKind | 'test',
      type: service.type,
      name: text?.name ?? row.tag,
      description: text?.description ?? '',
      labels: service.labels,
      min_order: lk ? row.lk_min_order : row.min_order,
      max_order: lk ? row.lk_max_order : row.max_order,
      max_order_other: service.labels.includes(lk ? 'CLIENT_MAIN' : 'CLIENT_LK')
        ? lk
          ? row.max_order
          : row.lk_max_order
        : null,
      ...(viewer.staff ? { min: row.min, max: row.max } : {}),
      link_kinds: parseJson<unknown[]>(row.link_kinds, []).filter(isLinkKind),
      page: row.page_id,
      multi: twin?.labels.includes(client) ? twin.row.tag : null,
      discount_group: row.discount_group as DiscountGroup,
      ...(snap.figures ? { stats: snap.figures.get(row.tag) ?? NO_FIGURES } : {}),
    };
  }

  function percentFor(snap: Snapshot, viewer: Viewer, group: DiscountGroup): number {
    const level = snap.levels.find((entry) => entry.level === viewer.level);
    return level?.percent[group] ?? 0;
  }

  function costOf(
    snap: Snapshot,
    service: CatalogService_,
    client: Client,
    currency: Currency,
    count: number,
    viewer: Viewer,
  ): CostPair {
    const tiers = service.tiers.get(`${client}|${currency}`);
    if (!tiers?.length)
      throw new AppError(`The service has no price in this currency: ${currency}`, 400);
    const percent = percentFor(snap, viewer, service.row.discount_group as DiscountGroup);
    const { cost, discount } = quote(tiers, count, { percent, minCharge: 1 });
    return [cost, discount];
  }

  function priceTableOf(snap: Snapshot, query: PriceQuery, viewer: Viewer): PriceTable {
    const table: PriceTable = {};
    const services = snap.services.filter((service) => matches(service, query, viewer));
    for (const currency of query.currencies) {
      const byTag: Record<string, Record<string, { cost: number; discount: number }>> = {};
      for (const service of services) {
        const limits = orderLimits(
          viewOf(service, snap, query.client, DEFAULT_LOCALE, viewer),
          viewer.staff,
        );
        const byCount: Record<string, { cost: number; discount: number }> = {};
        for (const count of query.counts) {
          if (count < limits.min || count > limits.max) continue;
          if (!service.tiers.get(`${query.client}|${currency}`)?.length) continue;
          const [cost, discount] = costOf(snap, service, query.client, currency, count, viewer);
          byCount[String(count)] = { cost, discount };
        }
        byTag[service.row.tag] = byCount;
      }
      table[currency] = byTag;
    }
    return table;
  }

  return {
    staff,

    /** Services carry their figures (`stats`) from now on, read from `source`. */
    figuresFrom(source: FiguresSource): void {
      figuresSource = source;
      cache.drop();
    },

    async services(query: ServiceQuery, viewer: Viewer): Promise<ServiceView[]> {
      const snap = await snapshot();
      const lang = query.lang ?? DEFAULT_LOCALE;
      return memoized(snap, keyOf('services', query, viewer), () =>
        snap.services
          .filter((service) => matches(service, query, viewer))
          .map((service) => viewOf(service, snap, query.client, lang, viewer)),
      );
    },

    /** The row id of a service (orders refer to it). */
    async serviceId(tag: string): Promise<number> {
      const service = (await snapshot()).byTag.get(tag);
      if (!service) throw new AppError(`Unknown service: ${tag}`, 404);
      return service.row.id;
    },

    /** One service as the viewer may order it, or a 404. */
    async service(tag: string, client: Client, viewer: Viewer, lang?: Locale) {
      const snap = await snapshot();
      const service = snap.byTag.get(tag);
      if (!service || !matches(service, { client }, viewer))
        throw new AppError(`Unknown service: ${tag}`, 404);
      return viewOf(service, snap, client, lang ?? DEFAULT_LOCALE, viewer);
    },

    /**
     * prices/tiny and informers/tiny: per currency, tag and count, cost and discount. Counts
     * outside a service's limits for the viewer are left out.
     */
    async priceTable(query: PriceQuery, viewer: Viewer): Promise<PriceTable> {
      const snap = await snapshot();
      return memoized(snap, keyOf('prices', query, viewer), () =>
        priceTableOf(snap, query, viewer),
      );
    },

    /** DOMAIN.md orderCost: [cost, discount] for a count within the viewer's limits. */
    async orderCost(
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
      const times =
        service.type === 'AUTO' ? MAX_POSTS : isMultiTag(service.row.tag) ? MAX_LINKS : 1;
      if (input.count < limits.min || input.count > limits.max * times)
        throw new AppError(`The quantity must be from ${limits.min} to ${limits.max * times}`, 400);
      return costOf(snap, service, input.client, input.currency, input.count, viewer);
    },

    /** user_services/tags_by_cur: the service menu per currency with the lowest order's price. */
    async menu(client: Client, lang: Locale, currencies: Currency[], viewer: Viewer) {
      const snap = await snapshot();
      return memoized(snap, keyOf('menu', { client, lang, currencies }, viewer), () => {
        const services = snap.services.filter((service) =>
          matches(service, { client, labels: ['VISIBLE'] }, viewer),
        );
        const data: Partial<Record<Currency, Record<string, MenuItem[]>>> = {};
        for (const currency of currencies) {
          const byPlatform: Record<string, MenuItem[]> = {};
          for (const service of services) {
            const view = viewOf(service, snap, client, lang, viewer);
            const { min } = orderLimits(view, viewer.staff);
            if (!service.tiers.get(`${client}|${currency}`)?.length) continue;
            const [from] = costOf(snap, service, client, currency, min, viewer);
            byPlatform[view.platform] ??= [];
            byPlatform[view.platform]!.push({
              tag: view.tag,
              name: view.name,
              type: view.type,
              page: view.page,
              from,
            });
          }
          data[currency] = byPlatform;
        }
        return data;
      });
    },

    async currencies() {
      return (await snapshot()).currencies;
    },

    /** New rates (roubles per unit, from the rates job); prices follow at once. */
    async setRates(rates: Partial<Record<Currency, number>>, at: Date): Promise<void> {
      await setCurrencyRates(db, rates as Record<string, number>, at.toISOString());
      cache.drop();
    },

    /** When the stored rates were last set (the oldest of them). */
    async ratesUpdatedAt(): Promise<Date | null> {
      const rows = await loadCurrencyRows(db);
      const times = rows
        .filter((row) => row.code !== 'RUB')
        .map((row) => Date.parse(row.updated_at));
      return times.length ? new Date(Math.min(...times)) : null;
    },

    /**
     * Minor units of one currency in another at the stored rates (shared/currency-conversion.ts),
     * 0 without a rate; inside a transaction pass `trx`, which reads the rates through it (an
     * SQLite connection held by a transaction cannot also load the snapshot).
     */
    async convert(minor: number, from: string, to: string, trx?: Db): Promise<number> {
      if (from === to) return minor;
      const rates = trx
        ? (await loadCurrencyRows(trx)).map((row) => ({
            code: row.code,
            amount: Number(row.amount),
          }))
        : (await snapshot()).currencies;
      return convertMinor(minor, from, to, rates) ?? 0;
    },

    /** Which provider sells a service, and under what id there (read fresh: operators map it). */
    providerOf(serviceId: number) {
      return findServiceProvider(db, serviceId);
    },

    /** Every service with its staff limits: what the built-in simulator sells. */
    async stock(): Promise<{ tag: string; platform: string; min: number; max: number }[]> {
      return (await snapshot()).services.map(({ row }) => ({
        tag: row.tag,
        platform: row.platform,
        min: row.min,
        max: row.max,
      }));
    },

    /**
     * The discount levels: from the snapshot, or read through `trx` inside a transaction (an
     * SQLite connection held by a transaction cannot also load the snapshot).
     */
    async levels(trx?: Db): Promise<DiscountLevelView[]> {
      if (trx) return (await loadLevelRows(trx)).map(toLevelView);
      return (await snapshot()).levels;
    },

    /** Staff price edit: writes the tier, then drops the cache so the next read sees it. */
    async setPriceTier(
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
      this.invalidate();
    },

    /**
     * The service pages (shared/service-pages.ts) none of whose services the storefront sells
     * now: staff hid or disabled them. Their pages answer 404 and nothing links to them.
     */
    async hiddenServicePages(): Promise<string[]> {
      const snap = await snapshot();
      return memoized(snap, 'hidden-service-pages', () => {
        const shown = new Set(
          snap.services
            .filter(
              (service) =>
                service.row.platform !== FAKE_PLATFORM &&
                !isMultiTag(service.row.tag) &&
                SHOWN_SERVICE_LABELS.every((label) => service.labels.includes(label)),
            )
            .map((service) => service.row.page_id),
        );
        return SERVICE_PAGES.filter((page) => !shown.has(page.id)).map((page) => page.id);
      });
    },

    /** Drops the snapshot: call after any write to catalogue tables. */
    invalidate(): void {
      cache.drop();
    },
  };
}

export type { DiscountLevelView, Viewer };
