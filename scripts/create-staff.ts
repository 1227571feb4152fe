/**
 * `npm run staff -- --email a@b.c --login admin1 --password '…' [--role ROLE_ADMIN]`
 * Creates a staff account (or gives an existing one the role) in the configured database.
 */
import { parseArgs } from 'node:util';
import { bootstrap } from '../server/bootstrap.ts';
import { hashPassword } from '../server/modules/auth/passwords.ts';
import { accountByEmail, createUser, grantRole } from '../server/modules/users/users.service.ts';
import { emailProblem, loginProblem, passwordProblem } from '../shared/auth-rules.ts';
import { DEFAULT_LOCALE } from '../shared/locales.ts';
import { defaultCurrency } from '../shared/regions.ts';
import { isRole, ROLES } from '../shared/roles.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    login: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'ROLE_ADMIN' },
  },
});

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

const email = values.email?.trim() ?? '';
const login = values.login?.trim() ?? '';
const password = values.password ?? '';
const role = values.role ?? 'ROLE_ADMIN';
if (!isRole(role)) fail(`--role must be one of ${ROLES.join(', ')}`);
const problem = emailProblem(email) ?? loginProblem(login) ?? passwordProblem(password);
if (problem) fail(`Invalid input: ${problem} (usage: --email --login --password [--role])`);

const { database } = await bootstrap({
  env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  seed: false,
});
const existing = await accountByEmail(database.db, email);
if (existing) {
  const roles = await grantRole(database.db, existing, role, new Date().toISOString());
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
  console.log(`created ${role} #${user.id} ${user.email} (${user.login})`);
}
await database.close();
