import type { Db } from '../../db/database.ts';
import type { WebhookDeliveryRow, WebhookState } from './webhooks.table.ts';

/** SQL on `webhook_endpoints` and `webhook_deliveries`. */
export function endpointOf(db: Db, userId: number) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Sets the user's URL; a new endpoint gets `secret`, an existing one keeps its own. */
export async function putEndpoint(
  db: Db,
  row: { user_id: number; url: string; secret: string; at: string },
): Promise<void> {
  await db
    .insertInto('webhook_endpoints')
    .values({
      user_id: row.user_id,
      url: row.url,
      secret: row.secret,
      created_at: row.at,
      updated_at: row.at,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ url: row.url, updated_at: row.at }))
    .execute();
}

export async function setSecret(db: Db, userId: number, secret: string, at: string) {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ secret, updated_at: at })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteEndpoint(db: Db, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertDelivery(
  db: Db,
  row: { user_id: number; event_id: string; type: string; body: string; at: string },
): Promise<void> {
  await db
    .insertInto('webhook_deliveries')
    .values({
      user_id: row.user_id,
      event_id: row.event_id,
      type: row.type,
      body: row.body,
      state: 'PENDING',
      attempts: 0,
      next_attempt_at: row.at,
      last_attempt_at: null,
      last_status: null,
      last_error: null,
      created_at: row.at,
      delivered_at: null,
    })
    .execute();
}

/**
 * Takes up to `limit` due deliveries for one attempt: each is counted and leased until
 * `leaseUntil` in the same statement, so two workers never send the same attempt, and a
 * worker that dies mid-send leaves it due again when the lease ends (at least once).
 */
export function claimDue(
  db: Db,
  { at, leaseUntil, limit }: { at: string; leaseUntil: string; limit: number },
): Promise<WebhookDeliveryRow[]> {
  return db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_attempt_at: at,
      next_attempt_at: leaseUntil,
    }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('state', '=', 'PENDING')
        .where('next_attempt_at', '<=', at)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit),
    )
    .where('state', '=', 'PENDING')
    .where('next_attempt_at', '<=', at)
    .returningAll()
    .execute();
}

/** What an attempt came to: delivered, failed for good, or due again at `next_attempt_at`. */
export async function recordAttempt(
  db: Db,
  id: number,
  result: {
    state: WebhookState;
    last_status: number | null;
    last_error: string | null;
    next_attempt_at: string;
    delivered_at: string | null;
  },
): Promise<void> {
  await db.updateTable('webhook_deliveries').set(result).where('id', '=', id).execute();
}

export async function countPending(db: Db, userId: number, type: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('state', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's latest deliveries, newest first. */
export function deliveriesOf(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Ended deliveries older than `before` are of no more use to anyone. */
export async function deleteEndedBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('state', '!=', 'PENDING')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
