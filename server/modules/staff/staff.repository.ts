import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  AdjustmentStatus,
  StaffAdjustmentRow,
  StaffAdjustmentsTable,
  StaffAuditRow,
  StaffAuditTable,
} from './staff.table.ts';

/** The SQL on the staff console's tables. */

export function totpOf(db: Db, userId: number) {
  return db.selectFrom('staff_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A new, unconfirmed secret replaces an unconfirmed one; a confirmed one is never replaced. */
export async function putPendingTotp(db: Db, userId: number, secret: string, at: string) {
  return db.transaction().execute(async (trx) => {
    const known = await totpOf(trx, userId);
    if (known?.confirmed_at) return false;
    if (known) await trx.deleteFrom('staff_totp').where('user_id', '=', userId).execute();
    await trx
      .insertInto('staff_totp')
      .values({ user_id: userId, secret, confirmed_at: null, created_at: at })
      .execute();
    return true;
  });
}

export async function confirmTotp(db: Db, userId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_totp')
    .set({ confirmed_at: at })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]) {
  await db.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('staff_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** The two-factor secret and the recovery codes go (the member enrols again). */
export async function deleteTwoFactor(db: Db, userId: number): Promise<boolean> {
  await db.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('staff_totp').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Uses a recovery code once: false when it is not the user's or was used. */
export async function spendRecoveryCode(db: Db, userId: number, hash: string, at: string) {
  const result = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes a TOTP time step for the member: true when it is later than every step accepted
 * before (then it is the last one), false for a step used already or an earlier one.
 */
export async function takeTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_totp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertSession(
  db: Db,
  row: {
    user_id: number;
    token_hash: string;
    auth_token_hash: string;
    created_at: string;
    expires_at: string;
  },
) {
  await db
    .insertInto('staff_sessions')
    .values({ ...row, revoked_at: null })
    .execute();
}

/** A live staff session by its token: its user and the sign-in it is bound to. */
export function liveSession(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom('staff_sessions')
    .select(['user_id', 'auth_token_hash'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Whether a live staff session of the user is bound to this account sign-in. */
export async function hasLiveSessionOf(
  db: Db,
  userId: number,
  authTokenHash: string,
  now: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('staff_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('auth_token_hash', '=', authTokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

export async function revokeSession(db: Db, tokenHash: string, at: string) {
  await db
    .updateTable('staff_sessions')
    .set({ revoked_at: at })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Every staff sign-in of a user ends (blocked, roles taken, logged out everywhere). */
export async function revokeSessionsOf(db: Db, userId: number, at: string) {
  await db
    .updateTable('staff_sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertAudit(db: Db, row: Insertable<StaffAuditTable>) {
  await db.insertInto('staff_audit').values(row).execute();
}

/** The latest audit row of an action on a target (who blocked an account last), or none. */
export function latestAuditOf(db: Db, action: string, target: string) {
  return db
    .selectFrom('staff_audit')
    .selectAll()
    .where('action', '=', action)
    .where('target', '=', target)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface AuditFilter {
  action?: string;
  staffId?: number;
  target?: string;
  from?: string;
  to?: string;
}

export async function auditRows(
  db: Db,
  filter: AuditFilter,
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: StaffAuditRow[]; total: number }> {
  let query = db.selectFrom('staff_audit');
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.staffId) query = query.where('staff_id', '=', filter.staffId);
  if (filter.target) query = query.where('target', '=', filter.target);
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.to) query = query.where('created_at', '<', filter.to);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function insertAdjustment(
  db: Db,
  row: Insertable<StaffAdjustmentsTable>,
): Promise<StaffAdjustmentRow> {
  return db.insertInto('staff_adjustments').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * The value of the adjustments applied within the cap since `since`: by one moderator, and
 * to one account (by any moderator), in minor units of the cap's currency.
 */
export async function appliedValueSince(
  db: Db,
  { by, userId, since }: { by: number; userId: number; since: string },
): Promise<{ byModerator: number; toAccount: number }> {
  const sum = async (column: 'requested_by' | 'user_id', id: number) => {
    const row = await db
      .selectFrom('staff_adjustments')
      .select((eb) => eb.fn.sum<number | string | null>('value').as('value'))
      .where(column, '=', id)
      .where('status', '=', 'APPLIED')
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.value ?? 0);
  };
  return { byModerator: await sum('requested_by', by), toAccount: await sum('user_id', userId) };
}

export function adjustmentById(db: Db, id: number) {
  return db.selectFrom('staff_adjustments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Adjustments of one status (or all), newest first, optionally of one account. */
export async function adjustmentsPage(
  db: Db,
  filter: { status?: AdjustmentStatus; userId?: number },
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: StaffAdjustmentRow[]; total: number }> {
  let query = db.selectFrom('staff_adjustments');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** A waiting adjustment decided, once: the decided row, or undefined when it was not waiting. */
export function decideAdjustment(
  db: Db,
  id: number,
  decision: { status: 'APPROVED' | 'REJECTED'; by: number; login: string; at: string },
) {
  return db
    .updateTable('staff_adjustments')
    .set({
      status: decision.status,
      decided_by: decision.by,
      decided_login: decision.login,
      decided_at: decision.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .returningAll()
    .executeTakeFirst();
}
