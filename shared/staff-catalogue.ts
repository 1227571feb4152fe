import type { Client, ServiceType } from './catalog.ts';

/**
 * What the staff console's catalogue, prices and providers calls answer (33.6;
 * docs/api.md "Staff console: catalogue, prices, providers"). Money is in minor units; a tier's
 * unit price is in millionths of a minor unit, as the catalogue stores it (shared/pricing.ts).
 */

/** Where a service is bought: the provider and its service id there, and the fallback's. */
export interface StaffMapping {
  provider_id: string | null;
  provider_service: string | null;
  /** the provider's rate per 1000 (its currency) when last imported or mapped */
  provider_rate: string | null;
  fallback_provider_id: string | null;
  fallback_service: string | null;
}

/** A service as staff edit it: every field as stored. */
export interface StaffService {
  id: number;
  tag: string;
  platform: string;
  kind: string;
  type: ServiceType;
  labels: string[];
  enabled: boolean;
  visible: boolean;
  /** staff limits */
  min: number;
  max: number;
  /** storefront limits */
  min_order: number;
  max_order: number;
  /** cabinet limits */
  lk_min_order: number;
  lk_max_order: number;
  /** name and description per language, as stored */
  texts: Record<string, { name: string; description: string }>;
  mapping: StaffMapping;
  updated_at: string;
}

/** One price tier: from `from` units on, a unit costs `micro` millionths of a minor unit. */
export interface StaffTier {
  from: number;
  micro: number;
  /** the price of 1000 units at this tier, minor units (micro / 1000) */
  per1000: number;
  /** per1000 / the provider's per 1000 in this currency, 2 decimals; null without a rate */
  markup: number | null;
}

/** A service's tiers of one client and currency, beside the provider's rate. */
export interface StaffTierSet {
  client: Client;
  currency: string;
  tiers: StaffTier[];
  /** our price of 1000 units (the tier 1000 falls in, else the first), minor units */
  per1000: number;
  /** the provider's rate per 1000 converted with the stored currency rates, minor units */
  provider_per1000: number | null;
  markup: number | null;
}

/** GET staff/prices/:tag */
export interface StaffPrices {
  tag: string;
  provider: {
    id: string | null;
    service: string | null;
    currency: string | null;
    /** per 1000 in the provider's currency, from its `services` call */
    rate: string | null;
    /** why the rate is missing (the provider unreachable, the service not in its list) */
    error: string | null;
  };
  sets: StaffTierSet[];
}

/** A provider as staff see it; the API key never leaves the server. */
export interface StaffProvider {
  id: string;
  url: string;
  currency: string;
  enabled: boolean;
  /** whether its key is sealed with SECRETS_KEY (false: a plain key from before, sealed on the next write) */
  key_sealed: boolean;
  /** provider calls and failures over the last 24 h (the worker counts them) */
  calls_24h: number;
  errors_24h: number;
  /** errors / calls over the last 24 h, 0..1; null without calls */
  error_rate: number | null;
  /** from its `balance` call when asked (`?balance=1`) */
  balance?: StaffProviderTest;
}

/** POST staff/providers/:id/test: the `balance` call's answer, or why it failed. */
export type StaffProviderTest =
  | { ok: true; balance: string; currency: string }
  | { ok: false; error: string };

/** A service of the provider's `services` list. */
export interface UpstreamServiceView {
  service: string;
  name: string;
  type: string;
  category: string;
  rate: string;
  min: number;
  max: number;
}

/** GET staff/providers/:id/import: the provider's list against our mapping. */
export interface StaffImportDiff {
  provider: { id: string; currency: string };
  /** services of the provider no service of ours maps to */
  added: UpstreamServiceView[];
  /** mapped services whose rate, min or max differ from ours */
  changed: {
    tag: string;
    service: string;
    ours: { rate: string | null; min: number; max: number };
    theirs: { rate: string; min: number; max: number };
  }[];
  /** mapped services the provider no longer lists */
  gone: { tag: string; service: string }[];
}
