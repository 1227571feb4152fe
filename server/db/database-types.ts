import type { AuthTokensTable, PasswordResetsTable } from '../modules/auth/auth.table.ts';
import type { SocialIdentitiesTable, UsersTable } from '../modules/users/users.table.ts';

/** Every table, for Kysely's types. Each module declares its own tables beside its code. */
export interface Database {
  users: UsersTable;
  social_identities: SocialIdentitiesTable;
  auth_tokens: AuthTokensTable;
  password_resets: PasswordResetsTable;
}
