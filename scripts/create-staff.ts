/**
 * `npm run staff -- --email a@b.c --login admin1 --password '…' [--role ROLE_ADMIN]`
 * Creates a staff account (or gives an existing one the role) in the configured database.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { hashPassword } from '../server/modules/auth/passwords.ts';
import { findUserByEmail, updateUser } from '../server/modules/users/users.repository.ts';
import { createUser } from '../server/modules/users/users.service.ts';
import { emailProblem, loginProblem, passwordProblem } from '../shared/auth-rules.ts';
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

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, file: config.databaseFile });
await migrateToLatest(database.db);
const existing = await findUserByEmail(database.db, email);
if (existing) {
  const roles = new Set<string>(JSON.parse(existing.roles) as string[]);
  roles.add(role);
  await updateUser(database.db, existing.id, {
    roles: JSON.stringify([...roles]),
    updated_at: new Date().toISOString(),
  });
  console.log(`${email}: now ${[...roles].join(', ')}`);
} else {
  const user = await createUser(database.db, {
    email,
    login,
    passwordHash: await hashPassword(password),
    lang: 'ru',
    cur: 'RUB',
    roles: [role],
  });
  console.log(`created ${role} #${user.id} ${user.email} (${user.login})`);
}
await database.close();
