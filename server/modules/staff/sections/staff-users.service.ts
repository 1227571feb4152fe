import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { StaffUserDetail, StaffUserRow } from '#shared/staff.ts';
import type { AuthService } from '../../auth/auth.service.ts';
import { ledger } from '../../ledger/ledger.service.ts';
import type { OrdersService } from '../../orders/orders.service.ts';
import type { PaymentsService } from '../../payments/payments.service.ts';
import type { IncomeService } from '../../referrals/income.service.ts';
import type { ApiKeysService } from '../../reseller/api-keys.service.ts';
import {
  isBlocked,
  staffUserReads,
  staffUserWrites,
  toPublicUser,
} from '../../users/users.service.ts';
import type { UserRow } from '../../users/users.table.ts';
import type { Audit } from '../audit.service.ts';
import type { StaffAuth } from '../auth/staff-auth.service.ts';
import type { StaffActor } from '../staff-actor.ts';
import { assertMayActOn, assertMayUnblock } from '../staff-bounds.ts';
import type { AdjustmentOutcome, StaffAdjustments } from './staff-adjustments.service.ts';

export const STAFF_USER_ERRORS = {
  notFound: 'User not found',
} as const;

const rowView = (row: UserRow): StaffUserRow => {
  const user = toPublicUser(row);
  return {
    id: row.id,
    login: row.login,
    email: row.email,
    role: user.role,
    balance: Number(row.balance),
    cur: row.cur,
    discount_level: Number(row.discount_level),
    blocked: isBlocked(row),
    created_at: row.created_at,
  };
};

export type StaffUsers = ReturnType<typeof createStaffUsers>;

/** What createStaffUsers is made with. */
export interface StaffUsersDeps {
  db: Db;
  orders: OrdersService;
  payments: Pick<PaymentsService, 'staff'>;
  income: Pick<IncomeService, 'total'>;
  apiKeys: ApiKeysService;
  auth: AuthService;
  staffAuth: StaffAuth;
  audit: Audit;
  adjustments: StaffAdjustments;
  now?: () => Date;
}

/** What the functions below work with: the dependencies. */
export function staffUsersContext({
  db,
  orders,
  payments,
  income,
  apiKeys,
  auth,
  staffAuth,
  audit,
  adjustments,
  now = () => new Date(),
}: StaffUsersDeps) {
  return { db, orders, payments, income, apiKeys, auth, staffAuth, audit, adjustments, now };
}

export type StaffUsersContext = ReturnType<typeof staffUsersContext>;

export async function detail(
  { db, orders, payments, income, apiKeys, auth, adjustments }: StaffUsersContext,
  id: number,
): Promise<StaffUserDetail> {
  const row = await staffUserReads.byId(db, id);
  if (!row) throw new AppError(STAFF_USER_ERRORS.notFound, 404);
  const balance = Number(row.balance);
  const [recent, rows, key, sessions, paid, earnings, [referrer], waiting] = await Promise.all([
    orders.staff.list({ userId: id }, { page: 1, limit: 20 }),
    ledger.latestOf(db, id, 50),
    apiKeys.view(id),
    auth.liveSessionsOf(id),
    payments.staff.list({ userId: id }, { page: 1, limit: 10 }),
    income.total({ id, cur: row.cur, balance, refCode: row.ref_code }),
    row.referrer_id === null ? [] : staffUserReads.namesOf(db, [row.referrer_id]),
    adjustments.pendingOf(id),
  ]);
  const user = toPublicUser(row);
  return {
    ...rowView(row),
    roles: user.roles,
    lang: row.lang,
    orders: recent.items,
    ledger: rows.map((entry) => ({
      id: entry.id,
      group: entry.group,
      amount: Number(entry.amount),
      currency: entry.currency,
      note: entry.note,
      created_at: entry.created_at,
    })),
    api_key: key
      ? { prefix: key.prefix, created_at: key.created_at, last_used_at: key.last_used_at }
      : null,
    sessions,
    payments: paid.items,
    adjustments: waiting,
    referrals: {
      referrer: referrer ?? null,
      code: row.ref_code,
      referred: earnings.referrals,
      currency: earnings.currency,
      earned: earnings.earned,
      pending: earnings.pending,
      withdrawn: earnings.withdrawn,
      available: earnings.available,
    },
  };
}

export async function userOf({ db }: StaffUsersContext, id: number) {
  const row = await staffUserReads.byId(db, id);
  if (!row) throw new AppError(STAFF_USER_ERRORS.notFound, 404);
  return row;
}

