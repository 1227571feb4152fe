import request from 'supertest';
import { createTestAppWith, type TestApp } from '../support/app.ts';

/** POST unshorten and POST logger (docs/api.md Misc) over HTTP. */
describe('misc calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith({
      UNSHORTEN_RATE_LIMIT_PER_MINUTE: '6',
      CLIENT_LOG_RATE_LIMIT_PER_MINUTE: '3',
    });
  });
  afterAll(() => t.database.close());

  it('unshorten refuses private targets and bad input with a 4xx', async () => {
    const private_ = await request(t.app)
      .post('/api/unshorten')
      .send({ link: 'http://169.254.169.254/latest/meta-data/' });
    expect([private_.status, private_.body.message]).toEqual([
      422,
      'The link leads to a private address',
    ]);
    expect(
      (await request(t.app).post('/api/unshorten').send({ link: 'javascript:x' })).status,
    ).toBe(422);
    expect((await request(t.app).post('/api/unshorten').send({ link: 5 })).status).toBe(400);
    expect((await request(t.app).post('/api/unshorten').send({})).status).toBe(400);
    expect(
      (await request(t.app).post('/api/unshorten').send({ link: 'http://x/', more: 1 })).status,
    ).toBe(400);
    // six a minute per address
    expect(
      (await request(t.app).post('/api/unshorten').send({ link: 'http://[::1]/' })).status,
    ).toBe(422);
    expect(
      (await request(t.app).post('/api/unshorten').send({ link: 'http://[::1]/' })).status,
    ).toBe(429);
  });

  it('logger takes a client error, checks it and limits the rate', async () => {
    const ok = await request(t.app).post('/api/logger').send({
      level: 'error',
      message: 'TypeError: x is undefined',
      stack: 'at f (a.js:1:1)',
      url: '/en/',
    });
    expect(ok.status).toBe(202);
    const refused = await request(t.app)
      .post('/api/logger')
      .send({ message: 'x'.repeat(2001) });
    expect(refused.status).toBe(400);
    const extra = await request(t.app).post('/api/logger').send({ message: 'x', level: 'fatal' });
    expect(extra.status).toBe(400);
    expect((await request(t.app).post('/api/logger').send({ message: 'again' })).status).toBe(429);
  });
});
