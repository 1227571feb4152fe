import type { Generated, Selectable } from 'kysely';

/** The staff console's tables (migrations 0016, 0023), read and written by this module only. */

export interface StaffTotpTable {
  user_id: number;
  /** the TOTP secret (base32), sealed with SECRETS_KEY */
  secret: string;
  confirmed_at: string | null;
  created_at: string;
  /** the last RFC 6238 time step a code was accepted for: only a later one opens a session */
  last_step: number | string | null;
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
  /** the account sign-in (auth token's hash) it was opened with: it ends with that sign-in */
  auth_token_hash: string | null;
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

export type AdjustmentStatus = 'APPLIED' | 'PENDING' | 'APPROVED' | 'REJECTED';

/** A moderator's balance adjustment: applied within the 24-hour cap, or waiting for an admin. */
export interface StaffAdjustmentsTable {
  id: Generated<number>;
  user_id: number;
  /** signed minor units of `currency` (the account's) */
  amount: number | string;
  currency: string;
  /** |amount| in minor units of the cap's currency, at the stored rates when asked */
  value: number | string;
  reason: string;
  status: AdjustmentStatus;
  requested_by: number;
  requested_login: string;
  decided_by: number | null;
  decided_login: string | null;
  decided_at: string | null;
  created_at: string;
}

export type StaffAdjustmentRow = Selectable<StaffAdjustmentsTable>;
