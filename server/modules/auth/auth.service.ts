import { AUTH_MESSAGES } from '#shared/auth-rules.ts';
import { COOKIE_MAX_AGE_MS } from '#shared/constants.ts';
import { DEFAULT_LOCALE, isLocale, type Locale, localePrefix } from '#shared/locales.ts';
import { type Currency, defaultCurrency } from '#shared/regions.ts';
import { ACCOUNT_TAKEN, PROFILE_MESSAGES } from '#shared/schemas/profile.schemas.ts';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { resetPasswordMail } from '../../integrations/mail/templates.ts';
import type { SocialProfile } from '../../integrations/oauth/oauth-provider.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashSecret, newToken, randomCode } from '../../lib/ids.ts';
import { ValidationError } from '../../lib/validate.ts';
import {
  accountByEmail,
  accountById,
  accountByLogin,
  accountBySocial,
  createUser,
  isBlocked,
  linkSocialIdentity,
  type PublicUser,
  setPasswordHash,
  toPublicUser,
} from '../users/users.service.ts';
import {
  consumeReset,
  insertReset,
  insertToken,
  liveTokensOf,
  type RevokedToken,
  revokeAllTokens,
  revokeOtherTokens,
  revokeToken,
  userIdOfToken,
} from './auth.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const RESET_CODE_TTL_MS = 60 * 60 * 1000;
export const LOGIN_FAILED = 'Wrong login or password';
/** A blocked account signs in nowhere (the staff console blocks it). */
export const ACCOUNT_BLOCKED = 'This account is blocked: write to support';
export const RESET_CODE_INVALID = 'This link is invalid or has expired. Ask for a new one.';
const PASSWORD_WRONG = PROFILE_MESSAGES.passwordWrong;
export const EMAIL_TAKEN = ACCOUNT_TAKEN.email;
export const LOGIN_TAKEN = ACCOUNT_TAKEN.login;
export const EMAIL_OR_LOGIN_TAKEN = ACCOUNT_TAKEN.either;

/**
 * What is stored of a bearer token, and what names it elsewhere (the live channel's room of
 * the sockets that authenticated with it): its SHA-256.
 */
export const tokenHashOf = (token: string): string => hashSecret(token);

/** Tokens of a user revoked (a logout, a password change or reset): committed already. */
export interface TokensRevoked {
  userId: number;
  /** `tokenHashOf` each revoked token */
  tokenHashes: string[];
}

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /**
   * Runs in the transaction of a password change or reset and of a deletion request (every
   * sign-in ends): the staff console ends the account's staff sessions there.
   */
  onCredentialsChanged?: (trx: Db, userId: number) => Promise<void>;
  now?: () => Date;
}

/** What the functions below work with: the dependencies and the state made from them once. */
export function authContext({
  db,
  mailer,
  publicUrl,
  onCredentialsChanged = async () => {},
  now = () => new Date(),
}: AuthDeps) {
  const revokedListeners = new Set<(revoked: TokensRevoked) => void>();
  return { db, mailer, publicUrl, onCredentialsChanged, now, revokedListeners };
}

export type AuthContext = ReturnType<typeof authContext>;

/** Tells the listeners (the live channel) of tokens revoked, once the revocation committed. */
export function reportRevoked({ revokedListeners }: AuthContext, rows: RevokedToken[]): void {
  const byUser = new Map<number, string[]>();
  for (const row of rows)
    byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.token_hash]);
  for (const [userId, tokenHashes] of byUser)
    for (const listener of revokedListeners) listener({ userId, tokenHashes });
}

export async function issueToken({ db, now }: AuthContext, userId: number): Promise<string> {
  const token = newToken();
  const at = now();
  await insertToken(
    db,
    userId,
    tokenHashOf(token),
    at,
    new Date(at.getTime() + COOKIE_MAX_AGE_MS.auth),
  );
  return token;
}

/**
 * Checks the account's own password before a sensitive change (a 400 on `field`). An
 * account made by social login has none yet: nothing to check.
 */
export async function confirmPassword(
  { db }: AuthContext,
  userId: number,
  password: string | undefined,
  field: string,
): Promise<void> {
  const row = await accountById(db, userId);
  if (!row?.password_hash) return;
  if (!password) throw new ValidationError({ [field]: AUTH_MESSAGES.passwordRequired });
  if (!(await verifyPassword(password, row.password_hash)))
    throw new ValidationError({ [field]: PASSWORD_WRONG });
}

