import request from 'supertest';
import { countRows, createTestAppWith, ENGINES, signUp, type TestApp, UA } from '../support/app.ts';
import { type FakeOAuth, fakeOAuthEnv, startFakeOAuth } from '../support/fake-oauth.ts';

/** Cookies of a response as a Cookie header (name=value pairs). */
const cookiesOf = (res: request.Response, previous = ''): string => {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
  for (const line of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
    const [pair = ''] = line.split(';');
    const [name = '', ...value] = pair.split('=');
    if (value.join('=') === '') jar.delete(name);
    else jar.set(name, value.join('='));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
};

const countUsers = (t: TestApp) => countRows(t.database.db, 'users');

/** Walks the whole code flow: our start → the provider's consent → our callback. */
async function socialFlow(t: TestApp, provider: 'vk' | 'google', lang = 'en', cookie = '') {
  const start = await request(t.app).get(`/api/slogin/${provider}?lang=${lang}`);
  expect(start.status).toBe(302);
  const consent = await fetch(start.headers.location!, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get('location')!);
  let jar = cookiesOf(start, cookie);
  const back = await request(t.app)
    .get(`${callback.pathname}${callback.search}`)
    .set('Cookie', jar);
  jar = cookiesOf(back, jar);
  return { start, back, jar };
}

describe.each(['google', 'vk'] as const)('social login through %s', (provider) => {
  let fake: FakeOAuth;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOAuth({
      subject: `${provider}-777`,
      email: `${provider}.fan@example.com`,
    });
    t = await createTestAppWith(fakeOAuthEnv(provider, fake.url));
  });
  afterAll(async () => {
    await fake.close();
    await t.database.close();
  });

  it('sends the visitor to the provider with state and a PKCE challenge', async () => {
    const start = await request(t.app).get(`/api/slogin/${provider}?lang=de`);
    const url = new URL(start.headers.location!);
    expect(url.origin).toBe(fake.url);
    expect(url.searchParams.get('redirect_uri')).toBe(
      `https://shop.test/api/slogin/${provider}/callback`,
    );
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
  });

  it('creates the account, hands the token over in the Bearer cookie and then as data.token', async () => {
    const { back, jar } = await socialFlow(t, provider, 'en');
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe('/en/login/?done=1');
    expect(jar).toMatch(/slogin=Bearer%20/);

    const trade = await request(t.app).post('/api/slogin/auth').set('Cookie', jar);
    expect(trade.status).toBe(200);
    expect(trade.body.data.token).toBeTruthy();
    expect(trade.body.data.user.email).toBe(`${provider}.fan@example.com`);
    expect(String(trade.headers['set-cookie'])).toMatch(/auth=[\w-]+/);
    const me = await request(t.app)
      .get('/api/user')
      .set('Authorization', `Bearer ${trade.body.data.token}`);
    expect(me.body.success).toBe(true);
  });

  it('finds the same account the next time, by the linked identity', async () => {
    const first = await socialFlow(t, provider);
    const firstUser = (await request(t.app).post('/api/slogin/auth').set('Cookie', first.jar)).body
      .data.user;
    const second = await socialFlow(t, provider);
    const secondUser = (await request(t.app).post('/api/slogin/auth').set('Cookie', second.jar))
      .body.data.user;
    expect(secondUser.id).toBe(firstUser.id);
  });

  it('fails with the documented redirect when the provider answers null', async () => {
    for (const broken of ['token', 'userinfo'] as const) {
      fake.answersNull = broken;
      try {
        const { back } = await socialFlow(t, provider, 'de');
        expect([broken, back.status, back.headers.location]).toEqual([
          broken,
          302,
          '/de/login/?error=social',
        ]);
      } finally {
        fake.answersNull = null;
      }
    }
  });

  it('resets the strategy on a forged state and says so on the page', async () => {
    const start = await request(t.app).get(`/api/slogin/${provider}?lang=en`);
    const jar = cookiesOf(start);
    const back = await request(t.app)
      .get(`/api/slogin/${provider}/callback?code=whatever&state=forged`)
      .set('Cookie', jar);
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe('/en/login/?error=social');
    expect(String(back.headers['set-cookie'])).toMatch(/oauth_flow=;/);
    const page = await request(t.app).get('/en/login/?error=social').set('User-Agent', UA.desktop);
    expect(page.text).toContain('We could not sign you in with this network');
  });

  it('refuses a missing or bad social token and drops the cookie', async () => {
    const res = await request(t.app)
      .post('/api/slogin/auth')
      .set('Cookie', 'slogin=Bearer%20nonsense');
    expect(res.status).toBe(401);
    expect(String(res.headers['set-cookie'])).toMatch(/slogin=;/);
  });
});

