import { utcDayRange } from '#shared/day-range.ts';
import { CAPABILITIES, can } from '#shared/staff-permissions.ts';
import type { ReadHandlers } from '../../http/reads.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Audit } from './audit.service.ts';
import type { StaffAuth } from './auth/staff-auth.service.ts';
import type { StaffDashboardService } from './dashboard/staff-dashboard.service.ts';
import type { StaffAdjustments } from './sections/staff-adjustments.service.ts';
import { hasStaffSession, STAFF_ACCESS_ERRORS, staffActorFor, staffOf } from './staff-access.ts';
import { paging } from './staff-paging.ts';

/**
 * The console's own reads of the API contract (docs/api.md Staff): `staff/me`, what the
 * console's gate and every staff page's loader ask first (403 for an account without a staff
 * role), the dashboard and the audit log. Served over HTTP by staff.routes.ts and in process
 * to the staff pages' loader; each asks the gate's question itself (`staffActorFor`).
 */
export function staffReads({
  staffAuth,
  adjustments,
  dashboard,
  audit,
}: {
  staffAuth: StaffAuth;
  /** a moderator's cap on adjustments, shown by `me` */
  adjustments: StaffAdjustments;
  dashboard: StaffDashboardService;
  audit: Audit;
}) {
  return {
    'GET staff/me': async (_input, { req, res }) => {
      const actor = staffOf(req, res);
      if (!actor) throw new AppError(STAFF_ACCESS_ERRORS.forbidden, 403);
      const signedIn = await hasStaffSession(staffAuth, req, res, actor.user.id);
      const state = await staffAuth.state(actor.user.id);
      const { id, login, email, lang } = actor.user;
      return {
        user: { id, login, email, lang },
        role: actor.role,
        capabilities: CAPABILITIES.filter((capability) => can(actor.role, capability)),
        enrolled: state.enrolled,
        signedIn,
        recoveryCodesLeft: state.recoveryCodesLeft,
        adjustCap: await adjustments.capOf(actor),
      };
    },
    'GET staff/dashboard': async (_input, call) => {
      await staffActorFor(staffAuth, 'dashboard', call);
      return dashboard.view();
    },
    'GET staff/audit': async ({ query }, call) => {
      await staffActorFor(staffAuth, 'audit', call);
      const range = utcDayRange(query);
      return audit.list(
        {
          ...(query.action ? { action: query.action } : {}),
          ...(query.target ? { target: query.target } : {}),
          ...(range.from ? { from: range.from } : {}),
          ...(range.before ? { to: range.before } : {}),
        },
        paging(query),
      );
    },
  } satisfies ReadHandlers;
}
