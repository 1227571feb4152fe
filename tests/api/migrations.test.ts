import pg from 'pg';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest, pendingMigrations } from '#server/db/migrate.ts';

/**
 * Migrations keep their bookkeeping in the connection's own schema: another schema's
 * `kysely_migration` tables (a test's, another app's in the same database) once made the
 * server skip creating its own and fail at start ("kysely_migration_lock does not exist").
 */
const DATABASE_URL = process.env.DATABASE_URL;
(DATABASE_URL ? describe : describe.skip)('migrations on PostgreSQL', () => {
  it('ignore another schema’s bookkeeping tables', async () => {
    const name = `mig_${process.pid}_${Date.now().toString(36)}`;
    const url = new URL(DATABASE_URL!);
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    url.pathname = `/${name}`;
    const decoy = new pg.Client({ connectionString: url.toString() });
    await decoy.connect();
    await decoy.query(`CREATE SCHEMA decoy;
      CREATE TABLE decoy.kysely_migration (name varchar(255) PRIMARY KEY, timestamp varchar(255));
      CREATE TABLE decoy.kysely_migration_lock (id varchar(255) PRIMARY KEY, is_locked integer)`);
    await decoy.end();
    const handle = await openDatabase({ url: url.toString(), file: '' });
    try {
      const applied = await migrateToLatest(handle.db);
      expect(applied[0]).toBe('0001-accounts');
      expect(await pendingMigrations(handle.db)).toEqual([]);
      // a second start finds them applied
      expect(await migrateToLatest(handle.db)).toEqual([]);
    } finally {
      await handle.close();
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
