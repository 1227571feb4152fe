import type { Generated } from 'kysely';

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 of the token: a stolen database holds no usable token */
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
