import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { COOKIE_NAMES } from '#shared/constants.ts';
import { type Capability, can, staffRoleOf } from '#shared/staff-permissions.ts';
import { contextOf } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { tokenHashOf } from '../auth/auth.service.ts';
import type { StaffAuth } from './auth/staff-auth.service.ts';
import type { StaffActor } from './staff-actor.ts';

export type { StaffActor };

/** The staff session's cookie: httpOnly, this site only, the console's paths and calls. */
export const STAFF_COOKIE = COOKIE_NAMES.staff;

export const STAFF_ACCESS_ERRORS = {
  forbidden: 'Staff only',
  capability: 'Your role cannot do this',
  code: 'Enter your two-factor code to open the staff console',
} as const;

/** The staff member a request is from (its account's staff role), or null. */
export function staffOf(req: Request, res: Response): StaffActor | null {
  const { user } = contextOf(res);
  const role = user ? staffRoleOf(user.roles) : null;
  return user && role ? { user, role, ip: req.ip ?? '' } : null;
}

/** The hash of the account sign-in (auth token) the request carries, or null. */
export function signInOf(res: Response): string | null {
  const token = contextOf(res).authToken;
  return token ? tokenHashOf(token) : null;
}

/**
 * Whether the request carries a live staff session of its account, opened with the very
 * sign-in the request is made with (a staff session ends with the sign-in that opened it).
 */
export async function hasStaffSession(
  staffAuth: StaffAuth,
  req: Request,
  res: Response,
  userId: number,
): Promise<boolean> {
  const token: unknown = req.cookies?.[STAFF_COOKIE];
  const signIn = signInOf(res);
  if (typeof token !== 'string' || !token || token.length > 200 || !signIn) return false;
  const session = await staffAuth.sessionOf(token);
  return session?.user_id === userId && session.auth_token_hash === signIn;
}

/** The actor a guarded route acts as (set by `staffGate`). */
export const actorOf = (res: Response): StaffActor => res.locals.staffActor as StaffActor;

/**
 * The one place the console's permissions are enforced (docs/operations.md "Staff
 * console"): a call from an account without a staff role is 403; one without a live staff
 * session of the same account and sign-in is 401 (the console then asks for a code); one
 * whose role lacks the capability is 403. The gate's routes and the staff reads (which a
 * page's loader also runs in process, where no middleware runs) both ask it.
 */
export async function staffActorFor(
  staffAuth: StaffAuth,
  capability: Capability | null,
  { req, res }: { req: Request; res: Response },
  { session = true } = {},
): Promise<StaffActor> {
  const actor = staffOf(req, res);
  if (!actor) throw new AppError(STAFF_ACCESS_ERRORS.forbidden, 403);
  if (session && !(await hasStaffSession(staffAuth, req, res, actor.user.id)))
    throw new AppError(STAFF_ACCESS_ERRORS.code, 401);
  if (capability && !can(actor.role, capability))
    throw new AppError(STAFF_ACCESS_ERRORS.capability, 403);
  return actor;
}

/** The gate of the console's writes: `staffActorFor` as a middleware that sets the actor. */
export function staffGate(staffAuth: StaffAuth) {
  return (capability: Capability | null, options: { session?: boolean } = {}): RequestHandler =>
    async (req: Request, res: Response, next: NextFunction) => {
      res.locals.staffActor = await staffActorFor(staffAuth, capability, { req, res }, options);
      next();
    };
}

/** A section of the console: its router, given the gate (its writes) and the staff sign-in (its reads). */
export type StaffSection = (gate: ReturnType<typeof staffGate>, staffAuth: StaffAuth) => Router;
