import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { StaffAdjustCap, StaffAdjustment, StaffPage } from '#shared/staff.ts';
import { can } from '#shared/staff-permissions.ts';
import { ledger } from '../../ledger/ledger.service.ts';
import { balanceForUpdate, staffUserReads, toPublicUser } from '../../users/users.service.ts';
import type { UserRow } from '../../users/users.table.ts';
import type { Audit } from '../audit.service.ts';
import {
  adjustmentById,
  adjustmentsPage,
  appliedValueSince,
  decideAdjustment,
  insertAdjustment,
} from '../staff.repository.ts';
import type { AdjustmentStatus, StaffAdjustmentRow } from '../staff.table.ts';
import type { StaffActor } from '../staff-actor.ts';
import { assertMayActOn, STAFF_BOUNDS_ERRORS } from '../staff-bounds.ts';

export const ADJUSTMENT_ERRORS = {
  notFound: 'Adjustment not found',
  decided: 'This adjustment was decided already',
  currency: 'The account’s currency changed since the adjustment was asked: ask again',
} as const;

const DAY_MS = 24 * 3_600_000;

/** What a balance adjustment came to: applied at once, or waiting for an admin. */
export type AdjustmentOutcome = 'applied' | 'pending';

/** What createStaffAdjustments is made with. */
export interface AdjustmentsDeps {
  db: Db;
  audit: Audit;
  /** minor units of one currency in another at the stored rates (the catalogue's) */
  convert: (minor: number, from: string, to: string, trx?: Db) => Promise<number>;
  limit: number;
  currency: string;
  now?: () => Date;
}

/** What the functions below work with: the dependencies. */
export function adjustmentsContext({
  db,
  audit,
  convert,
  limit,
  currency,
  now = () => new Date(),
}: AdjustmentsDeps) {
  return { db, audit, convert, limit, currency, now };
}

export type AdjustmentsContext = ReturnType<typeof adjustmentsContext>;

export async function views(
  { db, currency }: AdjustmentsContext,
  rows: StaffAdjustmentRow[],
): Promise<StaffAdjustment[]> {
  const people = new Map(
    (await staffUserReads.namesOf(db, [...new Set(rows.map((row) => row.user_id))])).map((user) => [
      user.id,
      user,
    ]),
  );
  return rows.map((row) => ({
    id: row.id,
    user: people.get(row.user_id) ?? null,
    amount: Number(row.amount),
    currency: row.currency,
    value: Number(row.value),
    value_currency: currency,
    reason: row.reason,
    status: row.status,
    requested_by: { id: row.requested_by, login: row.requested_login },
    decided_by:
      row.decided_by === null ? null : { id: row.decided_by, login: row.decided_login ?? '' },
    decided_at: row.decided_at,
    created_at: row.created_at,
  }));
}

/** |amount| in the cap's currency; at least 1 (a rate that rounds to nothing still counts). */
export async function capValue(
  { convert, currency }: AdjustmentsContext,
  trx: Db,
  amount: number,
  from: string,
): Promise<number> {
  if (from === currency) return Math.abs(amount);
  return Math.max(1, Math.abs(await convert(Math.abs(amount), from, currency, trx)));
}

export function loginOf(actor: StaffActor) {
  return actor.user.login ?? actor.user.email;
}

/**
 * Adds (or takes, below zero never) `amount` on the account with its reason, or, for a
 * moderator beyond the cap, leaves it waiting for an admin. The caller checked that the
 * actor may act on the account.
 */
export async function adjust(
  ctx: AdjustmentsContext,
  actor: StaffActor,
  target: UserRow,
  amount: number,
  reason: string,
): Promise<AdjustmentOutcome> {
  const { db, audit, limit, currency, now } = ctx;
  const at = now();
  const note = reason.trim();
  return db.transaction().execute(async (trx) => {
    if (actor.role === 'admin') {
      const balance = await ledger.adjust(trx, {
        userId: target.id,
        amount,
        note,
        at: at.toISOString(),
      });
      await audit.record(trx, actor, {
        action: 'user.balance',
        target: `user:${target.id}`,
        before: { balance: balance - amount, currency: target.cur },
        after: { balance, currency: target.cur, reason: note },
      });
      return 'applied';
    }
    // the moderator's row first, then the account's: a second adjustment by the same
    // moderator, or of the same account, waits here and then counts this one
    await balanceForUpdate(trx, actor.user.id);
    const account = await balanceForUpdate(trx, target.id);
    if (!account) throw new AppError('User not found', 404);
    const value = await capValue(ctx, trx, amount, account.currency);
    const used = await appliedValueSince(trx, {
      by: actor.user.id,
      userId: target.id,
      since: new Date(at.getTime() - DAY_MS).toISOString(),
    });
    const within = used.byModerator + value <= limit && used.toAccount + value <= limit;
    const row = {
      user_id: target.id,
      amount,
      currency: account.currency,
      value,
      reason: note,
      requested_by: actor.user.id,
      requested_login: loginOf(actor),
      decided_by: null,
      decided_login: null,
      decided_at: null,
      created_at: at.toISOString(),
    };
    const cap = { limit, currency, by_you_24h: used.byModerator, account_24h: used.toAccount };
    if (!within) {
      const pending = await insertAdjustment(trx, { ...row, status: 'PENDING' });
      await audit.record(trx, actor, {
        action: 'user.balance.request',
        target: `user:${target.id}`,
        after: {
          adjustment: pending.id,
          amount,
          currency: account.currency,
          reason: note,
          value,
          cap,
        },
      });
      return 'pending';
    }
    const balance = await ledger.adjust(trx, {
      userId: target.id,
      amount,
      note,
      at: at.toISOString(),
    });
    const applied = await insertAdjustment(trx, { ...row, status: 'APPLIED' });
    await audit.record(trx, actor, {
      action: 'user.balance',
      target: `user:${target.id}`,
      before: { balance: balance - amount, currency: account.currency },
      after: {
        balance,
        currency: account.currency,
        reason: note,
        adjustment: applied.id,
        value,
        cap,
      },
    });
    return 'applied';
  });
}

