import type { Db } from '../../db/database.ts';
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
