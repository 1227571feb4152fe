import {
  ACCOUNT_TAKEN,
  type DeleteAccountRequest,
  PROFILE_MESSAGES as P,
  type ProfileChanges,
} from '#shared/schemas/profile.schemas.ts';
import type { PublicUser } from '#shared/user.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  insertDeletionRequest,
  pendingDeletionOf,
  updateProfile,
} from './users.repository.ts';
import { toPublicUser } from './users.service.ts';

/**
 * What the profile asks of the modules above users (auth, orders, referrals' withdrawals,
 * payments), stated here so that users imports none of them: server/services.ts passes their
 * services.
 */
export interface ProfileDeps {
  db: Db;
  auth: {
    /** a 400 on `field` when the password is missing or wrong (none to check: passes) */
    confirmPassword(userId: number, password: string | undefined, field: string): Promise<void>;
    logoutEverywhere(userId: number): Promise<void>;
  };
  orders: { hasOpenOrders(userId: number): Promise<boolean> };
  /** held withdraw money comes back in the currency it was asked in */
  withdrawals: { hasPending(userId: number): Promise<boolean> };
  payments: { hasWaitingDeposit(userId: number): Promise<boolean> };
  now?: () => Date;
}

/** The customer's own account settings (/cp/profile/). Never sees req/res. */
export function createProfileService({
  db,
  auth,
  orders,
  payments,
  withdrawals,
  now = () => new Date(),
}: ProfileDeps) {
  return {
    /**
     * Login, e-mail, language and currency. A new e-mail needs the current password (it is
     * where a reset link goes). The currency converts nothing, so it changes only while the
     * balance is zero and no order can still refund in the old one; the discount level is
     * kept as it is (levels are never lowered).
     */
    async update(user: PublicUser, input: ProfileChanges): Promise<PublicUser> {
      const login = input.login?.toLowerCase();
      const email = input.email?.toLowerCase();
      const changes: { login?: string; email?: string; lang?: string; cur?: string } = {};
      if (login !== undefined && login !== user.login) {
        const owner = await findUserByLogin(db, login);
        if (owner && owner.id !== user.id) throw new AppError(ACCOUNT_TAKEN.login, 409);
        changes.login = login;
      }
      if (email !== undefined && email !== user.email) {
        await auth.confirmPassword(user.id, input.password, 'password');
        const owner = await findUserByEmail(db, email);
        if (owner && owner.id !== user.id) throw new AppError(ACCOUNT_TAKEN.email, 409);
        changes.email = email;
      }
      if (input.lang !== undefined && input.lang !== user.lang) changes.lang = input.lang;
      if (input.cur !== undefined && input.cur !== user.cur) {
        if (user.balance !== 0) throw new AppError(P.curNotZero, 409);
        if (await orders.hasOpenOrders(user.id)) throw new AppError(P.curOrdersOpen, 409);
        if (await withdrawals.hasPending(user.id)) throw new AppError(P.curWithdrawalPending, 409);
        // a waiting top-up would land in the new currency unconverted
        if (await payments.hasWaitingDeposit(user.id)) throw new AppError(P.curTopUpWaiting, 409);
        changes.cur = input.cur;
      }
      if (Object.keys(changes).length) {
        const updated = await updateProfile(db, user.id, {
          ...changes,
          updated_at: now().toISOString(),
        }).catch((error: Error) => {
          // two accounts racing for the same e-mail or login: the unique index decides
          if (/unique|constraint/i.test(error.message))
            throw new AppError(ACCOUNT_TAKEN.either, 409);
          throw error;
        });
        // the balance moved between the check and the update: still nothing converts
        if (!updated) throw new AppError(P.curNotZero, 409);
      }
      const row = await findUserById(db, user.id);
      if (!row) throw new AppError('Log in to change your profile', 401);
      return toPublicUser(row);
    },

    /**
     * Records a request to delete the account and logs the user out everywhere; an operator
     * carries it out (docs/operations.md). Refused while the balance holds money: it would be
     * lost. A second request while one is pending answers the first one's time.
     */
    async requestDeletion(
      user: PublicUser,
      input: DeleteAccountRequest,
    ): Promise<{ requested_at: string }> {
      await auth.confirmPassword(user.id, input.password, 'password');
      if (user.balance !== 0) throw new AppError(P.deleteNotZero, 409);
      const request =
        (await pendingDeletionOf(db, user.id)) ??
        (await insertDeletionRequest(db, {
          user_id: user.id,
          email: user.email,
          reason: input.reason?.trim() || null,
          requested_at: now().toISOString(),
        }));
      await auth.logoutEverywhere(user.id);
      return { requested_at: request.requested_at };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