export async function register(
  ctx: AuthContext,
  input: {
    email: string;
    login: string;
    password: string;
    lang: Locale;
    cur: Currency;
    ref?: string | undefined;
  },
): Promise<{ token: string; user: PublicUser }> {
  const { db } = ctx;
  if (await accountByEmail(db, input.email)) throw new AppError(EMAIL_TAKEN, 409);
  if (await accountByLogin(db, input.login)) throw new AppError(LOGIN_TAKEN, 409);
  const row = await createUser(db, {
    email: input.email,
    login: input.login,
    passwordHash: await hashPassword(input.password),
    lang: input.lang,
    cur: input.cur,
    referrerCode: input.ref,
  }).catch((error: Error) => {
    // two sign-ups racing for the same e-mail or login: the unique index decides
    if (/unique|constraint/i.test(error.message)) throw new AppError(EMAIL_OR_LOGIN_TAKEN, 409);
    throw error;
  });
  return { token: await issueToken(ctx, row.id), user: toPublicUser(row) };
}

export async function logIn(
  ctx: AuthContext,
  login: string,
  password: string,
): Promise<{ token: string; user: PublicUser }> {
  const { db } = ctx;
  const row = await accountByLogin(db, login);
  const ok = await verifyPassword(password, row?.password_hash ?? null);
  if (!row || !ok) throw new AppError(LOGIN_FAILED, 401);
  if (isBlocked(row)) throw new AppError(ACCOUNT_BLOCKED, 403);
  return { token: await issueToken(ctx, row.id), user: toPublicUser(row) };
}

/** The user behind a token, or null for a missing, revoked or expired one. */
export async function authenticate(
  { db, now }: AuthContext,
  token: string | undefined,
): Promise<PublicUser | null> {
  if (!token || token.length > 200) return null;
  const userId = await userIdOfToken(db, tokenHashOf(token), now());
  const row = userId === undefined ? undefined : await accountById(db, userId);
  return row && !isBlocked(row) ? toPublicUser(row) : null;
}

/** Whether the token of this hash still works (not revoked, not expired). */
export async function isLive({ db, now }: AuthContext, tokenHash: string): Promise<boolean> {
  return (await userIdOfToken(db, tokenHash, now())) !== undefined;
}

/**
 * Calls `listener` after each committed revocation with the hashes of the tokens revoked
 * (the live channel disconnects their sockets); answers the unsubscribe. A listener must
 * not throw: the revocation stands either way.
 */
export function onTokensRevoked(
  { revokedListeners }: AuthContext,
  listener: (revoked: TokensRevoked) => void,
): () => void {
  revokedListeners.add(listener);
  return () => revokedListeners.delete(listener);
}

export async function logout(ctx: AuthContext, token: string): Promise<void> {
  const { db, now } = ctx;
  reportRevoked(ctx, await revokeToken(db, tokenHashOf(token), now()));
}

/**
 * Mails a single-use code to a known address, in the language of the page it was asked
 * from (the link lands on that language's pages too), or the account's when the call names
 * none. The answer is the same for unknown ones, so the endpoint tells nobody which
 * e-mails have accounts.
 */
export async function requestReset(
  { db, mailer, publicUrl, now }: AuthContext,
  email: string,
  pageLang: Locale | undefined,
): Promise<void> {
  const row = await accountByEmail(db, email);
  if (!row) return;
  const code = randomCode(24);
  const at = now();
  await insertReset(db, row.id, hashSecret(code), at, new Date(at.getTime() + RESET_CODE_TTL_MS));
  const lang = pageLang ?? (isLocale(row.lang) ? row.lang : DEFAULT_LOCALE);
  const link = `${publicUrl}${localePrefix(lang)}/reset/${code}/`;
  await mailer.send(resetPasswordMail({ to: row.email, locale: lang, link }));
}

/**
 * The account of a social identity: the one linked to it, else the one with its e-mail
 * (then linked), else a new one. A provider without an e-mail gets a placeholder address.
 */
export async function socialLogin(
  ctx: AuthContext,
  provider: string,
  profile: SocialProfile,
  lang: Locale,
  ref?: string,
): Promise<{ token: string; user: PublicUser }> {
  const { db, now } = ctx;
  const at = now();
  let row = await accountBySocial(db, provider, profile.subject);
  if (!row && profile.email) row = await accountByEmail(db, profile.email);
  if (!row) {
    const email = profile.email ?? `${provider}-${profile.subject}@users.noreply.invalid`;
    try {
      row = await createUser(
        db,
        {
          email,
          login: null,
          passwordHash: null,
          lang,
          cur: defaultCurrency(lang),
          referrerCode: ref,
        },
        at,
      );
    } catch (error) {
      // a concurrent first login of the same person made the account a moment ago (the
      // e-mail is unique): that account is this login's too
      row =
        (await accountBySocial(db, provider, profile.subject)) ?? (await accountByEmail(db, email));
      if (!row) throw error;
    }
  }
  if (isBlocked(row)) throw new AppError(ACCOUNT_BLOCKED, 403);
  await linkSocialIdentity(db, row.id, provider, profile.subject, at.toISOString());
  return { token: await issueToken(ctx, row.id), user: toPublicUser(row) };
}

