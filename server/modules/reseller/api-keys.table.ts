import type { Generated, Selectable } from 'kysely';

/** A user's reseller API key: only its hash is kept. */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  key_hash: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  last_used_ip: string | null;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
