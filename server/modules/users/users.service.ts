import { DEFAULT_LOCALE, isLocale, type Locale } from '#shared/locales.ts';
import { REFERRED_START_LEVEL } from '#shared/pricing.ts';
import type { Currency } from '#shared/regions.ts';
import { hasNoCabinet, isRole, isStaff, mainRole } from '#shared/roles.ts';
import type { PublicUser } from '#shared/user.ts';
import type { Db } from '../../db/database.ts';
import { randomCode } from '../../lib/ids.ts';
import {
  addToBalance,
  countReferralsOf,
  emailsOf,
  findUserByEmail,
  findUserById,
  findUserByLoginOrEmail,
  findUserByRefCode,
  findUserBySocial,
  findUserForUpdate,
  insertUser,
  linkSocial,
  namesOf,
  newUsersByDay,
  raiseDiscountLevel,
  searchUsers,
  setReferrerOnce,
  updateUser,
  userIdsMatching,
} from './users.repository.ts';
import type { UserRow } from './users.table.ts';

export type { PublicUser };

const parseList = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : [];
  } catch {
    return [];
  }
};

export function toPublicUser(row: UserRow): PublicUser {
  const roles = parseList(row.roles).filter(isRole);
  return {
    id: row.id,
    email: row.email,
    login: row.login,
    lang: row.lang,
    cur: row.cur,
    balance: Number(row.balance),
    roles,
    role: mainRole(roles),
    scopes: parseList(row.scopes),
    isStaff: isStaff(roles),
    noCp: hasNoCabinet(roles),
    refCode: row.ref_code,
    discountLevel: Number(row.discount_level),
    createdAt: row.created_at,
  };
}

export interface NewUser {
  email: string;
  login: string | null;
  passwordHash: string | null;
  lang: Locale;
  cur: Currency;
  roles?: string[];
  referrerCode?: string | undefined;
}

/** Creates a user with a fresh referral code; a known referral code links the referrer. */
export async function createUser(db: Db, user: NewUser, now = new Date()): Promise<UserRow> {
  const referrer = user.referrerCode ? await findUserByRefCode(db, user.referrerCode) : undefined;
  const at = now.toISOString();
  for (let attempt = 0; ; attempt++) {
    try {
      return await insertUser(db, {
        email: user.email.toLowerCase(),
        login: user.login?.toLowerCase() ?? null,
        password_hash: user.passwordHash,
        lang: user.lang,
        cur: user.cur,
        roles: JSON.stringify(user.roles ?? []),
        ref_code: randomCode(8),
        referrer_id: referrer?.id ?? null,
        // a referred user starts at level 2 (docs/product.md §4, §8)
        discount_level: referrer ? REFERRED_START_LEVEL : 1,
        created_at: at,
        updated_at: at,
      });
    } catch (error) {
      // a clash of random referral codes is rare: try another; anything else is real
      if (attempt < 3 && /ref_code/.test(String((error as Error).message))) continue;
      throw error;
    }
  }
}

/** A user as the API sees them, by id (the worker acting for a user), or null. */
export async function publicUserById(db: Db, id: number): Promise<PublicUser | null> {
  const row = await findUserById(db, id);
  return row ? toPublicUser(row) : null;
}

/** Whether staff blocked the account: it signs in nowhere (site, API key, live channel). */
export const isBlocked = (row: Pick<UserRow, 'blocked_at'>): boolean => row.blocked_at != null;

/** A user who may act (not blocked), by id, or null: API keys act only for these. */
export async function activeUserById(db: Db, id: number): Promise<PublicUser | null> {
  const row = await findUserById(db, id);
  return row && !isBlocked(row) ? toPublicUser(row) : null;
}

/**
 * The staff console's changes of an account, each inside the caller's
 * transaction, which also writes the audit row: blocked or not, the discount level, roles.
 */
