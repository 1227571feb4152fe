import {
  type Client,
  type CostPair,
  FAKE_PLATFORM,
  isMultiTag,
  multiTwinOf,
  NO_FIGURES,
  orderLimits,
  type PriceTable,
  type ServiceType,
  type ServiceView,
} from '#shared/catalog.ts';
import { isLinkKind } from '#shared/link-rules.ts';
import { DEFAULT_LOCALE, type Locale } from '#shared/locales.ts';
import type { ServiceKind } from '#shared/platforms.ts';
import { type DiscountGroup, quote } from '#shared/pricing.ts';
import type { Currency } from '#shared/regions.ts';
import { SERVICE_PAGES, SHOWN_SERVICE_LABELS } from '#shared/service-pages.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseJson } from '../../lib/ttl-cache.ts';
import type { CatalogService_, Snapshot, Viewer } from './catalog-snapshot.ts';

/**
 * The catalogue as a viewer sees it, read from one snapshot: which services match a query,
 * each service's view, its cost for a count, the price table, the menu and the hidden pages.
 */

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

/** A viewer sees every service but the fake platform's, which only staff see. */
export const visibleTo = (service: CatalogService_, viewer: Viewer) =>
  viewer.staff || service.row.platform !== FAKE_PLATFORM;

export function matches(service: CatalogService_, query: ServiceQuery, viewer: Viewer): boolean {
  if (!visibleTo(service, viewer)) return false;
  if (!service.labels.includes(query.client)) return false;
  if (query.labels && !query.labels.every((label) => service.labels.includes(label))) return false;
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

export function viewOf(
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

export function percentFor(snap: Snapshot, viewer: Viewer, group: DiscountGroup): number {
  const level = snap.levels.find((entry) => entry.level === viewer.level);
  return level?.percent[group] ?? 0;
}

export function costOf(
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

export function priceTableOf(snap: Snapshot, query: PriceQuery, viewer: Viewer): PriceTable {
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

/** The service menu per currency, each service with the price of its smallest order. */
export function menuOf(
  snap: Snapshot,
  client: Client,
  lang: Locale,
  currencies: Currency[],
  viewer: Viewer,
) {
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
}

/** The service pages none of whose services the storefront sells now. */
export function hiddenPagesOf(snap: Snapshot): string[] {
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
}
