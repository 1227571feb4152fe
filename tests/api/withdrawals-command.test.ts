import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { bootstrap } from '#server/bootstrap.ts';
import { ledger } from '#server/modules/ledger/ledger.service.ts';
import { createUser } from '#server/modules/users/users.service.ts';

/**
 * `npm run withdrawals` as staff run it, in its own process against the deployment's database
 * (a SQLite file here): list the waiting requests, pay one, reject another with the reason the
 * customer reads, and refuse a second decision or a rejection without a reason.
 */
const run = promisify(execFile);
const dir = mkdtempSync(path.join(os.tmpdir(), 'withdrawals-'));
const env = {
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_FILE: path.join(dir, 'ops.sqlite'),
  MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
  DATABASE_URL: '',
};
const command = (...args: string[]) =>
  run(process.execPath, ['scripts/withdrawals.ts', ...args], { env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );

/** Two requests of one user with $50 of bonuses, made through the service. */
async function prepare(): Promise<{ userId: number; ids: string[] }> {
  const booted = await bootstrap({ env });
  const { db } = booted.database;
  const user = await createUser(db, {
    email: 'earner@example.com',
    login: 'earner',
    passwordHash: null,
    lang: 'en',
    cur: 'USD',
  });
  await db
    .transaction()
    .execute((trx) =>
      ledger.bonus(trx, { userId: user.id, amount: 5_000, at: new Date().toISOString() }),
    );
  const first = await booted.services.withdrawals.request(user.id, {
    amount: 2_000,
    method: 'paypal',
    details: 'earner@example.com',
  });
  // one waiting request at a time: the first is decided by hand here to make a second
  await booted.services.withdrawals.decide(first.id, { status: 'PAID', note: null, by: 'setup' });
  const second = await booted.services.withdrawals.request(user.id, {
    amount: 1_500,
    method: 'card',
    details: '4242 4242 4242 4242',
  });
  await booted.database.close();
  return { userId: user.id, ids: [first.id, second.id] };
}

describe('npm run withdrawals', () => {
  it('lists, decides once, and tells the customer', async () => {
    const { userId, ids } = await prepare();
    const listed = await command('list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(ids[1]);
    expect(listed.stdout).toContain(`user ${userId}  15.00 USD  card: 4242 4242 4242 4242`);
    expect(listed.stdout).not.toContain(ids[0]);

    expect((await command('reject', ids[1]!)).code).toBe(2);
    const rejected = await command(
      'reject',
      ids[1]!,
      '--note',
      'Card number not valid',
      '--by',
      'anna',
    );
    expect(rejected).toMatchObject({ code: 0 });
    expect(rejected.stdout).toContain(`${ids[1]} REJECTED: 15.00 USD (user ${userId} notified)`);
    const again = await command('pay', ids[1]!);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('was already decided: REJECTED');
    expect((await command('pay', 'nope')).stderr).toContain('no withdraw request nope');
    expect((await command('list')).stdout).toContain('no withdraw requests waiting');

    const booted = await bootstrap({ env });
    const { db } = booted.database;
    const user = await db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    // $50 earned − $20 paid out; the rejected $15 is back
    expect(Number(user.balance)).toBe(3_000);
    const notes = await booted.services.notifications.page(userId, { lang: 'en' });
    expect(notes.items[0]!.notification_type).toMatchObject({
      type: 'withdraw.REJECTED',
      message:
        'Your withdrawal request for $15 was declined and the money is back on your balance. Card number not valid',
    });
    const row = await booted.services.withdrawals.byId(ids[1]!);
    expect(row).toMatchObject({ status: 'REJECTED', decided_by: 'anna' });
    await booted.database.close();
    // the command runs seven times as its own process (Node start, migrations check, boot):
    // ~1 s each on a quiet machine, 3 s on two cores shared with the rest of the suite
  }, 60_000);
});
