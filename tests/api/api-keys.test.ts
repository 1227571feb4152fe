import request from 'supertest';
import { createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';

/**
 * Reseller API keys (/cp/api/): made and shown once, kept only as a hash, rotated
 * (the old key stops at once) and revoked; a key acts for its user and notes when and from
 * where it was last used.
 */
describe.each(ENGINES)('API keys on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { engine });
  });
  afterAll(() => t.database.close());

  it('are made once, kept hashed, rotated and revoked', async () => {
    const user = await signUp(t.app);
    const call = (method: 'get' | 'post' | 'delete') =>
      request(t.app)[method]('/api/user/api-key').set('Authorization', `Bearer ${user.token}`);
    expect((await call('get').expect(200)).body.data).toBeNull();

    const made = await call('post').expect(201);
    const key: string = made.body.data.key;
    expect(key).toMatch(/^bst_[\w-]{32}$/);
    expect(made.headers['cache-control']).toBe('no-store');
    const view = (await call('get').expect(200)).body.data;
    expect(view).toEqual({
      prefix: key.slice(0, 10),
      created_at: expect.any(String),
      last_used_at: null,
      last_used_ip: null,
    });
    expect(JSON.stringify(view)).not.toContain(key);
    // only a hash is stored
    const rows = await t.database.db.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(key);

    // the key acts for its user, and says where it was used
    expect((await t.services.apiKeys.authenticate(key, '203.0.113.7'))?.id).toBe(user.user.id);
    expect((await call('get')).body.data).toMatchObject({ last_used_ip: '203.0.113.7' });
    expect(await t.services.apiKeys.authenticate(`${key}x`, '203.0.113.7')).toBeNull();
    expect(await t.services.apiKeys.authenticate(42, '203.0.113.7')).toBeNull();

    // a new key: the old one stops at once
    const rotated: string = (await call('post').expect(201)).body.data.key;
    expect(rotated).not.toBe(key);
    expect(await t.services.apiKeys.authenticate(key, '203.0.113.7')).toBeNull();
    expect((await t.services.apiKeys.authenticate(rotated, '203.0.113.7'))?.id).toBe(user.user.id);
    expect((await call('get')).body.data.last_used_at).toEqual(expect.any(String));

    await call('delete').expect(200);
    expect(await t.services.apiKeys.authenticate(rotated, '203.0.113.7')).toBeNull();
    expect((await call('delete').expect(404)).body.message).toBe('There is no API key to revoke');
  });

  it('belong to one user each, and need a logged-in user', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const keyOfA = (
      await request(t.app).post('/api/user/api-key').set('Authorization', `Bearer ${a.token}`)
    ).body.data.key;
    expect(
      (await request(t.app).get('/api/user/api-key').set('Authorization', `Bearer ${b.token}`)).body
        .data,
    ).toBeNull();
    expect((await t.services.apiKeys.authenticate(keyOfA, '::1'))?.id).toBe(a.user.id);
    for (const method of ['get', 'post', 'delete'] as const)
      expect((await request(t.app)[method]('/api/user/api-key')).status).toBe(401);
  });
});
