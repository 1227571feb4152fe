import type { Db } from '../../db/database.ts';

export async function insertToken(
  db: Db,
  userId: number,
  tokenHash: string,
  now: Date,
  expires: Date,
): Promise<void> {
  await db
    .insertInto('auth_tokens')
    .values({
      user_id: userId,
      token_hash: tokenHash,
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
    })
    .execute();
}

/** The user id of a live token (not revoked, not expired). */
export async function userIdOfToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('auth_tokens')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row?.user_id;
}

/** A token revoked: its owner and hash (whose live sockets are to be disconnected). */
export interface RevokedToken {
  user_id: number;
  token_hash: string;
}

export async function revokeToken(db: Db, tokenHash: string, now: Date): Promise<RevokedToken[]> {
  return db
    .updateTable('auth_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .returning(['user_id', 'token_hash'])
    .execute();
}

/** Revokes every live token of a user; answers the ones it revoked. */
export async function revokeAllTokens(db: Db, userId: number, now: Date): Promise<RevokedToken[]> {
  return db
    .updateTable('auth_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning(['user_id', 'token_hash'])
    .execute();
}

export async function insertReset(
  db: Db,
  userId: number,
  codeHash: string,
  now: Date,
  expires: Date,
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      user_id: userId,
      code_hash: codeHash,
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
    })
    .execute();
}

/**
 * Marks a live reset code used and answers its user, in one statement, so a code can be
 * used once even when two requests race.
 */
export async function consumeReset(
  db: Db,
  codeHash: string,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now.toISOString() })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Revokes every live token of a user but one (the request's own: a password change keeps it);
 * answers the ones it revoked.
 */
export async function revokeOtherTokens(
  db: Db,
  userId: number,
  keepHash: string,
  now: Date,
): Promise<RevokedToken[]> {
  return db
    .updateTable('auth_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keepHash)
    .where('revoked_at', 'is', null)
    .returning(['user_id', 'token_hash'])
    .execute();
}

/** How many of a user's tokens still work (the staff console's "sessions"). */
export async function liveTokensOf(db: Db, userId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('auth_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
