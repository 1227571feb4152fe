import { openSqlite } from './sqlite-bridge.ts';

describe('node:sqlite bridge for Kysely', () => {
  it('tells statements that return rows from those that do not, and spreads parameters', () => {
    const db = openSqlite(':memory:');
    const create = db.prepare('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, flag INTEGER)');
    expect(create.reader).toBe(false);
    create.run([]);
    const insert = db.prepare('INSERT INTO t (name, flag) VALUES (?, ?)');
    expect(insert.run(['a', true])).toMatchObject({ changes: 1, lastInsertRowid: 1 });
    insert.run(['b', false]);
    const select = db.prepare('SELECT name, flag FROM t WHERE flag = ? ORDER BY id');
    expect(select.reader).toBe(true);
    expect(select.all([1])).toEqual([{ name: 'a', flag: 1 }]);
    expect([...select.iterate([0])]).toEqual([{ name: 'b', flag: 0 }]);
    const returning = db.prepare('UPDATE t SET name = ? WHERE id = ? RETURNING id');
    expect(returning.reader).toBe(true);
    expect(returning.all(['c', 2])).toEqual([{ id: 2 }]);
    db.close();
  });

  it('turns on foreign keys and WAL for files', () => {
    const db = openSqlite(':memory:');
    expect(db.raw.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
    db.close();
  });
});
