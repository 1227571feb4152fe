import { ROLES } from '#shared/roles.ts';
import { type StaffRole, staffRoleOf } from '#shared/staff-permissions.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { latestAuditOf } from './staff.repository.ts';
import type { StaffActor } from './staff-actor.ts';

export const STAFF_BOUNDS_ERRORS = {
  self: 'Staff cannot change their own account here: its balance, level, block, sign-ins or roles',
  staffAccount: 'Only an admin acts on another staff account',
  rank: 'No one acts here on an account of an equal or higher role',
  unblock: 'An account an admin blocked is unblocked only by an admin',
  ownWithdrawal: 'Nobody decides a withdrawal request of their own',
  staffWithdrawal: 'A staff member’s withdrawal request is decided by an admin',
  ownAdjustment: 'Nobody decides an adjustment they asked for or of their own account',
} as const;

/** A role's rank: admin first (0), then moderator, manager, seo, proxy (ROLES' order). */
const rankOf = (role: StaffRole) =>
  (ROLES as readonly string[]).indexOf(`ROLE_${role.toUpperCase()}`);

/**
 * Whether `actor` may change the account `target` (its balance, level, block, sign-ins or
 * roles; docs/operations.md "What each role may do"): never their own; a staff account
 * only as an admin, and never one of an equal or higher role (another admin: the command
 * line's). Throws the refusal (403).
 */
export function assertMayActOn(actor: StaffActor, target: { id: number; roles: string[] }): void {
  if (target.id === actor.user.id) throw new AppError(STAFF_BOUNDS_ERRORS.self, 403);
  const role = staffRoleOf(target.roles);
  if (!role) return;
  if (actor.role !== 'admin') throw new AppError(STAFF_BOUNDS_ERRORS.staffAccount, 403);
  if (rankOf(role) <= rankOf(actor.role)) throw new AppError(STAFF_BOUNDS_ERRORS.rank, 403);
}

/** An account an admin blocked last is unblocked only by an admin (the audit log knows who). */
export async function assertMayUnblock(db: Db, actor: StaffActor, userId: number): Promise<void> {
  if (actor.role === 'admin') return;
  const blocked = await latestAuditOf(db, 'user.block', `user:${userId}`);
  if (blocked?.role === 'admin') throw new AppError(STAFF_BOUNDS_ERRORS.unblock, 403);
}

/**
 * Who may decide a withdrawal request: never its owner; a staff member's only an admin (who
 * is then someone else).
 */
export function assertMayDecideWithdrawal(
  actor: StaffActor,
  owner: { id: number; roles: string[] },
): void {
  if (owner.id === actor.user.id) throw new AppError(STAFF_BOUNDS_ERRORS.ownWithdrawal, 403);
  if (staffRoleOf(owner.roles) && actor.role !== 'admin')
    throw new AppError(STAFF_BOUNDS_ERRORS.staffWithdrawal, 403);
}
