import type { AuditView } from '../../../shared/staff.ts';
import type { Db } from '../../db/database.ts';
import { type AuditFilter, auditRows, insertAudit } from './staff.repository.ts';
import type { StaffActor } from './staff-access.ts';

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
 * The staff audit log (issue 33): every staff write adds a row, in the transaction of the
 * change it records, so a change is never without its row nor a row without its change.
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
