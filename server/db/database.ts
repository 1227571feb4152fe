import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, type LogEvent, PostgresDialect, SqliteDialect } from 'kysely';
import { dbQueryDuration } from '../lib/metrics.ts';
import type { Database } from './database-types.ts';
import { openSqlite } from './sqlite-bridge.ts';

export type { Database };
export type Db = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
}

/** Every query's time into the metrics (Kysely's log hook: no query text is kept). */
const timed = (engine: Engine) => (event: LogEvent) => {
  dbQueryDuration.observe(
    { engine, outcome: event.level === 'error' ? 'error' : 'ok' },
    event.queryDurationMillis / 1000,
  );
};

/**
 * PostgreSQL when a URL is given, else the embedded SQLite file (created with its folder).
 * `schema` (PostgreSQL only) puts every table in its own schema: tests use one per suite.
 */
export async function openDatabase({
  url,
  file,
  schema,
}: {
  url?: string | null;
  file: string;
  schema?: string;
}): Promise<DatabaseHandle> {
  if (url) {
    // loaded only when used: the embedded default starts without it
    const { default: pg } = await import('pg');
    // int8 (bigint) columns hold money in minor units: far below 2^53, so numbers are safe
    pg.types.setTypeParser(20, (value) => Number(value));
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: timed('postgres'),
    });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = openSqlite(file);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: timed('sqlite'),
  });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}
