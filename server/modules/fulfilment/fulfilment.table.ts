import type { Selectable } from 'kysely';

/** An upstream panel speaking the SMM panel API v2 (DOMAIN.md). */
export interface ProvidersTable {
  id: string;
  /** the API URL, or 'internal' for the built-in simulator */
  url: string;
  api_key: string;
  currency: string;
  enabled: number;
}

export type ProviderRow = Selectable<ProvidersTable>;
