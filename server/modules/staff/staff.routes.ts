import {
  type CookieOptions,
  type NextFunction,
  type Request,
  type Response,
  Router,
} from 'express';
import { API } from '#shared/api-contract/index.ts';
import { STAFF_COOKIE_PATHS } from '#shared/constants.ts';
import type { StaffCodeBody } from '#shared/schemas/staff.schemas.ts';
import { staffRoleOf } from '#shared/staff-permissions.ts';
import { type Limits, take } from '../../http/rate-limit.ts';
import { mountReads } from '../../http/reads.ts';
import { contextOf } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import type { Audit } from './audit.service.ts';
import type { StaffAuth } from './auth/staff-auth.service.ts';
import type { StaffDashboardService } from './dashboard/staff-dashboard.service.ts';
import type { StaffAdjustments } from './sections/staff-adjustments.service.ts';
import { staffReads } from './staff.reads.ts';
import {
  actorOf,
  STAFF_ACCESS_ERRORS,
  STAFF_COOKIE,
  type StaffSection,
  signInOf,
  staffGate,
  staffOf,
} from './staff-access.ts';

/** Two-factor codes a staff account may try a minute (a guess is 1 in a million). */
const CODE_TRIES_PER_MINUTE = 5;

/**
 * `/api/staff/`: the console's sign-in (enrol the authenticator app, a code for a staff
 * session, sign out), its own reads (staff.reads.ts: me, the dashboard, the audit log). The console's other calls (orders, users) are
 * routers of their own behind the same gate.
 */
export function staffRoutes({
  staffAuth,
  audit,
  dashboard,
  adjustments,
  secureCookies,
  sessionMs,
  limits,
  sections,
}: {
  staffAuth: StaffAuth;
  audit: Audit;
  dashboard: StaffDashboardService;
  /** a moderator's cap on adjustments, shown by `me` */
  adjustments: StaffAdjustments;
  secureCookies: boolean;
  sessionMs: number;
  limits: Limits;
  /** the console's sections, each given the gate */
  sections: StaffSection[];
}): Router {
  const router = Router();
  const gate = staffGate(staffAuth);
  const codes = limits.limiter('staff-code', CODE_TRIES_PER_MINUTE, 60);
  const cookie: CookieOptions = {
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies,
    maxAge: sessionMs,
  };
  // the cookie goes only to the console's calls and pages
  const open = (res: Response, token: string) => {
    for (const path of STAFF_COOKIE_PATHS) res.cookie(STAFF_COOKIE, token, { ...cookie, path });
  };
  /** The sign-in a staff session binds to: the actor and the request's account sign-in. */
  const signInAs = (res: Response) => {
    const authTokenHash = signInOf(res);
    if (!authTokenHash) throw new AppError(STAFF_ACCESS_ERRORS.forbidden, 403);
    return { actor: actorOf(res), authTokenHash };
  };
  /** A secret or recovery codes in the answer: no cache keeps it. */
  const secret = (res: Response) => res.setHeader('Cache-Control', 'no-store');
  const limited = async (res: Response) => {
    const refused = await take(codes, String(actorOf(res).user.id));
    if (refused) {
      res.setHeader('Retry-After', String(refused.wait));
      throw new AppError('Too many codes tried: wait a minute', 429);
    }
  };

  // an account without a staff role is refused any staff read whatever its query (the reads
  // check the query before their handler asks the gate)
  router.get(/^\/staff\//, (req, res, next) => {
    if (!staffOf(req, res)) throw new AppError(STAFF_ACCESS_ERRORS.forbidden, 403);
    next();
  });
  mountReads(router, staffReads({ staffAuth, adjustments, dashboard, audit }));

  router.post('/staff/totp/enrol', gate(null, { session: false }), async (_req, res) => {
    secret(res);
    res.json({ status: 'success', data: await staffAuth.startEnrolment(actorOf(res)) });
  });

  router.post('/staff/totp/confirm', gate(null, { session: false }), async (req, res) => {
    const { code } = validate<StaffCodeBody>(API['POST staff/totp/confirm'].body.schema, req.body);
    await limited(res);
    const enrolled = await staffAuth.confirmEnrolment(signInAs(res), code);
    open(res, enrolled.token);
    secret(res);
    res.json({
      status: 'success',
      data: {
        recoveryCodes: enrolled.recoveryCodes,
        expires_at: enrolled.expiresAt.toISOString(),
      },
    });
  });

  router.post('/staff/session', gate(null, { session: false }), async (req, res) => {
    const { code } = validate<StaffCodeBody>(API['POST staff/session'].body.schema, req.body);
    await limited(res);
    const opened = await staffAuth.signIn(signInAs(res), code);
    open(res, opened.token);
    res.json({ status: 'success', data: { expires_at: opened.expiresAt.toISOString() } });
  });

  router.delete('/staff/session', gate(null, { session: false }), async (req, res) => {
    const token: unknown = req.cookies?.[STAFF_COOKIE];
    if (typeof token === 'string' && token) await staffAuth.signOut(token);
    for (const path of STAFF_COOKIE_PATHS)
      res.clearCookie(STAFF_COOKIE, { ...cookie, path, maxAge: undefined });
    res.json({ status: 'success', data: null });
  });

  for (const section of sections) router.use(section(gate, staffAuth));

  // a console call refused to a signed-in account (the gate, or a bound on staff powers)
  // leaves its audit row: who tried what, from where
  router.use(async (error: unknown, req: Request, res: Response, next: NextFunction) => {
    const status = error instanceof AppError ? error.statusCode : 0;
    const { user } = contextOf(res) ?? {};
    if (user && (status === 401 || status === 403) && req.path.startsWith('/staff/'))
      await audit.refused({
        user,
        role: staffRoleOf(user.roles) ?? 'user',
        ip: req.ip ?? '',
        method: req.method,
        path: req.path,
        status,
        reason: (error as AppError).message,
      });
    next(error);
  });
  return router;
}
