import type { AnyDb } from './helpers.ts';
import { withId } from './helpers.ts';

/**
 * The staff console: each staff account's two-factor secret (sealed with
 * SECRETS_KEY) and one-time recovery codes (hashed), staff sign-ins of their own (12 h,
 * hashed tokens), and the audit log, which the app only ever appends to.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('staff_totp')
    .addColumn('user_id', 'integer', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('secret', 'text', (col) => col.notNull())
    // null until the first code confirms the enrolment
    .addColumn('confirmed_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await withId(db, db.schema.createTable('staff_recovery_codes'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('staff_recovery_codes_user_idx')
    .on('staff_recovery_codes')
    .column('user_id')
    .execute();
  await withId(db, db.schema.createTable('staff_sessions'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await withId(db, db.schema.createTable('staff_audit'))
    // kept when the account goes: the log outlives who wrote it
    .addColumn('staff_id', 'integer', (col) => col.notNull())
    .addColumn('staff_login', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('staff_audit_created_idx')
    .on('staff_audit')
    .column('created_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['staff_audit', 'staff_sessions', 'staff_recovery_codes', 'staff_totp'])
    await db.schema.dropTable(table).execute();
}
