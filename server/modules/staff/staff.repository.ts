import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { StaffAuditRow, StaffAuditTable } from './staff.table.ts';

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

export async function insertSession(
  db: Db,
  row: { user_id: number; token_hash: string; created_at: string; expires_at: string },
) {
  await db
    .insertInto('staff_sessions')
    .values({ ...row, revoked_at: null })
    .execute();
}

export async function sessionUser(db: Db, tokenHash: string, now: string) {
  const row = await db
    .selectFrom('staff_sessions')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id;
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
