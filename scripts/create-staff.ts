/**
 * `npm run staff -- --email a@b.c --login admin1 --password '…' [--role ROLE_ADMIN]`
 * Creates a staff account (or gives an existing one the role) in the configured database.
 * `npm run staff -- --reset-totp --email a@b.c`: the member lost the phone and the recovery
 * codes; their two-factor sign-in and staff sessions go, and they enrol again.
 */
import { parseArgs } from 'node:util';
import { bootstrap } from '#server/bootstrap.ts';
import { hashPassword } from '#server/modules/auth/passwords.ts';
import { commandLineAudit } from '#server/modules/staff/audit.service.ts';
import { resetTwoFactor } from '#server/modules/staff/auth/staff-auth.service.ts';
import {
  accountByEmail,
  createUser,
  grantRole,
  toPublicUser,
} from '#server/modules/users/users.service.ts';
import { emailProblem, loginProblem, passwordProblem } from '#shared/auth-rules.ts';
import { DEFAULT_LOCALE } from '#shared/locales.ts';
import { defaultCurrency } from '#shared/regions.ts';
import { isRole, ROLES } from '#shared/roles.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    login: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'ROLE_ADMIN' },
    'reset-totp': { type: 'boolean', default: false },
  },
});

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

const email = values.email?.trim() ?? '';
const bootEnv = { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };

if (values['reset-totp']) {
  if (emailProblem(email)) fail('Usage: --reset-totp --email <the member’s e-mail>');
  const { database } = await bootstrap({ env: bootEnv, seed: false });
  const account = await accountByEmail(database.db, email);
  if (!account) fail(`${email}: no such account`);
  const reset = await resetTwoFactor(database.db, account!.id, new Date());
  console.log(
    reset
      ? `${email}: two-factor sign-in reset; they enrol again at their next visit of /staff/`
      : `${email}: had no two-factor sign-in`,
  );
  await database.close();
  process.exit(0);
}

const login = values.login?.trim() ?? '';
const password = values.password ?? '';
const role = values.role ?? 'ROLE_ADMIN';
if (!isRole(role)) fail(`--role must be one of ${ROLES.join(', ')}`);
const problem = emailProblem(email) ?? loginProblem(login) ?? passwordProblem(password);
if (problem) fail(`Invalid input: ${problem} (usage: --email --login --password [--role])`);

const { database } = await bootstrap({ env: bootEnv, seed: false });
const existing = await accountByEmail(database.db, email);
if (existing) {
  const before = toPublicUser(existing).roles;
  const roles = await grantRole(database.db, existing, role, new Date().toISOString());
  // the audit log has every role given, the console's and the command line's
  await commandLineAudit(database.db, {
    userId: existing.id,
    action: 'user.roles',
    target: `user:${existing.id}`,
    before: { roles: before },
    after: { roles },
  });
  console.log(`${email}: now ${roles.join(', ')}`);
} else {
  const user = await createUser(database.db, {
    email,
    login,
    passwordHash: await hashPassword(password),
    lang: DEFAULT_LOCALE,
    cur: defaultCurrency(DEFAULT_LOCALE),
    roles: [role],
  });
  await commandLineAudit(database.db, {
    userId: user.id,
    action: 'user.roles',
    target: `user:${user.id}`,
    after: { roles: [role] },
  });
  console.log(`created ${role} #${user.id} ${user.email} (${user.login})`);
}
await database.close();
