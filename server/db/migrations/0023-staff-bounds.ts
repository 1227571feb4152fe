import type { AnyDb } from './helpers.ts';
import { withId } from './helpers.ts';

/**
 * Bounds on staff powers (docs/operations.md "Staff console"): a staff session remembers the
 * account sign-in it was opened with (it ends with it), the two-factor secret remembers the
 * last time step it accepted (a code opens one session), and a moderator's balance
 * adjustments are kept with their value in the limit's currency: the rolling 24-hour cap
 * sums them, and one above it waits here for an admin.
 */
export async function up(db: AnyDb): Promise<void> {
  // null on sessions opened before: they are bound to nothing and open nothing
  await db.schema.alterTable('staff_sessions').addColumn('auth_token_hash', 'text').execute();
  await db.schema.alterTable('staff_totp').addColumn('last_step', 'bigint').execute();
  await withId(db, db.schema.createTable('staff_adjustments'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    // |amount| in the limit's currency at the stored rates when asked
    .addColumn('value', 'bigint', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    // APPLIED (within the cap), PENDING (waits for an admin), APPROVED or REJECTED
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('requested_by', 'integer', (col) => col.notNull())
    .addColumn('requested_login', 'text', (col) => col.notNull())
    .addColumn('decided_by', 'integer')
    .addColumn('decided_login', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('staff_adjustments_by_idx')
    .on('staff_adjustments')
    .columns(['requested_by', 'created_at'])
    .execute();
  await db.schema
    .createIndex('staff_adjustments_user_idx')
    .on('staff_adjustments')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('staff_adjustments_status_idx')
    .on('staff_adjustments')
    .column('status')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('staff_adjustments').execute();
  await db.schema.alterTable('staff_totp').dropColumn('last_step').execute();
  await db.schema.alterTable('staff_sessions').dropColumn('auth_token_hash').execute();
}
