import type { Generated, Selectable } from 'kysely';

export interface ServicesTable {
  id: Generated<number>;
  tag: string;
  platform: string;
  kind: string;
  page_id: string | null;
  /** JSON array: CLIENT_MAIN / CLIENT_LK, VISIBLE, ENABLED, TYPE_* */
  labels: string;
  /** staff limits */
  min: number;
  max: number;
  /** storefront (CLIENT_MAIN) limits */
  min_order: number;
  max_order: number;
  /** cabinet (CLIENT_LK) limits */
  lk_min_order: number;
  lk_max_order: number;
  /** JSON array of link kinds (shared/link-rules.ts) */
  link_kinds: string;
  discount_group: string;
  provider_service: string | null;
  /** the upstream provider (providers table) the service is bought from */
  provider_id: Generated<string | null>;
  /** bought here instead when the main provider is disabled or no longer knows the service */
  fallback_provider_id: Generated<string | null>;
  fallback_service: Generated<string | null>;
  /** the provider's rate per 1000 (its currency, a decimal string) when last imported or mapped */
  provider_rate: Generated<string | null>;
  sort: number;
  updated_at: string;
}

export interface ServiceTextsTable {
  service_id: number;
  lang: string;
  name: string;
  description: string;
}

export interface PriceTiersTable {
  service_id: number;
  client: string;
  currency: string;
  from_count: number;
  micro: number;
}

export interface CurrenciesTable {
  code: string;
  amount: number;
  updated_at: string;
}

export interface DiscountLevelsTable {
  level: number;
  from_rub: number;
  from_usd: number;
  from_eur: number;
  /** JSON object: discount group → percent */
  percents: string;
  personal_manager: number;
}

export type ServiceRow = Selectable<ServicesTable>;
export type PriceTierRow = Selectable<PriceTiersTable>;
