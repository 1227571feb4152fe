import type { Db } from '../../db/database.ts';

/** SQL on `api_keys`. */
export function keyOfUser(db: Db, userId: number) {
  return db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function keyByHash(db: Db, hash: string) {
  return db.selectFrom('api_keys').selectAll().where('key_hash', '=', hash).executeTakeFirst();
}

/** The user's one key: a new one replaces the old (rotation) in one statement. */
export async function putKey(
  db: Db,
  row: { user_id: number; key_hash: string; prefix: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('api_keys')
    .values({ ...row, last_used_at: null, last_used_ip: null })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        key_hash: row.key_hash,
        prefix: row.prefix,
        created_at: row.created_at,
        last_used_at: null,
        last_used_ip: null,
      }),
    )
    .execute();
}

export async function deleteKey(db: Db, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('api_keys').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function markUsed(db: Db, id: number, at: string, ip: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at, last_used_ip: ip })
    .where('id', '=', id)
    .execute();
}
