import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  type Capability,
  can,
  type StaffRole,
  staffRoleOf,
} from '../../../shared/staff-permissions.ts';
import type { PublicUser } from '../../../shared/user.ts';
import { contextOf } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { StaffAuth } from './staff-auth.service.ts';

/** The staff session's cookie: httpOnly, this site only, the console's paths and calls. */
export const STAFF_COOKIE = 'staff';

export const STAFF_ACCESS_ERRORS = {
  forbidden: 'Staff only',
  capability: 'Your role cannot do this',
  code: 'Enter your two-factor code to open the staff console',
} as const;

/** Who acts in the console: the account, its staff role and where the call came from. */
export interface StaffActor {
  user: PublicUser;
  role: StaffRole;
  ip: string;
}

/** The staff member a request is from (its account's staff role), or null. */
export function staffOf(req: Request, res: Response): StaffActor | null {
  const { user } = contextOf(res);
  const role = user ? staffRoleOf(user.roles) : null;
  return user && role ? { user, role, ip: req.ip ?? '' } : null;
}

/** The actor a guarded route acts as (set by `staffGate`). */
export const actorOf = (res: Response): StaffActor => res.locals.staffActor as StaffActor;

/**
 * The one place the console's permissions are enforced (issue 33): a call from an account
 * without a staff role is 403; one without a live staff session of the same account is 401
 * (the console then asks for a code); one whose role lacks the capability is 403.
 */
export function staffGate(staffAuth: StaffAuth) {
  return (capability: Capability | null, { session = true } = {}): RequestHandler =>
    async (req: Request, res: Response, next: NextFunction) => {
      const actor = staffOf(req, res);
      if (!actor) throw new AppError(STAFF_ACCESS_ERRORS.forbidden, 403);
      if (session) {
        const token: unknown = req.cookies?.[STAFF_COOKIE];
        const owner =
          typeof token === 'string' && token ? await staffAuth.userOf(token) : undefined;
        if (owner !== actor.user.id) throw new AppError(STAFF_ACCESS_ERRORS.code, 401);
      }
      if (capability && !can(actor.role, capability))
        throw new AppError(STAFF_ACCESS_ERRORS.capability, 403);
      res.locals.staffActor = actor;
      next();
    };
}
