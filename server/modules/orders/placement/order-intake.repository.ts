import type { Db } from '#server/db/database.ts';
import type { IntakeStatus, OrderIntakeRow } from '../orders.table.ts';

/** SQL on `order_intake`: async orders accepted at once and placed by the worker. */

export function insertIntake(db: Db, row: Omit<OrderIntakeRow, 'id'>): Promise<OrderIntakeRow> {
  return db.insertInto('order_intake').values(row).returningAll().executeTakeFirstOrThrow();
}

export function intakeByPublicId(db: Db, publicId: string): Promise<OrderIntakeRow | undefined> {
  return db
    .selectFrom('order_intake')
    .selectAll()
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

export async function intakeIds(
  db: Db,
  where: { status: IntakeStatus; updatedBefore?: string; limit?: number },
): Promise<number[]> {
  const rows = await db
    .selectFrom('order_intake')
    .select('id')
    .where('status', '=', where.status)
    .$if(where.updatedBefore !== undefined, (qb) =>
      qb.where('updated_at', '<=', where.updatedBefore!),
    )
    .orderBy('id')
    .$if(where.limit !== undefined, (qb) => qb.limit(where.limit!))
    .execute();
  return rows.map((row) => row.id);
}

/** QUEUED → PROCESSING, for one worker only (a conditional UPDATE): the row, or undefined. */
export function takeIntake(db: Db, id: number, at: string): Promise<OrderIntakeRow | undefined> {
  return db
    .updateTable('order_intake')
    .set({ status: 'PROCESSING', updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'QUEUED')
    .returningAll()
    .executeTakeFirst();
}

export async function updateIntake(
  db: Db,
  id: number,
  changes: { status: IntakeStatus; result?: string; error?: string; updated_at: string },
): Promise<void> {
  await db.updateTable('order_intake').set(changes).where('id', '=', id).execute();
}
