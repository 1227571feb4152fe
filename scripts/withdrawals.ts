/**
 * `npm run withdrawals`: staff decide affiliate withdraw requests (docs/operations.md).
 *   npm run withdrawals -- list
 *   npm run withdrawals -- pay <id> [--note "paid by card transfer 123"] [--by name]
 *   npm run withdrawals -- reject <id> --note "reason the customer reads" [--by name]
 * Paying keeps the held money out of the balance; rejecting gives it back. Either way the
 * customer is notified (live, and in /cp/notifications/). A request is decided once.
 */
import { parseArgs } from 'node:util';
import { bootstrap } from '#server/bootstrap.ts';

const USAGE = `usage:
  npm run withdrawals -- list
  npm run withdrawals -- pay <id> [--note text] [--by name]
  npm run withdrawals -- reject <id> --note text [--by name]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { note: { type: 'string' }, by: { type: 'string' } },
});
const [command, id] = positionals;
const decision = command === 'pay' ? 'PAID' : command === 'reject' ? 'REJECTED' : null;
if (!(command === 'list' || (decision && id)) || (decision === 'REJECTED' && !values.note)) {
  console.error(USAGE);
  process.exit(2);
}

const { database, services } = await bootstrap({
  env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  seed: false,
});
const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;
let code = 0;
if (command === 'list') {
  const rows = await services.withdrawals.pending();
  if (!rows.length) console.log('no withdraw requests waiting');
  for (const row of rows)
    console.log(
      `${row.public_id}  ${row.created_at}  user ${row.user_id}  ${money(Number(row.amount), row.currency)}  ${row.method}: ${row.details}`,
    );
} else {
  const decided = await services.withdrawals.decide(id!, {
    status: decision!,
    note: values.note ?? null,
    by: values.by ?? process.env.USER ?? 'staff',
  });
  if (decided) {
    console.log(
      `${decided.public_id} ${decided.status}: ${money(Number(decided.amount), decided.currency)} (user ${decided.user_id} notified)`,
    );
  } else {
    const row = await services.withdrawals.byId(id!);
    console.error(row ? `${id} was already decided: ${row.status}` : `no withdraw request ${id}`);
    code = 1;
  }
}
await database.close();
process.exit(code);
