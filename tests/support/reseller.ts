import request from 'supertest';
import { signUp, type TestApp } from './app.ts';

/**
 * A reseller as the panel API tests need one: a USD account with `balance` minor units, its
 * API key, and `post`, which calls /api/v2 form-encoded as panels' PHP and Python clients do.
 */
export async function reseller(t: TestApp, { balance = 10_000 }: { balance?: number } = {}) {
  const user = await signUp(t.app, { cur: 'USD', lang: 'en' });
  await t.database.db
    .updateTable('users')
    .set({ balance })
    .where('id', '=', user.user.id)
    .execute();
  const auth = `Bearer ${user.token}`;
  const key: string = (await request(t.app).post('/api/user/api-key').set('Authorization', auth))
    .body.data.key;
  const post = (form: Record<string, string>) =>
    request(t.app)
      .post('/api/v2')
      .type('form')
      .send(new URLSearchParams({ key, ...form }).toString());
  return { user, auth, key, post };
}
