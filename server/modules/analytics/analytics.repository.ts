import type { Db } from '../../db/database.ts';
import type { AnalyticsOutboxRow } from './analytics.table.ts';

/** SQL on `web_vitals` and `analytics_outbox`. */
export async function insertVitals(
  db: Db,
  rows: {
    page_kind: string;
    name: string;
    value: number;
    rating: string | null;
    created_at: string;
  }[],
): Promise<void> {
  if (rows.length) await db.insertInto('web_vitals').values(rows).execute();
}

/** Every value of each page kind and metric since a time, sorted (for percentiles). */
export function vitalsSince(db: Db, since: string) {
  return db
    .selectFrom('web_vitals')
    .select(['page_kind', 'name', 'value'])
    .where('created_at', '>=', since)
    .orderBy('page_kind')
    .orderBy('name')
    .orderBy('value')
    .execute();
}

export async function deleteVitalsBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('web_vitals')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function enqueue(
  db: Db,
  row: { target: string; payload: string; at: string },
): Promise<void> {
  await db
    .insertInto('analytics_outbox')
    .values({
      target: row.target,
      payload: row.payload,
      attempts: 0,
      next_attempt_at: row.at,
      created_at: row.at,
    })
    .execute();
}

/** Due events, each leased until `leaseUntil` in the statement that takes it. */
export function claimDue(
  db: Db,
  { at, leaseUntil, limit }: { at: string; leaseUntil: string; limit: number },
): Promise<AnalyticsOutboxRow[]> {
  return db
    .updateTable('analytics_outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: leaseUntil }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('analytics_outbox')
        .select('id')
        .where('next_attempt_at', '<=', at)
        .orderBy('id')
        .limit(limit),
    )
    .where('next_attempt_at', '<=', at)
    .returningAll()
    .execute();
}

export async function deleteEvent(db: Db, id: number): Promise<void> {
  await db.deleteFrom('analytics_outbox').where('id', '=', id).execute();
}

export async function retryAt(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable('analytics_outbox')
    .set({ next_attempt_at: at })
    .where('id', '=', id)
    .execute();
}
