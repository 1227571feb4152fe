import { CAPABILITIES, can } from '../../../shared/staff-permissions.ts';
import type { ReadHandlers } from '../../http/reads.ts';
import { AppError } from '../../lib/app-error.ts';
import { hasStaffSession, STAFF_ACCESS_ERRORS, staffOf } from './staff-access.ts';
import type { StaffAdjustments } from './staff-adjustments.service.ts';
import type { StaffAuth } from './staff-auth.service.ts';

/**
 * The console's own reads of the API contract (docs/api.md Staff): `staff/me`, what the
 * console's gate and every staff page's loader ask first (403 for an account without a staff
 * role). Served over HTTP by staff.routes.ts and in process to the staff pages' loader.
 */
export function staffReads({
  staffAuth,
  adjustments,
}: {
  staffAuth: StaffAuth;
  /** a moderator's cap on adjustments, shown by `me` */
  adjustments: StaffAdjustments;
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
  } satisfies ReadHandlers;
}
