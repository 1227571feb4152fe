import type { NextFunction, Request, Response } from 'express';
import { COOKIE_NAMES } from '../../shared/constants.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { PublicUser } from '../modules/users/users.service.ts';

export interface AuthLocals {
  user: PublicUser | null;
  authToken: string | undefined;
  /** how the token came: API clients send a Bearer header, browsers the httpOnly cookie */
  authVia: 'bearer' | 'cookie' | null;
}

export function tokenOf(req: Request): { token: string | undefined; via: AuthLocals['authVia'] } {
  const header = req.get('authorization');
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  const cookie: unknown = req.cookies?.[COOKIE_NAMES.auth];
  return typeof cookie === 'string' && cookie
    ? { token: cookie, via: 'cookie' }
    : { token: undefined, via: null };
}

/** Puts the user of the request's token (or null) on res.locals. */
export function authenticate(auth: AuthService) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const { token, via } = tokenOf(req);
      const user = await auth.authenticate(token);
      Object.assign(res.locals, {
        user,
        authToken: user ? token : undefined,
        authVia: user ? via : null,
      } satisfies AuthLocals);
      next();
    } catch (error) {
      next(error);
    }
  };
}

export const currentUser = (res: Response): PublicUser | null =>
  (res.locals as Partial<AuthLocals>).user ?? null;
