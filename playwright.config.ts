import { rmSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { SAMPLE_OPERATOR_ENV } from '#server/config.ts';
import { fakeOAuthEnv } from '#tests/support/fake-oauth.ts';

/**
 * Browser tests drive Debian's Chromium (no browser download) against the production build
 * served on a loopback port. `npm run test:e2e` builds first.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_OUTBOX = 'var/e2e-outbox';
/**
 * The browser tests' database: a fresh SQLite file per run (the runner removes the last one
 * before the server starts; its workers, which load this file too, leave it), so a test can
 * give an account a staff role with `npm run staff` as an operator would.
 */
export const E2E_DATABASE = `var/e2e-${PORT}.sqlite`;
if (process.env.TEST_WORKER_INDEX === undefined)
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${E2E_DATABASE}${suffix}`, { force: true });
const OAUTH_PORT = PORT + 1;
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    },
    trace: 'retain-on-failure',
    // the visitors of these tests are in no known country, so GDPR asks consent first: the
    // answer is given (no), so the banner covers nothing; the analytics journey clears it
    storageState: {
      cookies: [
        {
          name: 'consent',
          value: 'denied',
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
  },
  // Russian browsers: '/' stays on ru; the tests switch languages themselves
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined, locale: 'ru-RU' },
    },
  ],
  webServer: [
    {
      // a local OAuth provider speaking the real protocol, for the social login test
      command: 'node tests/support/fake-oauth-server.ts',
      url: `http://127.0.0.1:${OAUTH_PORT}/authorize`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { FAKE_OAUTH_PORT: String(OAUTH_PORT) },
    },
    {
      command: 'node dist/server/main.js',
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        // production refuses the public default secret of the sandbox gateway, and starts only
        // with the operator the legal pages name
        PAYMENT_SANDBOX_SECRET: 'e2e-sandbox-secret-0123456789',
        SECRETS_KEY: '5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e',
        ...SAMPLE_OPERATOR_ENV,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        // a fresh database every run, mails where the tests can read them: the SQLite file, even
        // where CI sets DATABASE_URL and REDIS_URL for the suites of those paths (the runner's
        // environment is passed on, and a shared PostgreSQL keeps accounts of earlier runs)
        DATABASE_URL: '',
        REDIS_URL: '',
        DATABASE_FILE: E2E_DATABASE,
        MAIL_OUTBOX_DIR: E2E_OUTBOX,
        // orders run while a test watches: the worker every second, running orders synced
        // every 2 s, the simulator starting 15 s after an order (time enough to cancel one)
        WORKER_INTERVAL_MS: '1000',
        FULFILMENT_SYNC_MS: '2000',
        SIMULATOR_START_DELAY_MS: '15000',
        // every service at that pace, none ending partial or canceled on its own
        SIMULATOR_SPREAD: 'false',
        // a watched account publishes a post every 2 s; subscriptions look every second
        SIMULATOR_POST_EVERY_MS: '2000',
        SUBSCRIPTION_CHECK_MS: '1000',
        // each service's figures worked out every minute (the least allowed), so the figures
        // of the orders a test writes reach the service pages while it waits
        SERVICE_STATS_EVERY_MS: '60000',
        // a referral bonus of a test order can be asked for (the referral journey)
        WITHDRAW_MIN: 'RUB:1,USD:1,EUR:1',
        // resellers' webhooks reach the test's receiver on loopback (never in production)
        WEBHOOK_ALLOW_PRIVATE: 'true',
        // the staff console's test adds a provider on loopback that is down (never in production)
        PROVIDER_ALLOW_PRIVATE: 'true',
        // every test's browser signs up from 127.0.0.1: a whole suite's accounts within a
        // minute are not one visitor guessing (the limit itself: tests/api/rate-limits.test.ts)
        AUTH_RATE_LIMIT_PER_MINUTE: '200',
        ...fakeOAuthEnv('google', `http://127.0.0.1:${OAUTH_PORT}`),
      },
    },
  ],
});
