import type { CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';

/** Migrations are frozen: they take Kysely<any> and never import table types. */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema
export type AnyDb = Kysely<any>;

export { isPostgres };

/** An auto-incrementing integer primary key on both engines. */
export function withId<T extends string>(
  db: AnyDb,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
