import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createClient } from 'redis';
import request from 'supertest';
import { createLimits } from '#server/http/rate-limit.ts';
import { ACCOUNT_LOCKED } from '#server/modules/auth/auth.routes.ts';
import { createTestAppWith, signUp, type TestApp } from '../support/app.ts';

/**
 * Rate limits: login guessing is limited per address and per account (from any
 * address), and with Redis every instance counts together.
 */
describe('login attempts per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith({
      AUTH_RATE_LIMIT_PER_MINUTE: '0',
      AUTH_ACCOUNT_ATTEMPTS_PER_HOUR: '3',
      TRUST_PROXY: 'true',
    });
  });
  afterAll(() => t.database.close());

  const login = (login: string, password: string, ip: string) =>
    request(t.app).post('/api/login/local').set('X-Forwarded-For', ip).send({ login, password });

  it('are limited from any address, and the right password waits too', async () => {
    const user = await signUp(t.app);
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      expect((await login(user.login, 'wrong password 1', ip)).status).toBe(401);
    const locked = await login(user.login.toUpperCase(), user.password, '198.51.100.7');
    expect([locked.status, locked.body.message]).toEqual([429, ACCOUNT_LOCKED]);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // another account is not affected
    const other = await signUp(t.app);
    expect((await login(other.login, other.password, '203.0.113.1')).status).toBe(200);
  });

  it('are lifted by a password reset, under the login and the e-mail alike', async () => {
    const user = await signUp(t.app);
    for (const name of [user.login, user.email])
      for (let attempt = 0; attempt < 3; attempt++)
        expect((await login(name, 'wrong password 1', '203.0.113.20')).status).toBe(401);
    expect((await login(user.login, user.password, '203.0.113.20')).status).toBe(429);
    expect((await login(user.email, user.password, '203.0.113.20')).status).toBe(429);
    await request(t.app).post('/api/reset').send({ email: user.email }).expect(200);
    const files = readdirSync(t.outbox).sort();
    const mail = readFileSync(path.join(t.outbox, files.at(-1)!), 'utf8');
    const code = /\/reset\/(\w+)\//.exec(mail)![1]!;
    await request(t.app)
      .post('/api/set_password')
      .send({ code, password: 'brand new pass', password_confirmation: 'brand new pass' })
      .expect(200);
    expect((await login(user.login, 'brand new pass', '203.0.113.20')).status).toBe(200);
    expect((await login(user.email, 'brand new pass', '203.0.113.20')).status).toBe(200);
  });

  it('forgive the failures on a success', async () => {
    const user = await signUp(t.app);
    for (let round = 0; round < 2; round++) {
      expect((await login(user.login, 'wrong password 1', '203.0.113.9')).status).toBe(401);
      expect((await login(user.login, 'wrong password 1', '203.0.113.9')).status).toBe(401);
      expect((await login(user.login, user.password, '203.0.113.9')).status).toBe(200);
    }
  });
});

const REDIS_URL = process.env.REDIS_URL;
(REDIS_URL ? describe : describe.skip)('limits shared through Redis', () => {
  it('count the attempts of every instance together', async () => {
    const prefix = `test-limits-${process.pid}-${Date.now()}`;
    const clients = [createClient({ url: REDIS_URL }), createClient({ url: REDIS_URL })];
    await Promise.all(clients.map((client) => client.connect()));
    const env = { AUTH_RATE_LIMIT_PER_MINUTE: '4' };
    const [a, b] = await Promise.all(
      clients.map((client) => createTestAppWith(env, { limits: createLimits(client, prefix) })),
    );
    try {
      const attempt = (t: TestApp) =>
        request(t.app).post('/api/login/local').send({ login: 'nobody', password: 'guess 1234' });
      for (const t of [a!, b!, a!, b!]) expect((await attempt(t)).status).toBe(401);
      expect((await attempt(a!)).status).toBe(429);
      expect((await attempt(b!)).status).toBe(429);
    } finally {
      await Promise.all(clients.map((client) => client.quit()));
      await Promise.all([a!, b!].map((t) => t.database.close()));
    }
  });
});

describe('limits without Redis', () => {
  it('count per instance', async () => {
    const env = { AUTH_RATE_LIMIT_PER_MINUTE: '2' };
    const a = await createTestAppWith(env);
    const b = await createTestAppWith(env);
    const attempt = (t: TestApp) =>
      request(t.app).post('/api/login/local').send({ login: 'nobody', password: 'guess 1234' });
    for (const t of [a, b, a, b]) expect((await attempt(t)).status).toBe(401);
    expect((await attempt(a)).status).toBe(429);
    await Promise.all([a, b].map((t) => t.database.close()));
  });
});