/** An admin approves (the adjustment is applied now) or rejects a waiting adjustment. */
export async function decide(
  ctx: AdjustmentsContext,
  actor: StaffActor,
  id: number,
  status: 'APPROVED' | 'REJECTED',
): Promise<StaffAdjustment> {
  const { db, audit, now } = ctx;
  const at = now().toISOString();
  const decided = await db.transaction().execute(async (trx) => {
    const before = await adjustmentById(trx, id);
    if (!before) throw new AppError(ADJUSTMENT_ERRORS.notFound, 404);
    if (before.status !== 'PENDING') throw new AppError(ADJUSTMENT_ERRORS.decided, 409);
    if (before.requested_by === actor.user.id || before.user_id === actor.user.id)
      throw new AppError(STAFF_BOUNDS_ERRORS.ownAdjustment, 403);
    const target = await staffUserReads.byId(trx, before.user_id);
    if (!target) throw new AppError(ADJUSTMENT_ERRORS.notFound, 404);
    assertMayActOn(actor, { id: target.id, roles: toPublicUser(target).roles });
    const row = await decideAdjustment(trx, id, {
      status,
      by: actor.user.id,
      login: loginOf(actor),
      at,
    });
    if (!row) throw new AppError(ADJUSTMENT_ERRORS.decided, 409);
    const amount = Number(row.amount);
    let balance: number | undefined;
    if (status === 'APPROVED') {
      if (target.cur !== row.currency) throw new AppError(ADJUSTMENT_ERRORS.currency, 409);
      balance = await ledger.adjust(trx, { userId: row.user_id, amount, note: row.reason, at });
    }
    await audit.record(trx, actor, {
      action: status === 'APPROVED' ? 'user.balance.approve' : 'user.balance.reject',
      target: `user:${row.user_id}`,
      before: {
        adjustment: row.id,
        status: 'PENDING',
        amount,
        currency: row.currency,
        reason: row.reason,
        requested_by: row.requested_login,
      },
      after: { status, ...(balance === undefined ? {} : { balance }) },
    });
    return row;
  });
  return (await views(ctx, [decided]))[0]!;
}

export async function list(
  ctx: AdjustmentsContext,
  filter: { status?: AdjustmentStatus; userId?: number },
  paging: { page: number; limit: number },
): Promise<StaffPage<StaffAdjustment>> {
  const { db } = ctx;
  const { rows, total } = await adjustmentsPage(db, filter, paging);
  return { items: await views(ctx, rows), meta: { total, ...paging } };
}

/**
 * The cap `actor` adjusts within and what their adjustments applied over the last 24 hours
 * count against it (`GET staff/me`); null for an admin (no cap) and a role without balances.
 */
export async function capOf(
  { db, limit, currency, now }: AdjustmentsContext,
  actor: StaffActor,
): Promise<StaffAdjustCap | null> {
  if (actor.role === 'admin' || !can(actor.role, 'users')) return null;
  const since = new Date(now().getTime() - DAY_MS).toISOString();
  const { byModerator } = await appliedValueSince(db, {
    by: actor.user.id,
    userId: actor.user.id,
    since,
  });
  return { limit, currency, used: byModerator };
}

/** The account's adjustments waiting for an admin, newest first (its console page). */
export async function pendingOf(
  ctx: AdjustmentsContext,
  userId: number,
): Promise<StaffAdjustment[]> {
  const { db } = ctx;
  const { rows } = await adjustmentsPage(db, { status: 'PENDING', userId }, { page: 1, limit: 50 });
  return views(ctx, rows);
}

/**
 * Balance adjustments in the staff console (docs/operations.md "What each role may do"): an
 * admin's apply at once; a moderator's apply while the moderator's adjustments over the last
 * 24 hours, and all moderators' adjustments of that account, stay within `limit` minor units
 * of `currency` (each converted at the stored rates, credits and debits alike); above it one
 * waits for an admin, who approves (then it is applied) or rejects it. Each step writes its
 * ledger row and audit row in one transaction.
 */
export function createStaffAdjustments(deps: AdjustmentsDeps) {
  const ctx = adjustmentsContext(deps);
  return Object.freeze({
    adjust: (actor: StaffActor, target: UserRow, amount: number, reason: string) =>
      adjust(ctx, actor, target, amount, reason),
    decide: (actor: StaffActor, id: number, status: 'APPROVED' | 'REJECTED') =>
      decide(ctx, actor, id, status),
    list: (
      filter: { status?: AdjustmentStatus; userId?: number },
      paging: { page: number; limit: number },
    ) => list(ctx, filter, paging),
    capOf: (actor: StaffActor) => capOf(ctx, actor),
    pendingOf: (userId: number) => pendingOf(ctx, userId),
  });
}

export type StaffAdjustments = ReturnType<typeof createStaffAdjustments>;
