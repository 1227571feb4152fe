import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { createApp } from '#server/app.ts';
import { AUTH_MESSAGES as M } from '#shared/auth-rules.ts';
import { createTestAppWith, ENGINES, signUp, type TestApp, UA } from '../support/app.ts';

type App = ReturnType<typeof createApp>;

/** The newest mail in the outbox, decoded enough to read its link. */
function lastMail(outbox: string): string {
  const files = readdirSync(outbox).sort();
  return files.length ? readFileSync(path.join(outbox, files.at(-1)!), 'utf8') : '';
}

const countUsers = async (t: TestApp) =>
  Number(
    (
      await t.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(ENGINES)('auth API on %s', (engine) => {
  let t: TestApp;
  let app: App;
  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { engine });
    app = t.app;
  });
  afterAll(() => t.database.close());

  describe('POST register', () => {
    it('creates the account, answers data.token and sets the httpOnly cookie', async () => {
      const res = await request(app).post('/api/register').send({
        email: 'New.Buyer@Example.com',
        login: 'new.buyer',
        password: 'long enough 1',
        password_confirmation: 'long enough 1',
        lang: 'de',
      });
      expect(res.status).toBe(201);
      expect(res.body.status).toBe('success');
      expect(res.body.data.token).toMatch(/^[\w-]{40,}$/);
      expect(res.body.data.user).toMatchObject({
        email: 'new.buyer@example.com',
        login: 'new.buyer',
        lang: 'de',
        cur: 'USD',
        role: 'user',
        balance: 0,
      });
      expect(res.body.data.user).not.toHaveProperty('password_hash');
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/auth=[\w-]+;/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Max-Age=2592000/);
    });

    it.each([
      [{}, 'email', M.emailRequired],
      [{ email: 'a b@example.com' }, 'email', M.emailInvalid],
      [{ email: 'почта@example.com' }, 'email', M.emailInvalid],
      [{ email: 'me!#@example.com' }, 'email', M.emailInvalid],
      [{ login: 'ab' }, 'login', M.loginTooShort],
      [{ login: 'a'.repeat(33) }, 'login', M.loginTooLong],
      [{ login: '.dotfirst' }, 'login', M.loginPattern],
      [{ login: 'double..dot' }, 'login', M.loginPattern],
      [{ login: 'кириллица' }, 'login', M.loginPattern],
      [{ password: 'short', password_confirmation: 'short' }, 'password', M.passwordTooShort],
      [{ password_confirmation: 'something else' }, 'password_confirmation', M.passwordMismatch],
      // left empty, the repetition is a required field, in the words of the others
      [{ password_confirmation: '' }, 'password_confirmation', M.required],
    ])(
      'refuses %j with the docs/product.md message and changes nothing',
      async (override, field, message) => {
        const before = await countUsers(t);
        const body = {
          email: 'valid@example.com',
          login: 'valid.login',
          password: 'long enough 1',
          password_confirmation: 'long enough 1',
          ...override,
        };
        const res = await request(app)
          .post('/api/register')
          .send(override && Object.keys(override).length ? body : {});
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ status: 'error', statusCode: 400 });
        expect(res.body.errors[field]).toBe(message);
        expect(await countUsers(t)).toBe(before);
      },
    );

    it('refuses a taken e-mail or login with 409', async () => {
      const taken = await signUp(app);
      const sameEmail = await request(app).post('/api/register').send({
        email: taken.email.toUpperCase(),
        login: 'other.login',
        password: 'long enough 1',
        password_confirmation: 'long enough 1',
      });
      expect(sameEmail.status).toBe(409);
      const sameLogin = await request(app).post('/api/register').send({
        email: 'other@example.com',
        login: taken.login,
        password: 'long enough 1',
        password_confirmation: 'long enough 1',
      });
      expect(sameLogin.status).toBe(409);
    });

    it('links the referrer of a known referral code', async () => {
      const referrer = await signUp(app);
      const referred = await signUp(app, {});
      expect(referred.user.refCode).toMatch(/^\w{8}$/);
      const res = await request(app)
        .post('/api/register')
        .set('Cookie', `ref=${referrer.user.refCode}`)
        .send({
          email: 'invited@example.com',
          login: 'invited',
          password: 'long enough 1',
          password_confirmation: 'long enough 1',
        });
      const row = await t.database.db
        .selectFrom('users')
        .select('referrer_id')
        .where('id', '=', res.body.data.user.id)
        .executeTakeFirstOrThrow();
      expect(row.referrer_id).toBe(referrer.user.id);
    });
  });

  describe('POST login/local, GET user, POST logout', () => {
    it('logs in by login or by e-mail', async () => {
      const account = await signUp(app);
      for (const login of [account.login, account.email, account.email.toUpperCase()]) {
        const res = await request(app)
          .post('/api/login/local')
          .send({ login, password: account.password });
        expect(res.status).toBe(200);
        expect(res.body.data.token).toBeTruthy();
      }
    });

    it('refuses a wrong password or an unknown login the same way', async () => {
      const account = await signUp(app);
      const wrong = await request(app)
        .post('/api/login/local')
        .send({ login: account.login, password: 'not the password' });
      const unknown = await request(app)
        .post('/api/login/local')
        .send({ login: 'nobody.here', password: 'whatever123' });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body.message).toBe(unknown.body.message);
      const empty = await request(app).post('/api/login/local').send({ login: '', password: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual({ login: M.loginRequired, password: M.passwordRequired });
    });

    it('answers GET user and GET user/ for a Bearer token and for the cookie', async () => {
      const account = await signUp(app);
      for (const url of ['/api/user', '/api/user/']) {
        const bearer = await request(app).get(url).set('Authorization', `Bearer ${account.token}`);
        expect(bearer.body).toMatchObject({
          status: 'success',
          success: true,
          data: { id: account.user.id },
        });
        const cookie = await request(app).get(url).set('Cookie', account.cookie);
        expect(cookie.body.success).toBe(true);
      }
      const guest = await request(app).get('/api/user');
      expect(guest.body).toEqual({ status: 'success', success: false, data: null });
    });

    it('stops a token from working after logout', async () => {
      const account = await signUp(app);
      const out = await request(app)
        .post('/api/logout')
        .set('Authorization', `Bearer ${account.token}`);
      expect(out.status).toBe(200);
      const after = await request(app)
        .get('/api/user')
        .set('Authorization', `Bearer ${account.token}`);
      expect(after.body.success).toBe(false);
      const cookie = await request(app).post('/api/logout').set('Cookie', account.cookie);
      expect(String(cookie.headers['set-cookie'])).toMatch(/auth=;/);
    });
  });

  describe('POST reset, POST set_password', () => {
    it('answers the same for known and unknown addresses, and mails only the known one', async () => {
      const account = await signUp(app, { lang: 'es' });
      const mailsBefore = readdirSync(t.outbox).length;
      const unknown = await request(app).post('/api/reset').send({ email: 'nobody@example.com' });
      expect(readdirSync(t.outbox).length).toBe(mailsBefore);
      const known = await request(app).post('/api/reset').send({ email: account.email });
      expect(known.status).toBe(unknown.status);
      expect(known.body).toEqual(unknown.body);
      expect(readdirSync(t.outbox).length).toBe(mailsBefore + 1);
      const mail = lastMail(t.outbox);
      expect(mail).toContain(`To: ${account.email}`);
      expect(mail).toMatch(/https:\/\/shop\.test\/es\/reset\/[\w]{24}\//);
      // asked from the English pages, the mail speaks English and its link opens them
      await request(app).post('/api/reset').send({ email: account.email, lang: 'en' });
      const english = lastMail(t.outbox);
      expect(english).toMatch(/https:\/\/shop\.test\/en\/reset\/[\w]{24}\//);
      // "Boostly: set a new password", base64 in the header
      expect(english).toContain(
        `Subject: =?UTF-8?B?${Buffer.from('Boostly: set a new password').toString('base64')}?=`,
      );
    });

    it('promises on the reset pages what the mail carries: a link, not a code to type', () => {
      // the mail above carries a link; each language's reset pages name a link and no code
      const words: Record<string, [link: RegExp, code: RegExp]> = {
        en: [/\blink\b/, /\bcode\b/i],
        de: [/\bLink\b/, /\bCode\b/i],
        es: [/\benlace\b/, /\bc[oó]digo\b/i],
        it: [/\blink\b/, /\bcodice\b/i],
        pt: [/\blink\b/, /\bc[oó]digo\b/i],
        ru: [/ссылк/i, /\sкод/i],
        tr: [/bağlantı/, /\bkod\b/i],
      };
      for (const [locale, [link, code]] of Object.entries(words)) {
        const pages = JSON.parse(readFileSync(`locales/pages/${locale}.json`, 'utf8'));
        for (const key of ['auth.reset.lead', 'auth.resetCode.lead']) {
          expect([locale, key, link.test(pages[key])]).toEqual([locale, key, true]);
          expect([locale, key, code.test(pages[key])]).toEqual([locale, key, false]);
        }
      }
    });

    it('sets a new password once per code, and every older token stops working', async () => {
      const account = await signUp(app);
      await request(app).post('/api/reset').send({ email: account.email });
      const code = /\/reset\/(\w+)\//.exec(lastMail(t.outbox))![1]!;

      const mismatch = await request(app)
        .post('/api/set_password')
        .send({ code, password: 'brand new pass', password_confirmation: 'other' });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.message).toBe(M.passwordMismatch);

      const set = await request(app)
        .post('/api/set_password')
        .send({ code, password: 'brand new pass', password_confirmation: 'brand new pass' });
      expect(set.status).toBe(200);
      expect(set.body.data.token).toBeTruthy();
      const old = await request(app)
        .get('/api/user')
        .set('Authorization', `Bearer ${account.token}`);
      expect(old.body.success).toBe(false);
      const login = await request(app)
        .post('/api/login/local')
        .send({ login: account.login, password: 'brand new pass' });
      expect(login.status).toBe(200);

      const again = await request(app)
        .post('/api/set_password')
        .send({ code, password: 'third password', password_confirmation: 'third password' });
      expect(again.status).toBe(400);
    });

    it('refuses an unknown code', async () => {
      const res = await request(app)
        .post('/api/set_password')
        .send({
          code: 'x'.repeat(24),
          password: 'brand new pass',
          password_confirmation: 'brand new pass',
        });
      expect(res.status).toBe(400);
      expect(res.body.status).toBe('error');
    });
  });

  describe('page access (docs/product.md §2 Redirects, §15 Login)', () => {
    it('sends a logged-in user from a public page to the cabinet in their language, query kept', async () => {
      const account = await signUp(app, { lang: 'it' });
      const res = await request(app)
        .get('/en/tiktok/?utm_source=x')
        .set('Cookie', account.cookie)
        .set('User-Agent', UA.desktop);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/it/cp/?utm_source=x');
    });

    it('lets them stay with fromCp=true or a payment action', async () => {
      const account = await signUp(app);
      for (const query of [
        'fromCp=true',
        'action=PaymentSuccess&payment=1',
        'action=PaymentWaiting',
        'action=PaymentCancel',
      ]) {
        const res = await request(app)
          .get(`/en/?${query}`)
          .set('Cookie', account.cookie)
          .set('User-Agent', UA.desktop);
        expect(res.status).toBe(200);
      }
      const other = await request(app)
        .get('/en/?action=Other')
        .set('Cookie', account.cookie)
        .set('User-Agent', UA.desktop);
      expect(other.status).toBe(302);
    });

    it('sends a guest from a protected page to login, remembering the path', async () => {
      const res = await request(app).get('/de/cp/orders/?page=2').set('User-Agent', UA.desktop);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(
        `/de/login/?redirect=${encodeURIComponent('/de/cp/orders/?page=2')}`,
      );
    });

    it('sends a logged-in user on the login page to the remembered path only when it is safe', async () => {
      const account = await signUp(app, { lang: 'en' });
      const safe = await request(app)
        .get(`/en/login/?redirect=${encodeURIComponent('/en/cp/orders/')}`)
        .set('Cookie', account.cookie);
      expect(safe.headers.location).toBe('/en/cp/orders/');
      const evil = await request(app)
        .get(`/en/login/?redirect=${encodeURIComponent('//evil.example/')}`)
        .set('Cookie', account.cookie);
      expect(evil.headers.location).toBe('/en/cp/');
    });

    it('refuses every known open-redirect form after login', async () => {
      const account = await signUp(app, { lang: 'en' });
      const bypasses = [
        '//evil.example/',
        '/\\evil.example',
        '\\\\evil.example',
        '/%2fevil.example',
        '/%252fevil.example',
        '/%5cevil.example',
        '/%255cevil.example',
        'https://evil.example/',
        'http:evil.example',
        'javascript:alert(1)',
        'data:text/html,hi',
        '///evil.example',
        '/\t/evil.example',
        '/cp/%0d%0aLocation:%20https://evil.example',
        'evil.example',
        '/%09/evil.example',
        '/ /evil.example',
        '/\u2215\u2215evil.example',
      ];
      for (const target of bypasses) {
        const res = await request(app)
          .get(`/en/login/?redirect=${encodeURIComponent(target)}`)
          .set('Cookie', account.cookie);
        expect({ target, location: res.headers.location }).toEqual({ target, location: '/en/cp/' });
      }
    });

    it('keeps seo and proxy accounts out of the cabinet', async () => {
      const account = await signUp(app);
      await t.database.db
        .updateTable('users')
        .set({ roles: JSON.stringify(['ROLE_SEO']) })
        .where('id', '=', account.user.id)
        .execute();
      const res = await request(app)
        .get('/en/cp/')
        .set('Cookie', account.cookie)
        .set('User-Agent', UA.desktop);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/en/');
      const user = await request(app).get('/api/user').set('Cookie', account.cookie);
      expect(user.body.data).toMatchObject({ role: 'seo', noCp: true, isStaff: false });
    });

    it('never serves the cabinet from the page cache to another visitor', async () => {
      const first = await signUp(app, { lang: 'en' });
      const second = await signUp(app, { lang: 'en' });
      const a = await request(app)
        .get('/en/cp/')
        .set('Cookie', first.cookie)
        .set('User-Agent', UA.desktop);
      const b = await request(app)
        .get('/en/cp/')
        .set('Cookie', second.cookie)
        .set('User-Agent', UA.desktop);
      expect(a.text).toContain(first.email);
      expect(b.text).toContain(second.email);
      expect(b.text).not.toContain(first.email);
    });
  });
});

describe('abuse protection', () => {
  it('limits login attempts per address', async () => {
    const t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const attempt = () =>
      request(t.app).post('/api/login/local').send({ login: 'someone', password: 'guess12345' });
    expect((await attempt()).status).toBe(401);
    await attempt();
    await attempt();
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.status).toBe('error');
    expect(limited.headers['retry-after']).toBeDefined();
    await t.database.close();
  });

  it('refuses cookie-carried writes from other sites', async () => {
    const t = await createTestAppWith();
    const account = await signUp(t.app);
    const crossSite = await request(t.app)
      .post('/api/logout')
      .set('Cookie', account.cookie)
      .set('Sec-Fetch-Site', 'cross-site');
    expect(crossSite.status).toBe(403);
    const foreignOrigin = await request(t.app)
      .post('/api/logout')
      .set('Cookie', account.cookie)
      .set('Origin', 'https://evil.example');
    expect(foreignOrigin.status).toBe(403);
    const ours = await request(t.app)
      .post('/api/logout')
      .set('Cookie', account.cookie)
      .set('Origin', 'https://shop.test')
      .set('Sec-Fetch-Site', 'same-origin');
    expect(ours.status).toBe(200);
    await t.database.close();
  });
});