/**
 * A change of the account and its audit row in one transaction; `signOut` ends every
 * sign-in of the account in it too (the live channel hears of it once committed).
 */
export async function change(
  ctx: StaffUsersContext,
  actor: StaffActor,
  id: number,
  action: string,
  apply: (trx: Db, at: string) => Promise<void>,
  { signOut = false } = {},
) {
  const { db, auth, staffAuth, audit, now } = ctx;
  const before = await userOf(ctx, id);
  assertMayActOn(actor, { id, roles: toPublicUser(before).roles });
  if (action === 'user.unblock') await assertMayUnblock(db, actor, id);
  const at = now().toISOString();
  const told = await db.transaction().execute(async (trx) => {
    await apply(trx, at);
    const tell = signOut ? await auth.logoutEverywhereIn(trx, id) : null;
    if (signOut) await staffAuth.signOutEverywhere(trx, id);
    const after = (await staffUserReads.byId(trx, id))!;
    const facts = (row: typeof before) => ({
      roles: toPublicUser(row).roles,
      discount_level: Number(row.discount_level),
      blocked: isBlocked(row),
    });
    await audit.record(trx, actor, {
      action,
      target: `user:${id}`,
      before: facts(before),
      after: facts(after),
    });
    return tell;
  });
  told?.();
  return detail(ctx, id);
}

export async function list(
  { db }: StaffUsersContext,
  q: string | undefined,
  paging: { page: number; limit: number },
) {
  const { rows, total } = await staffUserReads.search(db, q, paging);
  return { items: rows.map(rowView), meta: { total, ...paging } };
}

/**
 * Adds (or takes, below zero never) `amount` with its reason: applied, or (a moderator
 * beyond the cap) waiting for an admin; the account's page either way.
 */
export async function adjustBalance(
  ctx: StaffUsersContext,
  actor: StaffActor,
  id: number,
  amount: number,
  reason: string,
): Promise<{ outcome: AdjustmentOutcome; user: StaffUserDetail }> {
  const { adjustments } = ctx;
  const row = await userOf(ctx, id);
  assertMayActOn(actor, { id, roles: toPublicUser(row).roles });
  const outcome = await adjustments.adjust(actor, row, amount, reason);
  return { outcome, user: await detail(ctx, id) };
}

/**
 * Users as the staff console sees and corrects them: search, a user's page (their ledger,
 * orders, payments, referrals, API key, sign-ins and adjustments waiting for an admin), and
 * changes within the staff bounds (staff-bounds.ts): never one's own account, a staff account
 * only by an admin of a higher role. Balance adjustments go through `adjustments` (a
 * moderator's within the 24-hour cap).
 */
export function createStaffUsers(deps: StaffUsersDeps) {
  const ctx = staffUsersContext(deps);
  const { staffAuth } = ctx;
  return Object.freeze({
    /** Blocked: no sign-in, no API key, every session and socket ended; or unblocked. */
    setBlocked: (actor: StaffActor, id: number, blocked: boolean) =>
      change(
        ctx,
        actor,
        id,
        blocked ? 'user.block' : 'user.unblock',
        (trx, at) => staffUserWrites.setBlocked(trx, id, blocked, at),
        { signOut: blocked },
      ),
    setDiscountLevel: (actor: StaffActor, id: number, level: number) =>
      change(ctx, actor, id, 'user.level', (trx, at) =>
        staffUserWrites.setDiscountLevel(trx, id, level, at),
      ),
    /** Admins only (the gate's 'roles'): a role taken away ends the account's staff sessions. */
    setRoles: (actor: StaffActor, id: number, roles: string[]) =>
      change(ctx, actor, id, 'user.roles', async (trx, at) => {
        await staffUserWrites.setRoles(trx, id, roles, at);
        await staffAuth.signOutEverywhere(trx, id);
      }),
    /** Every sign-in of the account ends (site, cabinet, live channel, staff console). */
    logoutEverywhere: (actor: StaffActor, id: number) =>
      change(ctx, actor, id, 'user.logout', async () => {}, { signOut: true }),
    list: (q: string | undefined, paging: { page: number; limit: number }) => list(ctx, q, paging),
    detail: (id: number) => detail(ctx, id),
    adjustBalance: (actor: StaffActor, id: number, amount: number, reason: string) =>
      adjustBalance(ctx, actor, id, amount, reason),
  });
}
