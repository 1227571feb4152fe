import type { ServiceFigures, ServiceType } from '#shared/catalog.ts';
import type { DiscountGroup, PriceTier } from '#shared/pricing.ts';
import type { Currency } from '#shared/regions.ts';
import { parseJson } from '../../lib/ttl-cache.ts';
import type { CatalogRows } from './catalog.repository.ts';
import type { ServiceRow } from './catalog.table.ts';

/** The catalogue in memory, as the catalogue service reads it (built once per snapshot). */

/** Who is asking: staff see FAKE services and use min/max (docs/product.md §11). */
export interface Viewer {
  staff: boolean;
  /** discount level held; guests 1 */
  level: number;
}

export interface CatalogService_ {
  row: ServiceRow;
  labels: string[];
  type: ServiceType;
  texts: Map<string, { name: string; description: string }>;
  tiers: Map<string, PriceTier[]>;
}

export interface DiscountLevelView {
  level: number;
  /** total paid in, minor units per currency */
  from: Record<Currency, number>;
  percent: Record<DiscountGroup, number>;
  personal_manager: boolean;
}

export interface Snapshot {
  /** answers already computed from this snapshot (docs/product.md §13: costs cache with the services) */
  memo: Map<string, unknown>;
  services: CatalogService_[];
  byTag: Map<string, CatalogService_>;
  currencies: { code: Currency; amount: number }[];
  levels: DiscountLevelView[];
  /** each service's figures of the last 30 days by tag, when a source is wired (figuresFrom) */
  figures: Map<string, ServiceFigures> | null;
}

/** Distinct queries are few (platforms × labels × counts × viewers); this bounds a flood of odd ones. */
const MEMO_LIMIT = 2_000;

/** The answer to a query of this snapshot, computed once. Answers are shared: never mutate them. */
export function memoized<T>(snap: Snapshot, key: string, compute: () => T): T {
  if (snap.memo.has(key)) return snap.memo.get(key) as T;
  const value = compute();
  if (snap.memo.size >= MEMO_LIMIT) snap.memo.clear();
  snap.memo.set(key, value);
  return value;
}

export const keyOf = (kind: string, query: object, viewer: Viewer) =>
  `${kind}|${viewer.staff ? 1 : 0}|${viewer.level}|${JSON.stringify(query)}`;

export function snapshotOf(
  rows: CatalogRows,
  figures: Map<string, ServiceFigures> | null = null,
): Snapshot {
  const services = rows.services.map((row): CatalogService_ => {
    const labels = parseJson<string[]>(row.labels, []);
    const typeLabel = labels.find((label) => label.startsWith('TYPE_'));
    return {
      row,
      labels,
      type: (typeLabel?.slice(5) ?? 'OTHER') as ServiceType,
      texts: new Map(),
      tiers: new Map(),
    };
  });
  const byId = new Map(services.map((service) => [service.row.id, service]));
  for (const text of rows.texts) {
    byId.get(text.service_id)?.texts.set(text.lang, text);
  }
  for (const tier of rows.tiers) {
    const service = byId.get(tier.service_id);
    if (!service) continue;
    const key = `${tier.client}|${tier.currency}`;
    const list = service.tiers.get(key) ?? [];
    list.push({ from: Number(tier.from_count), micro: Number(tier.micro) });
    service.tiers.set(key, list);
  }
  return {
    memo: new Map(),
    services,
    byTag: new Map(services.map((service) => [service.row.tag, service])),
    currencies: rows.currencies.map((row) => ({
      code: row.code as Currency,
      amount: Number(row.amount),
    })),
    levels: rows.levels.map(toLevelView),
    figures,
  };
}

/** A `discount_levels` row as the catalogue shows it. */
export function toLevelView(row: CatalogRows['levels'][number]): DiscountLevelView {
  return {
    level: row.level,
    from: { RUB: Number(row.from_rub), USD: Number(row.from_usd), EUR: Number(row.from_eur) },
    percent: parseJson(row.percents, {} as Record<DiscountGroup, number>),
    personal_manager: Boolean(row.personal_manager),
  };
}
