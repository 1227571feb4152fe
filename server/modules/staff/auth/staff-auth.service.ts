import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/lib/app-error.ts';
import { hashSecret, newToken, randomCode } from '#server/lib/ids.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import { BRAND_NAME } from '#shared/brand.ts';
import type { PublicUser } from '#shared/user.ts';
import { type Audit, commandLineAudit } from '../audit.service.ts';
import {
  confirmTotp,
  deleteTwoFactor,
  hasLiveSessionOf,
  insertSession,
  liveSession,
  putPendingTotp,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  revokeSession,
  revokeSessionsOf,
  spendRecoveryCode,
  takeTotpStep,
  totpOf,
} from '../staff.repository.ts';
import type { StaffActor } from '../staff-actor.ts';

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

/** Who asks for a staff session, and the account sign-in (auth token's hash) it binds to. */
export interface StaffSignIn {
  actor: StaffActor;
  authTokenHash: string;
}

/** What createStaffAuth is made with. */
export interface StaffAuthDeps {
  db: Db;
  box: SecretBox;
  audit: Audit;
  sessionMs: number;
  now?: () => Date;
}

/** What the functions below work with: the dependencies. */
export function staffAuthContext({
  db,
  box,
  audit,
  sessionMs,
  now = () => new Date(),
}: StaffAuthDeps) {
  return { db, box, audit, sessionMs, now };
}

export type StaffAuthContext = ReturnType<typeof staffAuthContext>;

export function labelOf(user: PublicUser) {
  return user.login ?? user.email;
}

export async function session(
  { sessionMs, now }: StaffAuthContext,
  trx: Db,
  userId: number,
  authTokenHash: string,
) {
  const token = newToken();
  const at = now();
  await insertSession(trx, {
    user_id: userId,
    token_hash: hashSecret(token),
    auth_token_hash: authTokenHash,
    created_at: at.toISOString(),
    expires_at: new Date(at.getTime() + sessionMs).toISOString(),
  });
  return { token, expiresAt: new Date(at.getTime() + sessionMs) };
}

/**
 * The RFC 6238 time step `code` is the user's code for (one step either side for clock
 * drift), or null when it is none of them.
 */
