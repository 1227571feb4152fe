import type { Generated, Selectable } from 'kysely';

/** An upstream panel speaking the SMM panel API v2 (docs/product.md). */
export interface ProvidersTable {
  id: string;
  /** the API URL, or 'internal' for the built-in simulator */
  url: string;
  /** sealed with SECRETS_KEY (`v1.…`, server/lib/secret-box.ts), or plain in rows not yet rewritten */
  api_key: string;
  currency: string;
  enabled: number;
}

export type ProviderRow = Selectable<ProvidersTable>;

/** A provider's calls and failures in one hour (the console's error rate over 24 h). */
export interface ProviderCallsTable {
  provider_id: string;
  /** ISO-8601 to the hour: `2025-01-31T14` */
  hour: string;
  calls: number;
  errors: number;
}

/** One call an order made to its provider, and the answer (migration 0020). */
export interface OrderProviderCallsTable {
  id: Generated<number>;
  order_id: number;
  provider_id: string;
  /** add, status, cancel, refill */
  action: string;
  /** JSON of what was sent (the key never) */
  request: string | null;
  /** JSON of the answer, or `{"error": …}` */
  answer: string | null;
  ok: number;
  created_at: string;
}
