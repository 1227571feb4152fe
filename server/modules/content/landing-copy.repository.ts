import type { Db } from '../../db/database.ts';

/** The SQL on `landing_copy` (staff's own landing texts). */

export function allLandingCopy(db: Db) {
  return db.selectFrom('landing_copy').selectAll().execute();
}

export function landingCopyOf(db: Db, lang: string, key: string) {
  return db
    .selectFrom('landing_copy')
    .selectAll()
    .where('lang', '=', lang)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Writes staff's text (a new row or over the last one). */
export async function putLandingCopy(
  db: Db,
  row: { lang: string; key: string; text: string; updated_at: string; updated_by: string },
) {
  await db
    .insertInto('landing_copy')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['lang', 'key']).doUpdateSet({
        text: row.text,
        updated_at: row.updated_at,
        updated_by: row.updated_by,
      }),
    )
    .execute();
}

export async function deleteLandingCopy(db: Db, lang: string, key: string) {
  await db.deleteFrom('landing_copy').where('lang', '=', lang).where('key', '=', key).execute();
}
