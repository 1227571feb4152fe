import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import type { Role } from '#shared/roles.ts';
import { signUp, type TestApp } from './app.ts';

/**
 * The code an authenticator app shows for a staff secret (RFC 6238: SHA-1, 6, 30 s): now, or
 * `steps` time steps later (the server takes one step of drift; a code opens one session, so a
 * second sign-in within the same 30 s needs the next step's code).
 */
export const totpCode = (secret: string, steps = 0) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({ timestamp: Date.now() + steps * 30_000 });

/** The staff cookie (`staff=…`) a Set-Cookie header gives. */
export const staffCookieOf = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((line) => line.startsWith('staff='))!
    .split(';')[0]!;

/** A new account, given `role` when one (as `npm run staff` or an admin does). */
export async function accountWith(t: TestApp, role: Role | null, lang = 'en') {
  const user = await signUp(t.app, { cur: 'USD', lang });
  if (role)
    await t.database.db
      .updateTable('users')
      .set({ roles: JSON.stringify([role]) })
      .where('id', '=', user.user.id)
      .execute();
  return user;
}

/**
 * A staff member of `role`, enrolled in two-factor sign-in and signed in to the console: the
 * cookies (the account's and the staff session's) and the enrolled secret.
 */
export async function staffMember(t: TestApp, role: Role) {
  const user = await accountWith(t, role);
  const enrol = await request(t.app).post('/api/staff/totp/enrol').set('Cookie', user.cookie);
  expect(enrol.status).toBe(200);
  const confirmed = await request(t.app)
    .post('/api/staff/totp/confirm')
    .set('Cookie', user.cookie)
    .send({ code: totpCode(enrol.body.data.secret) });
  expect(confirmed.status).toBe(200);
  return {
    ...user,
    cookie: `${user.cookie}; ${staffCookieOf(confirmed)}`,
    secret: enrol.body.data.secret as string,
    confirmed,
  };
}
