import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { type Endpoint, methodAndPath } from '#shared/api-contract/endpoint.ts';
import { API, type EndpointKey } from '#shared/api-contract/index.ts';
import { UNKNOWN_FIELD } from '#shared/schemas/auth.schemas.ts';
import { createTestAppWith, signUp, type TestApp } from '../support/app.ts';

/**
 * The API contract (shared/api-contract/) against the server: every call the client makes is
 * a route the server answers and lists in GET endpoints, and every query or body the contract
 * says is checked by a schema is refused by the route when it carries a field the schema does
 * not know.
 */
const KEYS = Object.keys(API) as EndpointKey[];

/** A value for each path param: well formed, so the route itself answers (a 404 of its own). */
const SAMPLE: Record<string, string> = {
  id: 'A1b2C3d4E5f6G7h8I9j0',
  slug: 'no-such-article',
  doc: 'privacy',
  region: 'world',
};

/** The URL of a key, params filled in, and a request of its method. */
function ask(t: TestApp, key: EndpointKey, query = '') {
  const { method, path } = methodAndPath(key);
  const url = `/api/${path.replace(/:(\w+)/g, (_, name: string) => SAMPLE[name] ?? 'x')}${query}`;
  const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return request(t.app)[verb](url);
}

describe('the API contract', () => {
  let t: TestApp;
  let token: string;
  /** an admin signed in to the staff console: the staff calls check their input after the gate */
  let staffCookie: string;
  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    ({ token } = await signUp(t.app));
    const admin = await signUp(t.app);
    await t.database.db
      .updateTable('users')
      .set({ roles: JSON.stringify(['ROLE_ADMIN']) })
      .where('id', '=', admin.user.id)
      .execute();
    const enrol = await request(t.app).post('/api/staff/totp/enrol').set('Cookie', admin.cookie);
    const code = new TOTP({ secret: Secret.fromBase32(enrol.body.data.secret) }).generate();
    const confirmed = await request(t.app)
      .post('/api/staff/totp/confirm')
      .set('Cookie', admin.cookie)
      .send({ code });
    const staff = ([] as string[])
      .concat(confirmed.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith('staff='))!
      .split(';')[0]!;
    staffCookie = `${admin.cookie}; ${staff}`;
  });
  afterAll(() => t.database.close());

  it('names each call once, as METHOD and a path under /api/', () => {
    expect(KEYS.length).toBeGreaterThan(40);
    for (const key of KEYS) expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) [a-z][\w/:.-]*$/i);
  });

  it('lists every call in GET endpoints', async () => {
    const listed: string[] = (await request(t.app).get('/api/endpoints').expect(200)).body.data;
    const missing = KEYS.filter((key) => {
      const { method, path } = methodAndPath(key);
      return !listed.includes(`${method} /api/${path}`);
    });
    expect(missing).toEqual([]);
  });

  it.each(KEYS)('%s is a route the server answers', async (key) => {
    const res = await ask(t, key).send(methodAndPath(key).method === 'GET' ? undefined : {});
    // a 401, a 400 or the route's own 404 ('Order not found') all say the route is there
    expect(res.body.message).not.toBe('This page could not be found');
    expect(res.status).toBeLessThan(500);
  });

  const checked = KEYS.flatMap((key) => {
    const entry: Endpoint = API[key];
    return [
      ...(entry.query?.schema ? [[key, 'query'] as const] : []),
      ...(entry.body?.schema ? [[key, 'body'] as const] : []),
    ];
  });

  it.each(checked)('%s: the route checks its %s with the contract’s schema', async (key, part) => {
    const base = ask(t, key, part === 'query' ? '?zz_unknown=1' : '');
    const asked = key.includes(' staff/')
      ? base.set('Cookie', staffCookie)
      : base.set('Authorization', `Bearer ${token}`);
    const res = await (part === 'body' ? asked.send({ zz_unknown: 1 }) : asked);
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ zz_unknown: UNKNOWN_FIELD });
  });
});