export function stepOf(
  { box, now }: StaffAuthContext,
  user: PublicUser,
  sealed: string,
  code: string,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOfSecret(Secret.fromBase32(box.open(sealed)), labelOf(user));
  const timestamp = now().getTime();
  const delta = totp.validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/** A refused code: its audit row (kept: no transaction to roll back), then the 400. */
export async function refused(
  { db, audit }: StaffAuthContext,
  actor: StaffActor,
  action: string,
  why: string,
): Promise<never> {
  await audit.record(db, actor, {
    action,
    target: `user:${actor.user.id}`,
    after: { ok: false, why },
  });
  throw new AppError(STAFF_AUTH_ERRORS.code, 400);
}

export async function state({ db }: StaffAuthContext, userId: number) {
  const totp = await totpOf(db, userId);
  return {
    enrolled: Boolean(totp?.confirmed_at),
    recoveryCodesLeft: totp?.confirmed_at ? await recoveryCodesLeft(db, userId) : 0,
  };
}

/** A new secret to scan: its otpauth:// URI, the URI as a QR code (SVG) and the secret. */
export async function startEnrolment({ db, box, audit, now }: StaffAuthContext, actor: StaffActor) {
  const { user } = actor;
  const secret = new Secret({ size: 20 });
  const at = now().toISOString();
  if (!(await putPendingTotp(db, user.id, box.seal(secret.base32), at)))
    throw new AppError(STAFF_AUTH_ERRORS.enrolled, 409);
  await audit.record(db, actor, { action: 'staff.totp.enrol', target: `user:${user.id}` });
  const uri = totpOfSecret(secret, labelOf(user)).toString();
  const qr = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { uri, qr, secret: secret.base32 };
}

/** The first code confirms the app: recovery codes (shown this once) and a staff session. */
export async function confirmEnrolment(
  ctx: StaffAuthContext,
  { actor, authTokenHash }: StaffSignIn,
  code: string,
) {
  const { db, audit, now } = ctx;
  const { user } = actor;
  const totp = await totpOf(db, user.id);
  if (totp?.confirmed_at) throw new AppError(STAFF_AUTH_ERRORS.enrolled, 409);
  if (!totp) throw new AppError(STAFF_AUTH_ERRORS.notStarted, 409);
  const step = stepOf(ctx, user, totp.secret, code.trim());
  if (step === null) return refused(ctx, actor, 'staff.totp.confirm.failed', 'code');
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  const at = now().toISOString();
  const opened = await db.transaction().execute(async (trx) => {
    if (!(await confirmTotp(trx, user.id, at))) throw new AppError(STAFF_AUTH_ERRORS.enrolled, 409);
    await takeTotpStep(trx, user.id, step);
    await replaceRecoveryCodes(
      trx,
      user.id,
      codes.map((entry) => hashSecret(normalCode(entry))),
    );
    await audit.record(trx, actor, {
      action: 'staff.totp.confirm',
      target: `user:${user.id}`,
      after: { enrolled: true, recoveryCodes: RECOVERY_CODES },
    });
    return session(ctx, trx, user.id, authTokenHash);
  });
  return { recoveryCodes: codes, ...opened };
}

/**
 * A code from the app (for a time step later than the last one taken), or a recovery code
 * (used up), opens a staff session bound to the account's sign-in.
 */
export async function signIn(
  ctx: StaffAuthContext,
  { actor, authTokenHash }: StaffSignIn,
  code: string,
) {
  const { db, audit, now } = ctx;
  const { user } = actor;
  const totp = await totpOf(db, user.id);
  if (!totp?.confirmed_at) throw new AppError(STAFF_AUTH_ERRORS.notEnrolled, 409);
  const given = code.trim();
  const step = stepOf(ctx, user, totp.secret, given);
  const recovery = step === null && given.length >= 12;
  if (step === null && !recovery) return refused(ctx, actor, 'staff.signin.failed', 'code');
  const opened = await db.transaction().execute(async (trx) => {
    const taken =
      step !== null
        ? await takeTotpStep(trx, user.id, step)
        : await spendRecoveryCode(trx, user.id, hashSecret(normalCode(given)), now().toISOString());
    if (!taken) return null;
    const left = recovery ? await recoveryCodesLeft(trx, user.id) : undefined;
    await audit.record(trx, actor, {
      action: recovery ? 'staff.recovery.used' : 'staff.signin',
      target: `user:${user.id}`,
      after: { ok: true, by: recovery ? 'recovery code' : 'app code', recoveryCodesLeft: left },
    });
    return session(ctx, trx, user.id, authTokenHash);
  });
  return (
    opened ??
    refused(
      ctx,
      actor,
      'staff.signin.failed',
      step !== null ? 'code used already' : 'recovery code',
    )
  );
}

/**
 * The staff console's own sign-in (docs/operations.md "Staff console"): a staff account
 * enrols an authenticator app (TOTP) before any staff page opens, keeps ten one-time recovery
 * codes, and signs in with a code for a staff session of its own (`STAFF_SESSION_MS`, 12 h),
 * on top of its account's. A code opens one session: the time step it was accepted for is
 * kept in the session's transaction and only a later one is taken. A staff session is bound
 * to the account sign-in it was opened with and ends with it. Each enrolment, sign-in, failed
 * code and recovery code used has its audit row.
 */
export function createStaffAuth(deps: StaffAuthDeps) {
  const ctx = staffAuthContext(deps);
  const { db, now } = ctx;
  return Object.freeze({
    state: (userId: number) => state(ctx, userId),
    startEnrolment: (actor: StaffActor) => startEnrolment(ctx, actor),
    confirmEnrolment: (who: StaffSignIn, code: string) => confirmEnrolment(ctx, who, code),
    signIn: (who: StaffSignIn, code: string) => signIn(ctx, who, code),
    /** A live staff session by its token: its user and the sign-in it is bound to. */
    sessionOf: (token: string) => liveSession(db, hashSecret(token), now().toISOString()),
    /** Whether the user has a live staff session opened with this account sign-in. */
    isSignedIn: (userId: number, authTokenHash: string) =>
      hasLiveSessionOf(db, userId, authTokenHash, now().toISOString()),
    signOut: (token: string) => revokeSession(db, hashSecret(token), now().toISOString()),
    /**
     * Ends every staff session of a user (blocked, roles taken, logged out everywhere, a
     * password changed or reset, a deletion asked).
     */
    signOutEverywhere: (trx: Db, userId: number) =>
      revokeSessionsOf(trx, userId, now().toISOString()),
  });
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
    await commandLineAudit(
      trx,
      {
        userId,
        action: 'staff.totp.reset',
        target: `user:${userId}`,
        before: { enrolled },
        after: { enrolled: false },
      },
      at,
    );
    return true;
  });
}
