import type { Generated, Selectable } from 'kysely';

/** The staff console's tables (migration 0016), read and written by this module only. */

export interface StaffTotpTable {
  user_id: number;
  /** the TOTP secret (base32), sealed with SECRETS_KEY */
  secret: string;
  confirmed_at: string | null;
  created_at: string;
}

export interface StaffRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface StaffSessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** Append-only: nothing in the app updates or deletes a row. */
export interface StaffAuditTable {
  id: Generated<number>;
  staff_id: number;
  staff_login: string;
  role: string;
  action: string;
  target: string;
  /** JSON of what the target was, and became */
  before: string | null;
  after: string | null;
  ip: string;
  created_at: string;
}

export type StaffAuditRow = Selectable<StaffAuditTable>;