export const staffUserWrites = {
  async setBlocked(db: Db, id: number, blocked: boolean, at: string) {
    await updateUser(db, id, { blocked_at: blocked ? at : null, updated_at: at });
  },
  async setDiscountLevel(db: Db, id: number, level: number, at: string) {
    await updateUser(db, id, { discount_level: level, updated_at: at });
  },
  async setRoles(db: Db, id: number, roles: string[], at: string) {
    await updateUser(db, id, { roles: JSON.stringify(roles.filter(isRole)), updated_at: at });
  },
};

/** Accounts as auth needs them (with the password hash): by id, e-mail, login, social id. */
export const accountById = findUserById;
export const accountByEmail = findUserByEmail;
/** By login or e-mail, as the login form accepts either. */
export const accountByLogin = findUserByLoginOrEmail;
export const accountBySocial = findUserBySocial;
export const linkSocialIdentity = linkSocial;

export async function setPasswordHash(
  db: Db,
  userId: number,
  passwordHash: string,
  at: string,
): Promise<void> {
  await updateUser(db, userId, { password_hash: passwordHash, updated_at: at });
}

/** Gives an account one more role (staff accounts are made by `npm run staff`). */
export async function grantRole(db: Db, row: UserRow, role: string, at: string): Promise<string[]> {
  const roles = [...new Set([...parseList(row.roles), role])];
  await updateUser(db, row.id, { roles: JSON.stringify(roles), updated_at: at });
  return roles;
}

/** The language a user reads in (notifications and mails), or null for an unknown user. */
export async function languageOf(db: Db, userId: number): Promise<Locale | null> {
  const row = await findUserById(db, userId);
  if (!row) return null;
  return isLocale(row.lang) ? row.lang : DEFAULT_LOCALE;
}

/**
 * A guest who signed up claims an order placed with a referral code: the code's owner becomes
 * their referrer, if they have none and it is not themselves, and they get the referred
 * start level (docs/product.md §4). Answers the referrer's id when linked.
 */
export async function adoptReferrer(
  db: Db,
  userId: number,
  code: string,
  at: string,
): Promise<number | null> {
  const referrer = await findUserByRefCode(db, code);
  if (!referrer || referrer.id === userId) return null;
  if (!(await setReferrerOnce(db, userId, referrer.id, at))) return null;
  await raiseDiscountLevel(db, userId, REFERRED_START_LEVEL, at);
  return referrer.id;
}

/** A user's balance and currency, their row locked until the transaction ends (PostgreSQL). */
export async function balanceForUpdate(
  db: Db,
  userId: number,
): Promise<{ balance: number; currency: string } | null> {
  const row = await findUserForUpdate(db, userId);
  return row ? { balance: Number(row.balance), currency: row.cur } : null;
}

/** When an account was made (ISO), or null for an unknown user. */
export async function accountCreatedAt(db: Db, userId: number): Promise<string | null> {
  return (await findUserById(db, userId))?.created_at ?? null;
}

/** How many users a referrer brought. */
export const referralsCountOf = countReferralsOf;

/** Users' e-mails by id, masked for another user's eyes (`an***@gmail.com`). */
export async function maskedEmailsOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = await emailsOf(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, maskEmail(row.email)]));
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const name = email.slice(0, at);
  return `${name.slice(0, Math.min(2, name.length - 1) || 1)}***${email.slice(at)}`;
}

/** Who referred a user (docs/product.md referral program), with the referrer's currency. */
export async function referrerOf(
  db: Db,
  userId: number,
): Promise<{ id: number; currency: string } | null> {
  const buyer = await findUserById(db, userId);
  if (!buyer?.referrer_id) return null;
  const referrer = await findUserById(db, buyer.referrer_id);
  return referrer ? { id: referrer.id, currency: referrer.cur } : null;
}

/**
 * The balance column, for the ledger service only (it writes the ledger row in the same
 * transaction): answers the balance after and its currency, or undefined when a debit
 * would go below zero or the user does not exist.
 */
export const changeBalance = addToBalance;

/** The staff console's reads of users: search, names, ids matching a text. */
export const staffUserReads = {
  search: searchUsers,
  namesOf,
  idsMatching: userIdsMatching,
  newByDay: newUsersByDay,
  byId: findUserById,
};
