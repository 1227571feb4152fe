/**
 * The browser tests' stand-in for a referral bonus (tests/e2e/staff-console.spec.ts): credits
 * an account affiliate income through the ledger, as a referred customer's delivered order does
 * (server/modules/referrals/referrals.service.ts), so it may ask to withdraw it without waiting
 * for a referral's order to complete. Run on the e2e server's database:
 * `node tests/support/e2e-affiliate-income.ts --email a@b.c --amount 500` (minor units).
 */
import { parseArgs } from 'node:util';
import { bootstrap } from '#server/bootstrap.ts';
import { ledger } from '#server/modules/ledger/ledger.service.ts';
import { accountByEmail } from '#server/modules/users/users.service.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, amount: { type: 'string' } },
});
const amount = Number(values.amount);
if (!values.email || !Number.isSafeInteger(amount) || amount <= 0) {
  console.error('usage: --email a@b.c --amount <minor units>');
  process.exit(2);
}
const { database } = await bootstrap({
  env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  seed: false,
});
const account = await accountByEmail(database.db, values.email);
if (!account) {
  console.error(`no account ${values.email}`);
  process.exit(1);
}
await database.db.transaction().execute((trx) =>
  ledger.bonus(trx, {
    userId: account.id,
    amount,
    note: 'e2e: referral bonus',
    at: new Date().toISOString(),
  }),
);
await database.close();
