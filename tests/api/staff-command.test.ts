import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { bootstrap } from '#server/bootstrap.ts';

/**
 * `npm run staff` as an operator runs it, in its own process against the deployment's
 * database (a SQLite file here): a role given by the command line, to a new account or an
 * existing one, leaves its audit row as a console change does.
 */
const run = promisify(execFile);
const dir = mkdtempSync(path.join(os.tmpdir(), 'staff-command-'));
const env = {
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_FILE: path.join(dir, 'ops.sqlite'),
  MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
  DATABASE_URL: '',
};
const command = (...args: string[]) =>
  run(process.execPath, ['scripts/create-staff.ts', ...args], { env });

describe('npm run staff', () => {
  it('writes an audit row for each role it gives', async () => {
    const account = [
      '--email',
      'ops@example.com',
      '--login',
      'opsadmin',
      '--password',
      'a long pass 1',
    ];
    await command(...account, '--role', 'ROLE_MODERATOR');
    await command(...account, '--role', 'ROLE_ADMIN');
    const booted = await bootstrap({ env, seed: false });
    const { db } = booted.database;
    const rows = await db
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', 'user.roles')
      .orderBy('id')
      .execute();
    await booted.database.close();
    expect(rows.map((row) => [row.staff_login, row.role, row.ip, row.before, row.after])).toEqual([
      ['npm run staff', 'operator', 'command line', null, '{"roles":["ROLE_MODERATOR"]}'],
      [
        'npm run staff',
        'operator',
        'command line',
        '{"roles":["ROLE_MODERATOR"]}',
        '{"roles":["ROLE_MODERATOR","ROLE_ADMIN"]}',
      ],
    ]);
    expect(rows[0]!.target).toBe(rows[1]!.target);
  });
});
