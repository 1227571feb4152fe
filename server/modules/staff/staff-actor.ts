import type { StaffRole } from '#shared/staff-permissions.ts';
import type { PublicUser } from '#shared/user.ts';

/** Who acts in the console: the account, its staff role and where the call came from. */
export interface StaffActor {
  user: PublicUser;
  role: StaffRole;
  ip: string;
}