/** Sets a new password with a reset code; every older token stops working. */
export async function setPassword(
  ctx: AuthContext,
  code: string,
  password: string,
): Promise<{ token: string; user: PublicUser }> {
  const { db, onCredentialsChanged, now } = ctx;
  const at = now();
  const hash = await hashPassword(password);
  const revoked = await db.transaction().execute(async (trx) => {
    const userId = await consumeReset(trx, hashSecret(code), at);
    if (userId === undefined) throw new AppError(RESET_CODE_INVALID, 400);
    await setPasswordHash(trx, userId, hash, at.toISOString());
    await onCredentialsChanged(trx, userId);
    return { userId, rows: await revokeAllTokens(trx, userId, at) };
  });
  reportRevoked(ctx, revoked.rows);
  const { userId } = revoked;
  const row = await accountById(db, userId);
  if (!row) throw new AppError(RESET_CODE_INVALID, 400);
  return { token: await issueToken(ctx, row.id), user: toPublicUser(row) };
}

/**
 * A new password from the profile: the current one is checked (a social-only account sets
 * its first one), every other token of the user stops working, the request's own goes on.
 */
export async function changePassword(
  ctx: AuthContext,
  userId: number,
  keepToken: string,
  input: { current?: string | undefined; password: string },
): Promise<PublicUser> {
  const { db, onCredentialsChanged, now } = ctx;
  await confirmPassword(ctx, userId, input.current, 'current_password');
  const hash = await hashPassword(input.password);
  const at = now();
  const revoked = await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, userId, hash, at.toISOString());
    await onCredentialsChanged(trx, userId);
    return revokeOtherTokens(trx, userId, tokenHashOf(keepToken), at);
  });
  reportRevoked(ctx, revoked);
  const row = await accountById(db, userId);
  if (!row) throw new AppError('Log in to change your password', 401);
  return toPublicUser(row);
}

/** Every token of the user stops working (an account deletion request). */
export async function logoutEverywhere(ctx: AuthContext, userId: number): Promise<void> {
  const { db, onCredentialsChanged, now } = ctx;
  const at = now();
  reportRevoked(
    ctx,
    await db.transaction().execute(async (trx) => {
      await onCredentialsChanged(trx, userId);
      return revokeAllTokens(trx, userId, at);
    }),
  );
}

/**
 * The same inside the caller's transaction (a staff block, with its audit row): answers
 * what tells the live channel, to call once the transaction has committed.
 */
export async function logoutEverywhereIn(
  ctx: AuthContext,
  trx: Db,
  userId: number,
): Promise<() => void> {
  const { now } = ctx;
  const revoked = await revokeAllTokens(trx, userId, now());
  return () => reportRevoked(ctx, revoked);
}

/** Sign-up, login, tokens and password reset. Never sees req/res. */
export function createAuthService(deps: AuthDeps) {
  const ctx = authContext(deps);
  const { db, now } = ctx;
  return Object.freeze({
    issueToken: (userId: number) => issueToken(ctx, userId),
    register: (input: {
      email: string;
      login: string;
      password: string;
      lang: Locale;
      cur: Currency;
      ref?: string | undefined;
    }) => register(ctx, input),
    login: (login: string, password: string) => logIn(ctx, login, password),
    authenticate: (token: string | undefined) => authenticate(ctx, token),
    isLive: (tokenHash: string) => isLive(ctx, tokenHash),
    onTokensRevoked: (listener: (revoked: TokensRevoked) => void) => onTokensRevoked(ctx, listener),
    /** How many sign-ins of a user still work (the staff console's user page). */
    liveSessionsOf: (userId: number) => liveTokensOf(db, userId, now()),
    logout: (token: string) => logout(ctx, token),
    requestReset: (email: string, pageLang: Locale | undefined) =>
      requestReset(ctx, email, pageLang),
    socialLogin: (provider: string, profile: SocialProfile, lang: Locale, ref?: string) =>
      socialLogin(ctx, provider, profile, lang, ref),
    setPassword: (code: string, password: string) => setPassword(ctx, code, password),
    confirmPassword: (userId: number, password: string | undefined, field: string) =>
      confirmPassword(ctx, userId, password, field),
    changePassword: (
      userId: number,
      keepToken: string,
      input: { current?: string | undefined; password: string },
    ) => changePassword(ctx, userId, keepToken, input),
    logoutEverywhere: (userId: number) => logoutEverywhere(ctx, userId),
    logoutEverywhereIn: (trx: Db, userId: number) => logoutEverywhereIn(ctx, trx, userId),
  });
}

export type AuthService = ReturnType<typeof createAuthService>;
