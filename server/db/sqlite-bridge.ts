import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Kysely's SqliteDialect speaks to a better-sqlite3-shaped database; node:sqlite (built into
 * Node, nothing to compile at install) differs in two details this bridge covers: parameters
 * are spread, not passed as an array, and a statement tells whether it returns rows through
 * columns() instead of a `reader` flag.
 */
export function openSqlite(file: string): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(file);
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec('PRAGMA busy_timeout = 5000');
  raw.exec('PRAGMA synchronous = NORMAL');
  // Kysely prepares every query it runs; the same SQL text reuses its compiled statement
  // (node:sqlite runs a statement to its end synchronously, so sharing one is safe)
  const statements = new Map<string, SqliteStatement>();
  return {
    raw,
    close: () => {
      statements.clear();
      raw.close();
    },
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (!statement) {
        statement = wrap(raw.prepare(sql));
        // queries with IN lists of varying length make new texts: keep the newest 500
        if (statements.size >= 500) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

type Param = null | number | bigint | string | NodeJS.ArrayBufferView;

function wrap(statement: StatementSync): SqliteStatement {
  const params = (values: ReadonlyArray<unknown>) => values.map(toSqlite);
  return {
    reader: statement.columns().length > 0,
    all: (values) => statement.all(...params(values)),
    run: (values) => statement.run(...params(values)),
    iterate: (values) => statement.iterate(...params(values)) as IterableIterator<unknown>,
  };
}

/** node:sqlite binds numbers, bigints, strings, buffers and null; booleans become 0/1. */
function toSqlite(value: unknown): Param {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value as Param;
}
