import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  login: string | null;
  /** scrypt$N$r$p$salt$hash; null for accounts made by social login only */
  password_hash: string | null;
  lang: string;
  cur: string;
  /** minor units of `cur` */
  balance: Generated<number>;
  /** JSON array of role names */
  roles: Generated<string>;
  /** JSON array of scope names */
  scopes: Generated<string>;
  ref_code: string;
  referrer_id: number | null;
  /** the discount level held (docs/product.md §4 levels; never lowered) */
  discount_level: Generated<number>;
  /** when staff blocked the account (no sign-in, API key or socket), or null */
  blocked_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface SocialIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  subject: string;
  created_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export interface AccountDeletionRequestsTable {
  id: Generated<number>;
  /** null once the operator has removed the account */
  user_id: number | null;
  /** the address at the time of the request: the record outlives the account */
  email: string;
  reason: string | null;
  requested_at: string;
  status: Generated<'pending' | 'done' | 'withdrawn'>;
  handled_at: string | null;
}
