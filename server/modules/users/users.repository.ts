import { sql } from 'kysely';
import { ROLES } from '#shared/roles.ts';
import type { Db } from '../../db/database.ts';
import { isPostgres } from '../../db/engine.ts';
import type { NewUserRow, UserRow, UserUpdate } from './users.table.ts';

/** SQL on `users` and `social_identities`: nothing else reads or writes these tables. */
export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** By login (case-insensitive, stored lowercased) or by e-mail. */
export function findUserByLoginOrEmail(db: Db, value: string): Promise<UserRow | undefined> {
  const key = value.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('login', '=', key), eb('email', '=', key)]))
    .executeTakeFirst();
}

export function findUserByRefCode(db: Db, code: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('ref_code', '=', code).executeTakeFirst();
}

export async function insertUser(db: Db, user: NewUserRow): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: number, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/**
 * Adds a signed amount to a balance in one conditional UPDATE; a debit matches no row when
 * the balance is short (`balance >= -amount`), so concurrent debits never go below zero.
 * Answers the balance after and its currency, or undefined when nothing was changed.
 */
export function addToBalance(
  db: Db,
  { userId, amount, at }: { userId: number; amount: number; at: string },
): Promise<{ balance: number; cur: string } | undefined> {
  return db
    .updateTable('users')
    .set((eb) => ({ balance: eb('balance', '+', amount), updated_at: at }))
    .where('id', '=', userId)
    .$if(amount < 0, (qb) => qb.where('balance', '>=', -amount))
    .returning(['balance', 'cur'])
    .executeTakeFirst();
}

export function findUserBySocial(
  db: Db,
  provider: string,
  subject: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('social_identities')
    .innerJoin('users', 'users.id', 'social_identities.user_id')
    .selectAll('users')
    .where('social_identities.provider', '=', provider)
    .where('social_identities.subject', '=', subject)
    .executeTakeFirst();
}

export async function linkSocial(
  db: Db,
  userId: number,
  provider: string,
  subject: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('social_identities')
    .values({ user_id: userId, provider, subject, created_at: now })
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
    .execute();
}

/**
 * Reads a user and, on PostgreSQL, locks the row until the transaction ends, so two
 * settlements of one user take turns (SQLite runs one writer at a time anyway).
 */
export function findUserForUpdate(db: Db, id: number): Promise<UserRow | undefined> {
  const query = db.selectFrom('users').selectAll().where('id', '=', id);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

/** Sets the discount level only upward (levels are never lowered); true when it rose. */
export async function raiseDiscountLevel(
  db: Db,
  id: number,
  level: number,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ discount_level: level, updated_at: at })
    .where('id', '=', id)
    .where('discount_level', '<', level)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** By login only (stored lowercased). */
export function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('login', '=', login.trim().toLowerCase())
    .executeTakeFirst();
}

/**
 * Profile fields, with the currency changed only while the balance is zero: one conditional
 * UPDATE, so a top-up landing at the same moment cannot be read in the wrong currency.
 * Answers false (nothing changed) when the balance was not zero.
 */
export async function updateProfile(
  db: Db,
  id: number,
  changes: Pick<UserUpdate, 'login' | 'email' | 'lang' | 'cur' | 'updated_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set(changes)
    .where('id', '=', id)
    .$if(changes.cur !== undefined, (qb) => qb.where('balance', '=', 0))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function insertDeletionRequest(
  db: Db,
  row: { user_id: number; email: string; reason: string | null; requested_at: string },
): Promise<{ requested_at: string }> {
  return db
    .insertInto('account_deletion_requests')
    .values(row)
    .returning('requested_at')
    .executeTakeFirstOrThrow();
}

/** The user's deletion request still waiting for an operator, if any. */
export function pendingDeletionOf(
  db: Db,
  userId: number,
): Promise<{ requested_at: string } | undefined> {
  return db
    .selectFrom('account_deletion_requests')
    .select('requested_at')
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** Links a referrer to a user who has none yet; answers whether it did. */
export async function setReferrerOnce(
  db: Db,
  id: number,
  referrerId: number,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ referrer_id: referrerId, updated_at: at })
    .where('id', '=', id)
    .where('referrer_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countReferralsOf(db: Db, referrerId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('referrer_id', '=', referrerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function emailsOf(db: Db, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).execute();
}

const likeText = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Users whose login or e-mail holds `q` (or whose id it is), newest first (staff console). */
export async function searchUsers(
  db: Db,
  q: string | undefined,
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const id = q && /^\d{1,10}$/.test(q) ? Number(q) : null;
  const base = db
    .selectFrom('users')
    .$if(q !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          ...(id !== null ? [eb('id', '=', id)] : []),
          sql<boolean>`lower(${sql.ref('email')}) like ${likeText(q!)} escape '\\'`,
          sql<boolean>`lower(coalesce(${sql.ref('login')}, '')) like ${likeText(q!)} escape '\\'`,
        ]),
      ),
    );
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Login and e-mail of users by id. */
export function namesOf(db: Db, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'login', 'email'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Ids of users whose login or e-mail holds `q` (the staff order search's "user"). */
export async function userIdsMatching(db: Db, q: string, limit = 200): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        sql<boolean>`lower(${sql.ref('email')}) like ${likeText(q)} escape '\\'`,
        sql<boolean>`lower(coalesce(${sql.ref('login')}, '')) like ${likeText(q)} escape '\\'`,
      ]),
    )
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Customer accounts (no staff role) made per UTC day since `since` (the staff dashboard). */
export async function newUsersByDay(
  db: Db,
  since: string,
): Promise<{ day: string; users: number }[]> {
  const rows = await db
    .selectFrom('users')
    .select([
      sql<string>`substr(${sql.ref('created_at')}, 1, 10)`.as('day'),
      (eb) => eb.fn.countAll<number>().as('users'),
    ])
    .where('created_at', '>=', since)
    // customers only: an account with a staff role (roles is a JSON array) is not counted
    .where((eb) => eb.and(ROLES.map((role) => eb('roles', 'not like', `%"${role}"%`))))
    .groupBy(sql`substr(${sql.ref('created_at')}, 1, 10)`)
    .execute();
  return rows.map((row) => ({ day: row.day, users: Number(row.users) }));
}
