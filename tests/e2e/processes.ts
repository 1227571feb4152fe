import { type ChildProcess, spawn } from 'node:child_process';
import pg from 'pg';
import { SAMPLE_OPERATOR_ENV } from '#server/config.ts';

/**
 * Web and worker processes of the built app for the multi-instance suites, each on a
 * PostgreSQL database of its own (made and dropped by the suite) and apart on Redis.
 */
export const DATABASE_URL = process.env.DATABASE_URL;
export const REDIS_URL = process.env.REDIS_URL;

export function databaseUrl(name: string): string {
  const url = new URL(DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export const createDatabase = (name: string) => admin(`CREATE DATABASE ${name}`);
export const dropDatabase = (name: string) => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);

/** Starts `node <args>` in production mode on the suite's database and Redis channel. */
export function spawnProcess(
  args: string[],
  {
    database,
    channelKey,
    env,
  }: { database: string; channelKey: string; env: Record<string, string> },
): ChildProcess {
  return spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // production refuses the public default; any long string serves a test's sandbox
      PAYMENT_SANDBOX_SECRET: 'test-sandbox-secret-0123456789',
      SECRETS_KEY: '5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e',
      // and the operator the legal pages name
      ...SAMPLE_OPERATOR_ENV,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl(database),
      REDIS_URL: REDIS_URL!,
      // apart from any other deployment (or test server) on the same Redis
      LIVE_CHANNEL_KEY: channelKey,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