describe('a first social login after a referral link', () => {
  it('makes the new account the link owner’s referral, at discount level 2', async () => {
    const fake = await startFakeOAuth({ subject: 'google-ref-1', email: 'ref.fan@example.com' });
    const t = await createTestAppWith({
      ...fakeOAuthEnv('google', fake.url),
      AUTH_RATE_LIMIT_PER_MINUTE: '100',
    });
    try {
      const referrer = await signUp(t.app);
      const { jar } = await socialFlow(t, 'google', 'en', `ref=${referrer.user.refCode}`);
      const trade = await request(t.app).post('/api/slogin/auth').set('Cookie', jar).expect(200);
      const row = await t.database.db
        .selectFrom('users')
        .select(['referrer_id', 'discount_level'])
        .where('id', '=', trade.body.data.user.id)
        .executeTakeFirstOrThrow();
      expect(row.referrer_id).toBe(referrer.user.id);
      expect(Number(row.discount_level)).toBe(2);
    } finally {
      await fake.close();
      await t.database.close();
    }
  });
});

describe('social login when a provider is not configured', () => {
  it('sends the visitor back to /login/ with an error', async () => {
    const t = await createTestAppWith();
    const res = await request(t.app).get('/api/slogin/google?lang=tr');
    expect(res.headers.location).toBe('/tr/login/?error=social');
    await t.database.close();
  });
});

describe.each(ENGINES)('a provider answering a profile it should not, on %s', (engine) => {
  it('with a NUL byte in its id: the documented failure, no account (never a 500)', async () => {
    const fake = await startFakeOAuth({ subject: 'nul\u0000id', email: 'nul@example.com' });
    const t = await createTestAppWith(fakeOAuthEnv('google', fake.url), { engine });
    try {
      const before = await countUsers(t);
      const { back } = await socialFlow(t, 'google');
      expect([back.status, back.headers.location]).toEqual([302, '/en/login/?error=social']);
      expect(await countUsers(t)).toBe(before);
    } finally {
      await fake.close();
      await t.database.close();
    }
  });

  it('with a NUL byte in its e-mail: signed in, the e-mail taken as none', async () => {
    const fake = await startFakeOAuth({
      subject: `mail-nul-${engine}`,
      email: 'a\u0000@b.example',
    });
    const t = await createTestAppWith(fakeOAuthEnv('google', fake.url), { engine });
    try {
      const { back } = await socialFlow(t, 'google');
      expect([back.status, back.headers.location]).toEqual([302, '/en/login/?done=1']);
    } finally {
      await fake.close();
      await t.database.close();
    }
  });
});

describe.each(ENGINES)('first social logins of one new person at once on %s', (engine) => {
  it('make one account, and every login gets it', async () => {
    const fake = await startFakeOAuth({
      subject: `race-${engine}`,
      email: `race.${engine}@example.com`,
    });
    const t = await createTestAppWith(fakeOAuthEnv('google', fake.url), { engine });
    try {
      const before = await countUsers(t);
      // the provider answers all six at once, so the callbacks look the person up together
      fake.together = 6;
      const flows = await Promise.all(Array.from({ length: 6 }, () => socialFlow(t, 'google')));
      for (const { back } of flows) expect(back.headers.location).toBe('/en/login/?done=1');
      const users = await Promise.all(
        flows.map(
          async ({ jar }) =>
            (await request(t.app).post('/api/slogin/auth').set('Cookie', jar)).body.data.user.id,
        ),
      );
      expect(new Set(users).size).toBe(1);
      // and at the service itself, where they surely meet: rounds of 12 new people
      for (let round = 1; round <= 3; round++) {
        const profile = {
          subject: `r${round}-${engine}`,
          email: `r${round}.${engine}@example.com`,
        };
        const logins = await Promise.all(
          Array.from({ length: 12 }, () => t.services.auth.socialLogin('google', profile, 'en')),
        );
        expect(new Set(logins.map((login) => login.user.id)).size).toBe(1);
      }
      expect((await countUsers(t)) - before).toBe(4);
    } finally {
      await fake.close();
      await t.database.close();
    }
  });
});
