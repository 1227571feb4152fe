import type { AnyDb } from './helpers.ts';
import { withId } from './helpers.ts';

/** Users, their auth tokens, password-reset codes and social identities. */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('login', 'text', (col) => col.unique())
    .addColumn('password_hash', 'text')
    .addColumn('lang', 'text', (col) => col.notNull().defaultTo('ru'))
    .addColumn('cur', 'text', (col) => col.notNull().defaultTo('RUB'))
    .addColumn('balance', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('roles', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('scopes', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('ref_code', 'text', (col) => col.notNull().unique())
    .addColumn('referrer_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('auth_tokens'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('auth_tokens_user').on('auth_tokens').column('user_id').execute();

  await withId(db, db.schema.createTable('password_resets'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await withId(db, db.schema.createTable('social_identities'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('social_identities_provider_subject', ['provider', 'subject'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['social_identities', 'password_resets', 'auth_tokens', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
