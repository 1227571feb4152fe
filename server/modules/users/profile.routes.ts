import { type Response, Router } from 'express';
import { API } from '#shared/api-contract/index.ts';
import { COOKIE_MAX_AGE_MS, COOKIE_NAMES } from '#shared/constants.ts';
import type {
  DeleteAccountRequest,
  PasswordChange,
  ProfileChanges,
} from '#shared/schemas/profile.schemas.ts';
import type { PublicUser } from '#shared/user.ts';
import { type Limits, rateLimit } from '../../http/rate-limit.ts';
import { contextOf } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import type { ProfileService } from './profile.service.ts';

export interface ProfileRoutesDeps {
  profile: ProfileService;
  /** the auth module's password change (it keeps this session's token): users imports no auth */
  auth: {
    changePassword(
      userId: number,
      keepToken: string,
      input: { current?: string | undefined; password: string },
    ): Promise<PublicUser>;
  };
  secureCookies: boolean;
  rateLimitPerMinute: number;
  limits: Limits;
}

/** The logged-in user and the token of this request, or a 401. */
function signedIn(res: Response): { user: PublicUser; token: string } {
  const { user, authToken } = contextOf(res);
  if (!user || !authToken) throw new AppError('Log in to change your profile', 401);
  return { user, token: authToken };
}

/** /cp/profile/: PATCH user, POST user/password, POST user/delete. */
export function profileRoutes({
  profile,
  auth,
  secureCookies,
  rateLimitPerMinute,
  limits,
}: ProfileRoutesDeps): Router {
  const router = Router();
  // each of these may check the current password: no guessing it with a stolen session
  const limited = rateLimit(limits, 'profile', rateLimitPerMinute);

  router.patch('/user', limited, async (req, res) => {
    const { user } = signedIn(res);
    const input = validate<ProfileChanges>(API['PATCH user'].body.schema, req.body);
    const updated = await profile.update(user, input);
    // the next page opens in the new language (docs/product.md §15: the cookie is the second source)
    if (input.lang !== undefined)
      res.cookie(COOKIE_NAMES.locale, updated.lang, {
        maxAge: COOKIE_MAX_AGE_MS.locale,
        sameSite: 'lax',
        secure: secureCookies,
        path: '/',
      });
    res.json({ status: 'success', data: updated });
  });

  router.post('/user/password', limited, async (req, res) => {
    const { user, token } = signedIn(res);
    const input = validate<PasswordChange>(API['POST user/password'].body.schema, req.body);
    const updated = await auth.changePassword(user.id, token, {
      current: input.current_password,
      password: input.password,
    });
    res.json({ status: 'success', data: { user: updated } });
  });

  router.post('/user/delete', limited, async (req, res) => {
    const { user } = signedIn(res);
    const input = validate<DeleteAccountRequest>(
      API['POST user/delete'].body.schema,
      req.body ?? {},
    );
    const data = await profile.requestDeletion(user, input);
    res.clearCookie(COOKIE_NAMES.auth, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      path: '/',
    });
    res.status(202).json({ status: 'success', data });
  });

  return router;
}
