import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { BRAND_NAME } from '../../../shared/brand.ts';
import type { PublicUser } from '../../../shared/user.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashSecret, newToken, randomCode } from '../../lib/ids.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import {
  confirmTotp,
  deleteTwoFactor,
  insertAudit,
  insertSession,
  putPendingTotp,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  revokeSession,
  revokeSessionsOf,
  sessionUser,
  spendRecoveryCode,
  totpOf,
} from './staff.repository.ts';

export const STAFF_AUTH_ERRORS = {
  enrolled: 'Two-factor sign-in is already set up for this account',
  notStarted: 'Start the two-factor set-up first',
  notEnrolled: 'Set up two-factor sign-in first',
  code: 'The code is not right: enter the 6 digits your app shows now, or a recovery code',
} as const;

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s. */
const totpOfSecret = (secret: Secret, label: string) =>
  new TOTP({
    issuer: `${BRAND_NAME} staff`,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret,
  });

const RECOVERY_CODES = 10;
/** `ABCD-EFGH-JKLM`: typed by hand from paper, so unambiguous letters and dashes */
const recoveryCode = () => [randomCode(4), randomCode(4), randomCode(4)].join('-').toUpperCase();
const normalCode = (code: string) => code.trim().toUpperCase().replace(/[\s-]/g, '');

export type StaffAuth = ReturnType<typeof createStaffAuth>;

/**
 * The staff console's own sign-in (issue 33): a staff account enrols an authenticator app
 * (TOTP) before any staff page opens, keeps ten one-time recovery codes, and signs in with a
 * code for a staff session of its own (`STAFF_SESSION_MS`, 12 h), on top of its account's.
 */
export function createStaffAuth({
  db,
  box,
  sessionMs,
  now = () => new Date(),
}: {
  db: Db;
  box: SecretBox;
  sessionMs: number;
  now?: () => Date;
}) {
  const labelOf = (user: PublicUser) => user.login ?? user.email;

  async function session(userId: number) {
    const token = newToken();
    const at = now();
    await insertSession(db, {
      user_id: userId,
      token_hash: hashSecret(token),
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + sessionMs).toISOString(),
    });
    return { token, expiresAt: new Date(at.getTime() + sessionMs) };
  }

  /** Whether `code` is the user's current TOTP code (one step either side for clock drift). */
  async function codeFits(user: PublicUser, sealed: string, code: string) {
    const totp = totpOfSecret(Secret.fromBase32(box.open(sealed)), labelOf(user));
    return /^\d{6}$/.test(code) && totp.validate({ token: code, window: 1 }) !== null;
  }

  return {
    async state(userId: number) {
      const totp = await totpOf(db, userId);
      return {
        enrolled: Boolean(totp?.confirmed_at),
        recoveryCodesLeft: totp?.confirmed_at ? await recoveryCodesLeft(db, userId) : 0,
      };
    },

    /** A new secret to scan: its otpauth:// URI, the URI as a QR code (SVG) and the secret. */
    async startEnrolment(user: PublicUser) {
      const secret = new Secret({ size: 20 });
      const at = now().toISOString();
      if (!(await putPendingTotp(db, user.id, box.seal(secret.base32), at)))
        throw new AppError(STAFF_AUTH_ERRORS.enrolled, 409);
      const uri = totpOfSecret(secret, labelOf(user)).toString();
      const qr = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { uri, qr, secret: secret.base32 };
    },

    /** The first code confirms the app: recovery codes (shown this once) and a staff session. */
    async confirmEnrolment(user: PublicUser, code: string) {
      const totp = await totpOf(db, user.id);
      if (totp?.confirmed_at) throw new AppError(STAFF_AUTH_ERRORS.enrolled, 409);
      if (!totp) throw new AppError(STAFF_AUTH_ERRORS.notStarted, 409);
      if (!(await codeFits(user, totp.secret, code.trim())))
        throw new AppError(STAFF_AUTH_ERRORS.code, 400);
      const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        if (!(await confirmTotp(trx, user.id, at)))
          throw new AppError(STAFF_AUTH_ERRORS.enrolled, 409);
        await replaceRecoveryCodes(
          trx,
          user.id,
          codes.map((entry) => hashSecret(normalCode(entry))),
        );
      });
      return { recoveryCodes: codes, ...(await session(user.id)) };
    },

    /** A code from the app, or a recovery code (used up), opens a staff session. */
    async signIn(user: PublicUser, code: string) {
      const totp = await totpOf(db, user.id);
      if (!totp?.confirmed_at) throw new AppError(STAFF_AUTH_ERRORS.notEnrolled, 409);
      const given = code.trim();
      const fits =
        (await codeFits(user, totp.secret, given)) ||
        (given.length >= 12 &&
          (await spendRecoveryCode(
            db,
            user.id,
            hashSecret(normalCode(given)),
            now().toISOString(),
          )));
      if (!fits) throw new AppError(STAFF_AUTH_ERRORS.code, 400);
      return session(user.id);
    },

    /** The user of a live staff session, or undefined. */
    userOf: (token: string) => sessionUser(db, hashSecret(token), now().toISOString()),

    signOut: (token: string) => revokeSession(db, hashSecret(token), now().toISOString()),

    /** Ends every staff session of a user (blocked, roles taken, logged out everywhere). */
    signOutEverywhere: (trx: Db, userId: number) =>
      revokeSessionsOf(trx, userId, now().toISOString()),
  };
}

/**
 * An operator's reset of a member who lost both the phone and the recovery codes
 * (`npm run staff -- --reset-totp`): the secret, the codes and the staff sessions go, so the
 * member enrols again at the next visit; the audit log has it, done by the command line.
 * False when the account had no two-factor sign-in.
 */
export async function resetTwoFactor(db: Db, userId: number, at: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const enrolled = Boolean((await totpOf(trx, userId))?.confirmed_at);
    if (!(await deleteTwoFactor(trx, userId))) return false;
    await revokeSessionsOf(trx, userId, at.toISOString());
    await insertAudit(trx, {
      staff_id: userId,
      staff_login: 'npm run staff',
      role: 'operator',
      action: 'staff.totp.reset',
      target: `user:${userId}`,
      before: JSON.stringify({ enrolled }),
      after: JSON.stringify({ enrolled: false }),
      ip: 'command line',
      created_at: at.toISOString(),
    });
    return true;
  });
}
