import type { AuditView } from '#shared/staff.ts';
import type { PublicUser } from '#shared/user.ts';
import type { Db } from '../../db/database.ts';
import { type AuditFilter, auditRows, insertAudit } from './staff.repository.ts';
import type { StaffActor } from './staff-actor.ts';

export interface AuditEntry {
  /** what was done: `order.cancel`, `user.balance` … */
  action: string;
  /** what it was done to: `order:123`, `user:45` … */
  target: string;
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export type Audit = ReturnType<typeof createAudit>;

/**
 * The staff audit log (docs/operations.md "Staff console"): every staff write adds a row, in
 * the transaction of the change it records, so a change is never without its row nor a row
 * without its change; sign-ins, their failures and refused calls add theirs too.
 * Append-only: the app has no call that edits or removes one.
 */
export function createAudit({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  return {
    record(trx: Db, actor: StaffActor, entry: AuditEntry): Promise<void> {
      return insertAudit(trx, {
        staff_id: actor.user.id,
        staff_login: actor.user.login ?? actor.user.email,
        role: actor.role,
        action: entry.action,
        target: entry.target,
        before: json(entry.before),
        after: json(entry.after),
        ip: actor.ip,
        created_at: now().toISOString(),
      });
    },

    /**
     * A console call refused to a signed-in account (`staff.refused`): the method, path,
     * status and reason; written on its own (the refused call changed nothing).
     */
    refused(entry: {
      user: PublicUser;
      role: string;
      ip: string;
      method: string;
      path: string;
      status: number;
      reason: string;
    }): Promise<void> {
      return insertAudit(db, {
        staff_id: entry.user.id,
        staff_login: entry.user.login ?? entry.user.email,
        role: entry.role,
        action: 'staff.refused',
        target: `user:${entry.user.id}`,
        before: null,
        after: json({
          call: `${entry.method} ${entry.path.slice(0, 200)}`,
          status: entry.status,
          reason: entry.reason,
        }),
        ip: entry.ip,
        created_at: now().toISOString(),
      });
    },

    async list(filter: AuditFilter, paging: { page: number; limit: number }) {
      const { rows, total } = await auditRows(db, filter, paging);
      const items: AuditView[] = rows.map((row) => ({
        id: row.id,
        staff: { id: row.staff_id, login: row.staff_login, role: row.role },
        action: row.action,
        target: row.target,
        before: row.before === null ? null : JSON.parse(row.before),
        after: row.after === null ? null : JSON.parse(row.after),
        ip: row.ip,
        created_at: row.created_at,
      }));
      return { items, meta: { total, ...paging } };
    },
  };
}

/**
 * An audit row of an operator's command (`npm run staff`: roles granted, two-factor reset):
 * done by the command line on the machine, so no member and no address.
 */
export function commandLineAudit(
  db: Db,
  entry: AuditEntry & { userId: number },
  at = new Date(),
): Promise<void> {
  return insertAudit(db, {
    staff_id: entry.userId,
    staff_login: 'npm run staff',
    role: 'operator',
    action: entry.action,
    target: entry.target,
    before: json(entry.before),
    after: json(entry.after),
    ip: 'command line',
    created_at: at.toISOString(),
  });
}
