import { execFileSync } from 'node:child_process';
import { type APIRequestContext, expect } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E_DATABASE } from '../../playwright.config.ts';

/** Staff steps the browser suites share: a staff account as an operator makes it, enrolled. */

export const STAFF_PASSWORD = 'correct horse battery';

/** The scripts' environment: the e2e server's SQLite file, even where CI sets DATABASE_URL. */
export const E2E_SCRIPT_ENV = {
  ...process.env,
  DATABASE_URL: '',
  DATABASE_FILE: E2E_DATABASE,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
};

/** An authenticator app's code for a staff secret (RFC 6238: SHA-1, 6 digits, 30 s). */
export const totp = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/** An account made staff as an operator does it: `npm run staff` on the e2e server's database. */
export function makeStaff(email: string, login: string, role: string) {
  execFileSync(
    process.execPath,
    [
      'scripts/create-staff.ts',
      ...['--email', email, '--login', login, '--password', STAFF_PASSWORD, '--role', role],
    ],
    { env: { ...E2E_SCRIPT_ENV } },
  );
}

/** Signs up (`login`@example.com) in this request's browser context; answers the account's id. */
export async function register(request: APIRequestContext, login: string): Promise<number> {
  const response = await request.post('/api/register', {
    data: {
      email: `${login}@example.com`,
      login,
      password: STAFF_PASSWORD,
      password_confirmation: STAFF_PASSWORD,
      lang: 'en',
      cur: 'USD',
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).data.user.id as number;
}

/** Two-factor enrolment through the API: the context then holds a staff session. */
export async function enrolThroughApi(request: APIRequestContext) {
  const enrol = await request.post('/api/staff/totp/enrol');
  expect(enrol.status()).toBeLessThan(300);
  const { secret } = (await enrol.json()).data as { secret: string };
  const confirm = await request.post('/api/staff/totp/confirm', {
    data: { code: totp(secret).generate() },
  });
  expect(confirm.status()).toBeLessThan(300);
}

/** An admin signed in to the console in this request's context (a new account each call). */
export async function adminIn(request: APIRequestContext, login: string) {
  await register(request, login);
  makeStaff(`${login}@example.com`, login, 'ROLE_ADMIN');
  await enrolThroughApi(request);
}
