import request from 'supertest';
import type { createApp } from '#server/app.ts';
import { ledger } from '#server/modules/ledger/ledger.service.ts';
import { AUTH_MESSAGES as M } from '#shared/auth-rules.ts';
import { PROFILE_MESSAGES as P } from '#shared/schemas/profile.schemas.ts';
import { createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';

/**
 * /cp/profile/: PATCH user (login, e-mail, language, currency), POST user/password
 * (revokes the other tokens, keeps this one) and POST user/delete (a recorded request).
 */
type App = ReturnType<typeof createApp>;
type Account = Awaited<ReturnType<typeof signUp>>;

const bearer = (account: { token: string }) => ({ Authorization: `Bearer ${account.token}` });
const me = (app: App, token: string) =>
  request(app).get('/api/user').set('Authorization', `Bearer ${token}`);

describe.each(ENGINES)('profile API on %s', (engine) => {
  let t: TestApp;
  let app: App;
  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { engine });
    app = t.app;
  });
  afterAll(() => t.database.close());

  const row = (account: Account) =>
    t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', account.user.id)
      .executeTakeFirstOrThrow();

  const credit = (account: Account, amount: number) =>
    t.database.db
      .transaction()
      .execute((trx) =>
        ledger.credit(trx, { userId: account.user.id, amount, at: new Date().toISOString() }),
      );

  const logIn = (login: string, password: string) =>
    request(app).post('/api/login/local').send({ login, password });

  describe('without a user', () => {
    it.each([
      ['patch', '/api/user'],
      ['post', '/api/user/password'],
      ['post', '/api/user/delete'],
    ] as const)('%s %s answers 401 and changes nothing', async (method, path) => {
      const res = await request(app)[method](path).send({ lang: 'de' });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: 'error', statusCode: 401 });
    });

    it('a revoked token is no user', async () => {
      const account = await signUp(app);
      await request(app).post('/api/logout').set(bearer(account));
      const res = await request(app).patch('/api/user').set(bearer(account)).send({ lang: 'de' });
      expect(res.status).toBe(401);
      expect((await row(account)).lang).toBe('ru');
    });
  });

  describe('PATCH user', () => {
    it('changes the login (stored lowercased) and answers the user', async () => {
      const account = await signUp(app);
      const res = await request(app)
        .patch('/api/user')
        .set(bearer(account))
        .send({ login: `New.Name-${account.user.id}` });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'success',
        data: { id: account.user.id, login: `new.name-${account.user.id}`, email: account.email },
      });
      expect(res.body.data).not.toHaveProperty('password_hash');
      expect((await logIn(`new.name-${account.user.id}`, account.password)).status).toBe(200);
    });

    it('changes the e-mail with the current password, and the new one logs in', async () => {
      const account = await signUp(app);
      const res = await request(app)
        .patch('/api/user')
        .set('Cookie', account.cookie)
        .send({ email: `Moved.${account.user.id}@Example.com`, password: account.password });
      expect(res.status).toBe(200);
      expect(res.body.data.email).toBe(`moved.${account.user.id}@example.com`);
      expect((await logIn(`moved.${account.user.id}@example.com`, account.password)).status).toBe(
        200,
      );
    });

    it('asks for the password before a new e-mail, and refuses a wrong one', async () => {
      const account = await signUp(app);
      const email = `other.${account.user.id}@example.com`;
      const missing = await request(app).patch('/api/user').set(bearer(account)).send({ email });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({ password: M.passwordRequired });
      const wrong = await request(app)
        .patch('/api/user')
        .set(bearer(account))
        .send({ email, password: 'not the password' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        message: P.passwordWrong,
        errors: { password: P.passwordWrong },
      });
      expect((await row(account)).email).toBe(account.email);
    });

    it('changes the language and sets the locale cookie for the next page', async () => {
      const account = await signUp(app, { lang: 'en' });
      const res = await request(app).patch('/api/user').set(bearer(account)).send({ lang: 'de' });
      expect(res.status).toBe(200);
      expect(res.body.data.lang).toBe('de');
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/locale=de;/);
      expect(cookie).toMatch(/Max-Age=31536000/);
      expect((await row(account)).lang).toBe('de');
    });

    it('changes the currency while the balance is zero and keeps the discount level', async () => {
      const account = await signUp(app, { cur: 'RUB' });
      await t.database.db
        .updateTable('users')
        .set({ discount_level: 3 })
        .where('id', '=', account.user.id)
        .execute();
      const res = await request(app).patch('/api/user').set(bearer(account)).send({ cur: 'EUR' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ cur: 'EUR', balance: 0, discountLevel: 3 });
      const user = await me(app, account.token);
      expect(user.body.data).toMatchObject({ cur: 'EUR', discountLevel: 3 });
    });

    it('changes several fields at once', async () => {
      const account = await signUp(app, { lang: 'ru', cur: 'RUB' });
      const res = await request(app)
        .patch('/api/user')
        .set(bearer(account))
        .send({ login: `many${account.user.id}`, lang: 'tr', cur: 'USD' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        login: `many${account.user.id}`,
        lang: 'tr',
        cur: 'USD',
      });
    });

    it('refuses the currency while the balance is not zero, and nothing changes', async () => {
      const account = await signUp(app, { cur: 'RUB', lang: 'ru' });
      await credit(account, 15_000);
      const res = await request(app)
        .patch('/api/user')
        .set(bearer(account))
        .send({ cur: 'USD', lang: 'en' });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ status: 'error', message: P.curNotZero, statusCode: 409 });
      const after = await row(account);
      expect(after).toMatchObject({ cur: 'RUB', lang: 'ru' });
      expect(Number(after.balance)).toBe(15_000);
      // the same currency again is no change, so it passes with the rest
      const same = await request(app)
        .patch('/api/user')
        .set(bearer(account))
        .send({ cur: 'RUB', lang: 'en' });
      expect(same.status).toBe(200);
      expect(same.body.data).toMatchObject({ cur: 'RUB', lang: 'en', balance: 15_000 });
    });

    it('refuses the currency while an order may still refund in the old one', async () => {
      const account = await signUp(app, { cur: 'RUB' });
      const order = await request(app).post('/api/c_orders/main').set(bearer(account)).send({
        tag: 'INSTAGRAM_LIKES',
        link: 'https://www.instagram.com/p/C1a2B3c4D5e/',
        quantity: 1_000,
        method: 3,
      });
      expect(order.status).toBe(201);
      const res = await request(app).patch('/api/user').set(bearer(account)).send({ cur: 'USD' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(P.curOrdersOpen);
      expect((await row(account)).cur).toBe('RUB');
    });

    it('refuses the currency while a top-up waits for the bank (it would land unconverted)', async () => {
      const account = await signUp(app, { cur: 'RUB' });
      const deposit = await request(app)
        .post('/api/deposit')
        .set(bearer(account))
        .send({ amount: 50_000, method: 3 });
      expect(deposit.status).toBe(201);
      const res = await request(app).patch('/api/user').set(bearer(account)).send({ cur: 'USD' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(P.curTopUpWaiting);
      expect((await row(account)).cur).toBe('RUB');
    });

    it('a login or e-mail of another account is taken, in any case', async () => {
      const first = await signUp(app);
      const second = await signUp(app);
      const login = await request(app)
        .patch('/api/user')
        .set(bearer(second))
        .send({ login: first.login.toUpperCase() });
      expect(login.status).toBe(409);
      expect(login.body.message).toBe('This login is already taken');
      const email = await request(app)
        .patch('/api/user')
        .set(bearer(second))
        .send({ email: first.email.toUpperCase(), password: second.password });
      expect(email.status).toBe(409);
      expect(email.body.message).toBe('This email is already registered');
      expect(await row(second)).toMatchObject({ login: second.login, email: second.email });
      // one's own login in another case is no clash
      const own = await request(app)
        .patch('/api/user')
        .set(bearer(second))
        .send({ login: second.login.toUpperCase() });
      expect(own.status).toBe(200);
      expect(own.body.data.login).toBe(second.login);
    });

    it.each([
      ['an unknown field', { nickname: 'x' }, { nickname: 'This field is not expected' }],
      ['a bad e-mail', { email: 'имя@пример.рф', password: 'x' }, { email: M.emailInvalid }],
      ['an e-mail with a space', { email: 'a b@example.com' }, { email: M.emailInvalid }],
      ['a login with a double dot', { login: 'bad..login' }, { login: M.loginPattern }],
      ['a login ending in a dash', { login: 'bad-' }, { login: M.loginPattern }],
      ['a short login', { login: 'ab' }, { login: M.loginTooShort }],
      ['a login of another type', { login: 12345 }, { login: M.loginRequired }],
      ['a language we do not have', { lang: 'fr' }, { lang: P.langInvalid }],
      ['a language of another type', { lang: 7 }, { lang: P.langInvalid }],
      ['a currency we do not sell in', { cur: 'GBP' }, { cur: P.curInvalid }],
      ['nothing to change', {}, { _: P.nothingToChange }],
    ])('refuses %s with a 400 naming the field', async (_name, body, errors) => {
      const account = await signUp(app);
      const before = await row(account);
      const res = await request(app).patch('/api/user').set(bearer(account)).send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 'error', statusCode: 400 });
      expect(res.body.errors).toMatchObject(errors);
      expect(await row(account)).toEqual(before);
    });

    it('refuses a body that is not an object', async () => {
      const account = await signUp(app);
      const res = await request(app)
        .patch('/api/user')
        .set(bearer(account))
        .set('Content-Type', 'application/json')
        .send('["de"]');
      expect(res.status).toBe(400);
    });

    it('refuses a cookie-carried change from another site', async () => {
      const account = await signUp(app);
      const res = await request(app)
        .patch('/api/user')
        .set('Cookie', account.cookie)
        .set('Origin', 'https://evil.example')
        .send({ lang: 'de' });
      expect(res.status).toBe(403);
      expect((await row(account)).lang).toBe('ru');
    });
  });

  describe('POST user/password', () => {
    const change = (account: Account, body: object, token = account.token) =>
      request(app).post('/api/user/password').set('Authorization', `Bearer ${token}`).send(body);

    it('revokes every other token, keeps this one, and the new password logs in', async () => {
      const account = await signUp(app);
      const other = (await logIn(account.login, account.password)).body.data.token as string;
      expect((await me(app, other)).body.success).toBe(true);

      const res = await change(account, {
        current_password: account.password,
        password: 'a brand new password',
        password_confirmation: 'a brand new password',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'success',
        data: { user: { id: account.user.id, email: account.email } },
      });
      expect((await me(app, account.token)).body).toMatchObject({
        success: true,
        data: { id: account.user.id },
      });
      expect((await me(app, other)).body).toMatchObject({ success: false, data: null });
      expect((await logIn(account.login, account.password)).status).toBe(401);
      expect((await logIn(account.login, 'a brand new password')).status).toBe(200);
    });

    it('keeps the cookie session that asked, too', async () => {
      const account = await signUp(app);
      const other = (await logIn(account.login, account.password)).body.data.token as string;
      const res = await request(app).post('/api/user/password').set('Cookie', account.cookie).send({
        current_password: account.password,
        password: 'cookie side password',
        password_confirmation: 'cookie side password',
      });
      expect(res.status).toBe(200);
      const still = await request(app).get('/api/user').set('Cookie', account.cookie);
      expect(still.body.success).toBe(true);
      expect((await me(app, other)).body.success).toBe(false);
    });

    it('a wrong current password is a field error and changes nothing', async () => {
      const account = await signUp(app);
      const other = (await logIn(account.login, account.password)).body.data.token as string;
      const res = await change(account, {
        current_password: 'not my password',
        password: 'another password 1',
        password_confirmation: 'another password 1',
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ current_password: P.passwordWrong });
      expect((await me(app, other)).body.success).toBe(true);
      expect((await logIn(account.login, account.password)).status).toBe(200);
    });

    it.each([
      [
        'a missing current password',
        { password: 'another password 1', password_confirmation: 'another password 1' },
        { current_password: M.passwordRequired },
      ],
      [
        'a repetition that differs',
        {
          current_password: 'whatever',
          password: 'another password 1',
          password_confirmation: 'another password 2',
        },
        { password_confirmation: M.passwordMismatch },
      ],
      [
        'a short new password',
        { current_password: 'whatever', password: 'short', password_confirmation: 'short' },
        { password: M.passwordTooShort },
      ],
      [
        'an unknown field',
        {
          current_password: 'x',
          password: 'another password 1',
          password_confirmation: 'another password 1',
          token: 'x',
        },
        { token: 'This field is not expected' },
      ],
      ['a password of another type', { password: 12345678 }, { password: M.passwordRequired }],
    ])('refuses %s with a 400', async (_name, body, errors) => {
      const account = await signUp(app);
      const res = await change(account, body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toMatchObject(errors);
      expect((await logIn(account.login, account.password)).status).toBe(200);
    });

    it('an account made by social login sets its first password without a current one', async () => {
      const { token, user } = await t.services.auth.socialLogin(
        'google',
        { subject: `g-${Date.now()}`, email: `social.${Date.now()}@example.com` },
        'en',
      );
      const res = await request(app)
        .post('/api/user/password')
        .set('Authorization', `Bearer ${token}`)
        .send({ password: 'first own password', password_confirmation: 'first own password' });
      expect(res.status).toBe(200);
      expect((await logIn(user.email, 'first own password')).status).toBe(200);
      // from now on the password is asked for
      const again = await request(app)
        .post('/api/user/password')
        .set('Authorization', `Bearer ${token}`)
        .send({ password: 'second own password', password_confirmation: 'second own password' });
      expect(again.status).toBe(400);
      expect(again.body.errors).toEqual({ current_password: M.passwordRequired });
    });
  });

  describe('POST user/delete', () => {
    const requests = (account: Account) =>
      t.database.db
        .selectFrom('account_deletion_requests')
        .selectAll()
        .where('user_id', '=', account.user.id)
        .execute();

    it('records the request, logs out everywhere and answers 202', async () => {
      const account = await signUp(app);
      const other = (await logIn(account.login, account.password)).body.data.token as string;
      const res = await request(app)
        .post('/api/user/delete')
        .set('Cookie', account.cookie)
        .send({ password: account.password, reason: '  Not needed any more ' });
      expect(res.status).toBe(202);
      expect(res.body.status).toBe('success');
      expect(res.body.data.requested_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(String(res.headers['set-cookie'])).toMatch(/auth=;/);
      expect(await requests(account)).toEqual([
        expect.objectContaining({
          email: account.email,
          reason: 'Not needed any more',
          status: 'pending',
          requested_at: res.body.data.requested_at,
          handled_at: null,
        }),
      ]);
      expect((await me(app, account.token)).body.success).toBe(false);
      expect((await me(app, other)).body.success).toBe(false);
    });

    it('a second request while one is pending answers the first one', async () => {
      const account = await signUp(app);
      const first = await request(app)
        .post('/api/user/delete')
        .set(bearer(account))
        .send({ password: account.password });
      const token = (await logIn(account.login, account.password)).body.data.token as string;
      const second = await request(app)
        .post('/api/user/delete')
        .set('Authorization', `Bearer ${token}`)
        .send({ password: account.password });
      expect(second.status).toBe(202);
      expect(second.body.data.requested_at).toBe(first.body.data.requested_at);
      expect(await requests(account)).toHaveLength(1);
    });

    it('is refused while the balance holds money, and the session goes on', async () => {
      const account = await signUp(app);
      await credit(account, 100);
      const res = await request(app)
        .post('/api/user/delete')
        .set(bearer(account))
        .send({ password: account.password });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(P.deleteNotZero);
      expect(await requests(account)).toEqual([]);
      expect((await me(app, account.token)).body.success).toBe(true);
    });

    it.each([
      ['no password', {}, { password: M.passwordRequired }],
      ['a wrong password', { password: 'not mine at all' }, { password: P.passwordWrong }],
      [
        'a reason too long',
        { password: 'x', reason: 'x'.repeat(1001) },
        { reason: P.reasonTooLong },
      ],
      ['an unknown field', { password: 'x', now: true }, { now: 'This field is not expected' }],
    ])('refuses %s with a 400 and records nothing', async (_name, body, errors) => {
      const account = await signUp(app);
      const res = await request(app).post('/api/user/delete').set(bearer(account)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toMatchObject(errors);
      expect(await requests(account)).toEqual([]);
      expect((await me(app, account.token)).body.success).toBe(true);
    });
  });
});
