import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';
import { withId } from './helpers.ts';

/**
 * Cabinet II. Notifications get docs/product.md §3's title and start time and an outbox mark
 * (`pushed_at`: the live push happens after the writing transaction has committed, from any
 * process, at least once). Guest orders keep the referral code they came with. Withdraw
 * requests hold their money until staff decide.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('name', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('start_time', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('pushed_at', 'text').execute();
  // what existed before is history: shown from when it was made, never pushed again
  await db
    .updateTable('notifications')
    .set({ name: '', start_time: sql.ref('created_at'), pushed_at: sql.ref('created_at') })
    .execute();
  await db.schema
    .createIndex('notifications_unpushed')
    .on('notifications')
    .column('id')
    .where(sql.ref('pushed_at'), 'is', null)
    .execute();

  await db.schema.alterTable('orders').addColumn('ref_code', 'text').execute();

  await withId(db, db.schema.createTable('withdrawals'))
    .addColumn('public_id', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    // how the customer wants to be paid (card, wallet, account), as they wrote it
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('details', 'text', (col) => col.notNull())
    // PENDING until staff decide: PAID or REJECTED (then the money goes back)
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('withdrawals_user')
    .on('withdrawals')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('withdrawals_status')
    .on('withdrawals')
    .columns(['status', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('withdrawals').execute();
  await db.schema.alterTable('orders').dropColumn('ref_code').execute();
  await db.schema.dropIndex('notifications_unpushed').execute();
  for (const column of ['pushed_at', 'start_time', 'name'])
    await db.schema.alterTable('notifications').dropColumn(column).execute();
}
