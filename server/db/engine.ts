import { type Kysely, PostgresAdapter } from 'kysely';

/** Which engine a Kysely instance speaks to (SKIP LOCKED, serial keys … differ). */
// biome-ignore lint/suspicious/noExplicitAny: also asked by frozen migrations (Kysely<any>)
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
