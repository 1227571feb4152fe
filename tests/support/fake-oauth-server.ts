/** `node tests/support/fake-oauth-server.ts`: the fake provider on FAKE_OAUTH_PORT (browser tests). */
import { startFakeOAuth } from './fake-oauth.ts';

const port = Number(process.env.FAKE_OAUTH_PORT ?? 3211);
const fake = await startFakeOAuth(
  { subject: 'google-e2e-42', email: process.env.FAKE_OAUTH_EMAIL ?? 'social.e2e@example.com' },
  port,
);
console.warn(`fake OAuth provider on ${fake.url}`);
